import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const basketCount = async () => Number((await t.db.dataSource.query('SELECT count(*) AS n FROM baskets'))[0].n);

function expectFailure(body: Record<string, unknown>, code: number) {
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(js|ts):\d+/);
}

describe('the HTTP edge', () => {
  it('refuses data calls without X-Requested-With', async () => {
    const response = await t.http().get('/data/catalogue/');
    expect(response.status).toBe(403);
    expectFailure(response.body, 800003);
  });

  it('answers malformed JSON with a catalogued 400 and stores nothing', async () => {
    const response = await t.http().post('/data/basket/lines/').set(XHR).set('Content-Type', 'application/json').send('{"product_suite_reference": ');
    expect(response.status).toBe(400);
    expectFailure(response.body, 800001);
    expect(await basketCount()).toBe(0);
  });

  it('answers an oversized body with 413', async () => {
    const response = await t
      .http()
      .post('/data/basket/lines/')
      .set(XHR)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ product_suite_reference: 'photo-2', padding: 'x'.repeat(200_000) }));
    expect(response.status).toBe(413);
    expectFailure(response.body, 800002);
    expect(await basketCount()).toBe(0);
  });

  it('answers unknown routes with a catalogued 404', async () => {
    for (const path of ['/data/nothing-here/', '/api/nothing', '/health/sideways']) {
      const response = await t.http().get(path).set(XHR).set('Accept', 'application/json');
      expect(response.status).toBe(404);
      expectFailure(response.body, 404);
    }
  });

  it('answers an unknown basket reference with the basket code', async () => {
    const response = await t.http().get('/data/baskets/no-such-basket').set(XHR);
    expect(response.status).toBe(404);
    expectFailure(response.body, 200404);
    const session = await t.http().get('/data/session/?basket_ref=no-such-basket').set(XHR);
    expect(session.status).toBe(404);
    expectFailure(session.body, 200404);
  });

  it('refuses unknown and malformed fields, naming them, and stores nothing', async () => {
    const response = await t
      .http()
      .post('/data/basket/lines/')
      .set(XHR)
      .send({ product_suite_reference: 'photo-2', quantity: 3, locale: 'xx-yy' });
    expect(response.status).toBe(400);
    expectFailure(response.body, 100100);
    expect(Object.keys(response.body.fields).sort()).toEqual(['locale', 'quantity']);
    const badReference = await t.http().get('/data/baskets/has%20space').set(XHR);
    expect(badReference.status).toBe(400);
    expectFailure(badReference.body, 100100);
    expect(await basketCount()).toBe(0);
  });

  it('tags every response with a request id, keeping a well-formed one from the caller', async () => {
    const fresh = await t.http().get('/health/live');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.http().get('/data/catalogue/').set(XHR).set('X-Request-Id', 'trace-1234-abcd');
    expect(given.headers['x-request-id']).toBe('trace-1234-abcd');
    const forged = await t.http().get('/health/live').set('X-Request-Id', 'bad id with spaces');
    expect(forged.headers['x-request-id']).not.toContain('bad');
  });

  it('sends security headers and hides the framework', async () => {
    const response = await t.http().get('/data/catalogue/').set(XHR);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-powered-by']).toBeUndefined();
    // A payment provider's popup keeps its opener (to hand the payment back); other windows do not.
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('serves the OpenAPI description', async () => {
    const response = await t.http().get('/api/docs-json');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/health/live', '/health/ready', '/data/catalogue', '/data/basket/lines', '/data/session']),
    );
    const page = await t.http().get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger');
  });

  it('serves the web app for page addresses and never shadows server paths', async () => {
    const page = await t.http().get('/en-gb/checkout/').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    const dataAsHtml = await t.http().get('/data/catalogue/').set('Accept', 'text/html');
    expect(dataAsHtml.status).toBe(403);
  });
});

describe('compression', () => {
  it('sends the web app’s scripts compressed with brotli or gzip as the browser accepts, and data answers as they are', async () => {
    const script = `export const catalogue = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ index, name: `Product ${index}` })))};\n`;
    mkdirSync(join(t.webDir, 'assets'), { recursive: true });
    writeFileSync(join(t.webDir, 'assets', 'app-1234.js'), script);

    // The client decodes what it is sent: the text must come back whole.
    const brotli = await t.http().get('/assets/app-1234.js').set('Accept-Encoding', 'br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(brotli.text).toBe(script);

    const gzip = await t.http().get('/assets/app-1234.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(script);

    const plain = await t.http().get('/assets/app-1234.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const data = await t.http().get('/data/catalogue/?locale=en-gb').set(XHR).set('Accept-Encoding', 'br, gzip');
    expect(data.status).toBe(200);
    expect(Number(data.headers['content-length'])).toBeGreaterThan(1024);
    expect(data.headers['content-encoding']).toBeUndefined();
  });
});
