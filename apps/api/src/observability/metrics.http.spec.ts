import type { Server } from 'node:http';
import { loadConfig } from '../config/app-config';
import { checkoutAction, cookieOf, freshEmail, newCustomerBody } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';
import { startMetricsServer } from './metrics-server';
import { STORE_METRICS } from './observability.module';

let t: TestApp;
let server: Server;
let metricsUrl: string;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_PORT: '0', PUBLIC_URL: 'http://store.test' } });
  const started = await startMetricsServer(t.app.get(STORE_METRICS), '127.0.0.1', 0);
  server = started.server;
  metricsUrl = `http://127.0.0.1:${started.port}/metrics`;
});
afterAll(async () => {
  server?.close();
  await t?.close();
});

const scrape = async () => {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  return response.text();
};

/** A sample's value in the exposition text, or 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

async function customerWithBasket(suite: string) {
  const created = await checkoutAction(t, 'CREATE_CUSTOMER', newCustomerBody(freshEmail('metrics')));
  let cookie = cookieOf(created, 'afs_session');
  const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', cookie).send({ product_suite_reference: suite, locale: 'en-gb' });
  cookie = `${cookie}; ${cookieOf(added, 'afs_basket')}`;
  return { cookie, basket: added.body.data };
}

const placeFree = (shopper: { cookie: string; basket: { reference: string; stale_hash: string } }) =>
  checkoutAction(t, 'PLACE_ORDER', { basket_reference_id: shopper.basket.reference, basket_stale_hash: shopper.basket.stale_hash, gateway: 'complimentary', locale: 'en-gb' }, shopper.cookie);

describe('Prometheus metrics', () => {
  it('is off unless METRICS_PORT is set, and listens on the loopback by default', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://localhost/store' });
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/store', METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be an integer/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/store', METRICS_HOST: 'a host' })).toThrow(/METRICS_HOST/);
  });

  it('counts an order placed through the API for its gateway and method', async () => {
    const labels = { gateway: 'complimentary', method: 'unspecified' };
    const before = sample(await scrape(), 'store_orders_placed_total', labels);
    const placed = await placeFree(await customerWithBasket('brush-starter'));
    expect(placed.status).toBe(200);
    expect(sample(await scrape(), 'store_orders_placed_total', labels)).toBe(before + 1);
  });

  it('counts a refused order with its catalogued reason, and not as placed', async () => {
    const shopper = await customerWithBasket('photo-2');
    const text = await scrape();
    const failed = { gateway: 'complimentary', method: 'unspecified', reason: 'ORDER_FAILED' };
    const [failedBefore, placedBefore] = [sample(text, 'store_orders_failed_total', failed), sample(text, 'store_orders_placed_total', { gateway: 'complimentary' })];
    // A paid basket claimed as complimentary: refused, nothing charged.
    const refused = await placeFree(shopper);
    expect(refused.body.code).toBe(300100);
    const after = await scrape();
    expect(sample(after, 'store_orders_failed_total', failed)).toBe(failedBefore + 1);
    expect(sample(after, 'store_orders_placed_total', { gateway: 'complimentary' })).toBe(placedBefore);
    expect(sample(after, 'store_charges_uncertain_total', { gateway: 'complimentary' })).toBe(0);
  });

  it('labels HTTP requests by route pattern and status class, never by the address sent', async () => {
    const shopper = await customerWithBasket('brush-starter');
    const number = (await placeFree(shopper)).body.data.order_number as string;
    expect((await t.http().get(`/data/orders/${number}`).set(XHR).set('Cookie', shopper.cookie)).status).toBe(200);
    expect((await t.http().get('/data/orders/AFS-00000000').set(XHR).set('Cookie', shopper.cookie)).status).toBe(404);
    expect((await t.http().get(`/data/nothing-here/${shopper.basket.reference}`).set(XHR)).status).toBe(404);
    const text = await scrape();
    expect(sample(text, 'http_server_request_duration_seconds_count', { method: 'GET', route: '/data/orders/:number', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_server_request_duration_seconds_count', { method: 'GET', route: '/data/orders/:number', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_server_request_duration_seconds_count', { method: 'POST', route: '/data/checkout', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_server_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    // Neither the order number, the basket reference nor any other address sent becomes a label value.
    expect(text).not.toContain(number);
    expect(text).not.toContain(shopper.basket.reference);
    expect(text).not.toContain('nothing-here');
    // Health probes are left out, as they are from the access log.
    await t.http().get('/health/live');
    expect(await scrape()).not.toContain('route="/health');
  });

  it("shows the database pool and Node's event-loop lag", async () => {
    const text = await scrape();
    // The app has run statements by now, so its pool holds at least one connection.
    expect(text).toMatch(/^store_db_pool_connections [1-9]\d*$/m);
    expect(text).toMatch(/^store_db_pool_idle_connections \d+$/m);
    expect(text).toMatch(/^store_db_pool_waiting_requests \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
  });

  it('is not served on the public port: /metrics is its usual catalogued 404', async () => {
    const unknown = await t.http().get('/data/no-such-call').set(XHR);
    expect(unknown.status).toBe(404);
    // Whatever the caller accepts (a browser, a scraper): never the page, never the metrics.
    for (const accept of ['text/html', 'application/json', 'application/openmetrics-text; version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1']) {
      const metrics = await t.http().get('/metrics').set('Accept', accept);
      expect(metrics.status).toBe(404);
      expect(metrics.text).not.toContain('http_server_request_duration_seconds');
      expect([metrics.headers['content-type'], metrics.body.code]).toEqual([unknown.headers['content-type'], unknown.body.code]);
    }
  });

  it('serves GET /metrics only: other paths are 404, other methods 405', async () => {
    const base = metricsUrl.replace(/\/metrics$/, '');
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics/extra`)).status).toBe(404);
    expect((await fetch(`${base}/data/catalogue`)).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST', body: 'x' })).status).toBe(405);
    const ok = await fetch(`${metricsUrl}?name=x`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});
