import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type Request } from 'express';
import pino from 'pino';
import request from 'supertest';
import { DomainError, ErrorCatalogue } from '@store/domain';
import { inRequestScope } from '@store/infrastructure';
import { loadConfig, type AppConfig } from '../config/app-config';
import { parseCookiesWhenRead, requestEdge } from './edge';
import { basketRefForLog, StoreLogger, urlForLog } from './logging';
import { securityHeaderList, securityHeaders } from './security-headers';

const CONFIGS: Record<string, AppConfig> = {
  'a card gateway over HTTPS': loadConfig({
    DATABASE_URL: 'postgres://store@127.0.0.1/store',
    COOKIE_SECURE: 'true',
    BRAINTREE_ENVIRONMENT: 'sandbox',
    BRAINTREE_MERCHANT_ID: 'merchant',
    BRAINTREE_PUBLIC_KEY: 'public',
    BRAINTREE_PRIVATE_KEY: 'private',
    BRAINTREE_VISA_CHECKOUT: 'true',
  }),
  'no gateway over plain HTTP': loadConfig({ DATABASE_URL: 'postgres://store@127.0.0.1/store', COOKIE_SECURE: 'false' }),
};

let logDir: string;
beforeAll(() => {
  logDir = mkdtempSync(join(tmpdir(), 'store-edge-'));
});
afterAll(() => rmSync(logDir, { recursive: true, force: true }));

/** A logger writing synchronously to its own file, and that file's JSON lines. */
function fileLogger(name: string) {
  const file = join(logDir, `${name}.log`);
  const logger = pino({ level: 'info' }, pino.destination({ dest: file, sync: true, mkdir: true }));
  const lines = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines };
}

/** An app with the edge in front of a few routes, as create-app mounts it. */
function edgeApp(config: AppConfig, logger: pino.Logger) {
  const app = express();
  app.set('etag', false);
  parseCookiesWhenRead(app);
  app.use(requestEdge(config, logger));
  app.get('/health/live', (_request, response) => response.json({ status: 'ok' }));
  app.get('/data/cookies', (request_, response) => response.json({ cookies: request_.cookies }));
  app.post('/data/echo', (request_, response) => response.json({ body: request_.body }));
  app.get('/data/baskets/:reference', (_request, response) => response.status(500).json({ failed: true }));
  app.use((error: unknown, _request: Request, response: express.Response, next: express.NextFunction) => {
    if (!(error instanceof DomainError)) return next(error);
    response.status(400).json({ code: error.code });
  });
  return app;
}

describe.each(Object.entries(CONFIGS))('the request edge with %s', (_name, config) => {
  it('sets exactly the headers helmet sets, worked out once', async () => {
    const withHelmet = express().set('etag', false).use(securityHeaders(config)).get('/', (_request, response) => response.json({}));
    const live = await request(withHelmet).get('/');
    const fixed = securityHeaderList(config);
    expect(fixed.length).toBeGreaterThan(5);
    const edged = await request(edgeApp(config, fileLogger('headers').logger)).get('/health/live');
    for (const [name, value] of fixed) {
      expect([name, live.headers[name.toLowerCase()]]).toEqual([name, value]);
      expect([name, edged.headers[name.toLowerCase()]]).toEqual([name, value]);
    }
    const named = (headers: Record<string, unknown>) => Object.keys(headers).filter((header) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'x-powered-by', 'x-request-id'].includes(header));
    expect(named(edged.headers).sort()).toEqual(named(live.headers).sort());
  });
});

describe('the request edge', () => {
  const config = CONFIGS['no gateway over plain HTTP'];

  it('marks private answers no-store and leaves the others to their handlers', async () => {
    const app = edgeApp(config, fileLogger('no-store').logger);
    expect((await request(app).get('/data/cookies')).headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/health/live')).headers['cache-control']).toBeUndefined();
  });

  it('gives each request an id, or keeps the caller’s when it looks like one, and writes one access line carrying it', async () => {
    const { logger, lines } = fileLogger('access');
    const app = edgeApp(config, logger);
    const fresh = await request(app).get('/data/cookies');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await request(app).get('/data/cookies?basket_ref=B-SECRET-REFERENCE').set('X-Request-Id', 'trace-1234-abcd');
    expect(given.headers['x-request-id']).toBe('trace-1234-abcd');
    const forged = await request(app).get('/data/cookies').set('X-Request-Id', 'bad id');
    expect(forged.headers['x-request-id']).not.toContain('bad');
    await request(app).get('/health/live');
    const failed = await request(app).get('/data/baskets/B-OTHER-SECRET');

    const written = lines();
    const access = written.filter((line) => line['msg'] === 'request completed' || line['msg'] === 'request errored');
    expect(access.map((line) => line['requestId'])).toEqual([fresh.headers['x-request-id'], 'trace-1234-abcd', forged.headers['x-request-id'], failed.headers['x-request-id']]);
    expect(access[1]).toMatchObject({ level: 30, req: { id: 'trace-1234-abcd', method: 'GET' }, res: { statusCode: 200 } });
    expect(typeof access[1]['responseTime']).toBe('number');
    expect(access[3]).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 } });
    // Basket references never reach the log; health probes are not logged at all.
    expect(JSON.stringify(written)).not.toMatch(/SECRET|health/);
  });

  it('parses cookies only when read, keeps every value as text, and lets a handler replace them', async () => {
    const app = edgeApp(config, fileLogger('cookies').logger);
    const answer = await request(app).get('/data/cookies').set('Cookie', 'session=abc%20def; smuggled=j:{"admin":true}');
    expect(answer.body.cookies).toEqual({ session: 'abc def', smuggled: 'j:{"admin":true}' });
    expect((await request(app).get('/data/cookies')).body.cookies).toEqual({});

    const unread = Object.create(app.request) as Request;
    unread.headers = { cookie: 'a=1' };
    expect(Object.prototype.hasOwnProperty.call(unread, 'cookies')).toBe(false);
    expect(unread.cookies).toEqual({ a: '1' });
    unread.cookies = { b: '2' };
    expect(unread.cookies).toEqual({ b: '2' });
  });

  it('parses JSON and form bodies, and hands a refused body to the error handlers catalogued', async () => {
    const app = edgeApp(config, fileLogger('bodies').logger);
    expect((await request(app).post('/data/echo').send({ a: 1 })).body).toEqual({ body: { a: 1 } });
    expect((await request(app).post('/data/echo').type('form').send('a=1&b=two')).body).toEqual({ body: { a: '1', b: 'two' } });
    const malformed = await request(app).post('/data/echo').set('Content-Type', 'application/json').send('{"a":');
    expect(malformed.body.code).toBe(ErrorCatalogue.MALFORMED_JSON.code);
    const huge = await request(app).post('/data/echo').send({ a: 'x'.repeat(config.BODY_LIMIT_BYTES) });
    expect(huge.body.code).toBe(ErrorCatalogue.PAYLOAD_TOO_LARGE.code);
    const hugeForm = await request(app).post('/data/echo').type('form').send(`a=${'x'.repeat(config.BODY_LIMIT_BYTES)}`);
    expect(hugeForm.body.code).toBe(ErrorCatalogue.PAYLOAD_TOO_LARGE.code);
  });
});

describe('StoreLogger', () => {
  it("writes Nest's log calls with their context, and the request's id inside a request", () => {
    const { logger, lines } = fileLogger('nest');
    const nest = new StoreLogger(logger);
    nest.log('started', 'Bootstrap');
    inRequestScope(() => nest.warn({ msg: 'Client render error', clientError: { code: 7 } }, 'ClientError'), 'req-0001-abcd');
    inRequestScope(() => nest.error(new Error('boom'), 'Orders'), 'req-0002-abcd');
    nest.error('Unhandled', 'Error: Unhandled\n    at somewhere (file.js:1:1)', 'ExceptionsHandler');
    nest.debug('not at info level', 'Quiet');

    const [started, warned, failed, handler, ...rest] = lines();
    expect(rest).toEqual([]);
    expect(started).toMatchObject({ level: 30, msg: 'started', context: 'Bootstrap' });
    expect(started).not.toHaveProperty('requestId');
    expect(warned).toMatchObject({ level: 40, msg: 'Client render error', context: 'ClientError', requestId: 'req-0001-abcd', clientError: { code: 7 } });
    expect(failed).toMatchObject({ level: 50, context: 'Orders', requestId: 'req-0002-abcd', err: { message: 'boom' } });
    expect(handler).toMatchObject({ level: 50, context: 'ExceptionsHandler', err: { message: 'Unhandled', stack: expect.stringContaining('at somewhere') } });
  });
});

describe('urlForLog', () => {
  it('replaces a basket reference named in the path or the query, in any spelling, and keeps the rest as sent', () => {
    const digest = basketRefForLog('B-1');
    expect(urlForLog('/data/baskets/B-1')).toBe(`/data/baskets/${digest}`);
    expect(urlForLog('/data/BASKETS//B-1?x=1')).toBe(`/data/BASKETS//${digest}?x=1`);
    expect(urlForLog('/data/baskets%2FB-1')).toBe(`/data/baskets/${digest}`);
    expect(urlForLog('/data/session/?basket_ref=B-1')).toBe(`/data/session/?basket_ref=${encodeURIComponent(digest)}`);
    expect(urlForLog('/data/session/?locale=en-gb&basket%5Fref=B%2D1&Basket=B-1&x=a+b')).toBe(
      `/data/session/?locale=en-gb&basket%5Fref=${encodeURIComponent(digest)}&Basket=${encodeURIComponent(digest)}&x=a+b`,
    );
    expect(urlForLog('/data/catalogue/?q=it%27s')).toBe('/data/catalogue/?q=it%27s');
    expect(urlForLog('/data/session/?basket_ref')).toBe(`/data/session/?basket_ref=${encodeURIComponent(basketRefForLog(''))}`);
    expect(urlForLog('/data/session/?basket_ref=%E0%A4%A')).not.toContain('%E0%A4%A');
  });
});
