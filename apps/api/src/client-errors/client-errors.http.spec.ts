import { CLIENT_ERROR_LIMITS, ErrorCatalogue } from '@store/domain';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';
import { CLIENT_ERROR_RATE_LIMITS } from './client-errors.controller';

// The page's render-error reports: a structured log line each, strict about what they carry, and
// bounded per browser and per address.
let t: TestApp;
let logDir: string;
let logFile: string;

beforeAll(async () => {
  logDir = mkdtempSync(join(tmpdir(), 'store-client-errors-'));
  logFile = join(logDir, 'api.log');
  t = await createTestApp({ env: { LOG_LEVEL: 'info', LOG_FILE: logFile, BODY_LIMIT_BYTES: '65536' } });
  // Nest holds its loggers' lines until the server listens, as the served API does.
  await t.app.listen(0, '127.0.0.1');
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(logDir, { recursive: true, force: true });
});

jest.setTimeout(30_000);

let addresses = 0;
/** Each report from an address of its own unless a test means otherwise, so only the limit tests meet the limits. */
const nextAddress = () => `10.77.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const report = (body: unknown, options: { address?: string; cookie?: string } = {}) => {
  const call = t.http().post('/data/client-errors/').set(XHR).set('X-Forwarded-For', options.address ?? nextAddress()).set('User-Agent', 'StoreTestBrowser/1.0');
  if (options.cookie) call.set('Cookie', options.cookie);
  return call.send(body as object);
};
const valid = (marker: string) => ({
  message: `Cannot read properties of null (reading 'length') ${marker}`,
  code: ErrorCatalogue.GENERIC.code,
  where: 'checkout:basket',
  stack: `TypeError: Cannot read properties of null\n    at BasketLine (https://store.example/assets/checkout-page.js:1:2345) ${marker}`,
});

const linesWith = (marker: string) =>
  (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '')
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The JSON log lines holding `marker`, once the asynchronous log writer has flushed them (or none after 5 s). */
async function logLinesWith(marker: string): Promise<Record<string, unknown>[]> {
  for (let wait = 0; wait < 50; wait++) {
    const lines = linesWith(marker);
    if (lines.length > 0) return lines;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

let sentinels = 0;
/**
 * The reports logged with `marker`. The log is written in order, so once a report sent after the
 * calls that used `marker` is in the file, anything they logged is there too.
 */
async function reportsLoggedWith(marker: string): Promise<Record<string, unknown>[]> {
  const sentinel = `marker-sentinel-${++sentinels}`;
  expect((await report(valid(sentinel))).status).toBe(204);
  expect(await logLinesWith(sentinel)).not.toEqual([]);
  return linesWith(marker).filter((line) => line.msg === 'Client render error');
}

describe('POST /data/client-errors/', () => {
  it('answers 204 with no body and writes one structured warning with what the page sent and the request id', async () => {
    const response = await report(valid('marker-ok'), { address: '10.1.2.3' });
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    const lines = (await logLinesWith('marker-ok')).filter((line) => line.msg === 'Client render error');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line.level).toBe(40);
    expect(line.requestId).toBe(response.headers['x-request-id']);
    expect(line.clientError).toEqual({ ...valid('marker-ok'), userAgent: 'StoreTestBrowser/1.0' });
  });

  it('refuses a report without X-Requested-With, like every data call', async () => {
    const response = await t.http().post('/data/client-errors/').send(valid('marker-no-header'));
    expect(response.status).toBe(403);
    expect(response.body.code).toBe(ErrorCatalogue.MISSING_REQUESTED_WITH.code);
  });

  it.each([
    ['no message', { ...valid('marker-bad'), message: undefined }, 'message'],
    ['an empty message', { ...valid('marker-bad'), message: '' }, 'message'],
    ['a message too long', { ...valid('marker-bad'), message: 'm'.repeat(CLIENT_ERROR_LIMITS.message + 1) }, 'message'],
    ['a stack too long', { ...valid('marker-bad'), stack: 's'.repeat(CLIENT_ERROR_LIMITS.stack + 1) }, 'stack'],
    ['a place too long', { ...valid('marker-bad'), where: 'w'.repeat(CLIENT_ERROR_LIMITS.where + 1) }, 'where'],
    ['a place with spaces and markup', { ...valid('marker-bad'), where: 'checkout <script>' }, 'where'],
    ['a code that is not a whole number', { ...valid('marker-bad'), code: '999' }, 'code'],
    ['a negative code', { ...valid('marker-bad'), code: -1 }, 'code'],
    ['a stack that is not text', { ...valid('marker-bad'), stack: { frames: [] } }, 'stack'],
    ['a field of its own', { ...valid('marker-bad'), url: 'https://store.example/' }, 'url'],
  ])('refuses %s with the catalogued validation error and logs nothing', async (_case, body, field) => {
    const response = await report(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCatalogue.VALIDATION_FAILED.code);
    expect(response.body.success).toBe(false);
    expect(Object.keys(response.body.fields)).toContain(field);
    expect(await reportsLoggedWith('marker-bad')).toEqual([]);
  });

  it('takes a report at exactly the size limits', async () => {
    const response = await report({
      message: `marker-edge ${'m'.repeat(CLIENT_ERROR_LIMITS.message - 12)}`,
      code: 999,
      where: `route:/${'w'.repeat(CLIENT_ERROR_LIMITS.where - 7)}`,
      stack: 's'.repeat(CLIENT_ERROR_LIMITS.stack),
    });
    expect(response.status).toBe(204);
    expect(await logLinesWith('marker-edge')).toHaveLength(1);
  });

  it('answers a body that is not JSON, an array or one over the body limit with a catalogued error, never a 500', async () => {
    const malformed = await t.http().post('/data/client-errors/').set(XHR).set('Content-Type', 'application/json').send('{"message":');
    expect([malformed.status, malformed.body.code]).toEqual([400, ErrorCatalogue.MALFORMED_JSON.code]);
    const array = await report([valid('marker-array')]);
    expect(array.status).toBe(400);
    expect(array.body.code).toBe(ErrorCatalogue.VALIDATION_FAILED.code);
    const huge = await report({ ...valid('marker-huge'), stack: 'x'.repeat(70_000) });
    expect([huge.status, huge.body.code]).toEqual([413, ErrorCatalogue.PAYLOAD_TOO_LARGE.code]);
    // Nothing refused reached the log as a report.
    expect([...(await reportsLoggedWith('marker-array')), ...(await reportsLoggedWith('marker-huge'))]).toEqual([]);
  });

  it('limits one browser session, and the others on its address go on reporting', async () => {
    const cookie = `afs_session=${'a'.repeat(40)}`;
    const address = '10.2.3.4';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < CLIENT_ERROR_RATE_LIMITS.session.attempts; attempt++) {
      statuses.push((await report(valid(`marker-session-${attempt}`), { cookie, address })).status);
    }
    expect(statuses.every((status) => status === 204)).toBe(true);
    const limited = await report(valid('marker-session-over'), { cookie, address });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(ErrorCatalogue.TOO_MANY_REQUESTS.code);
    expect(await reportsLoggedWith('marker-session-over')).toEqual([]);
    // Another browser behind the same address is not held back by this one's reports.
    expect((await report(valid('marker-other-session'), { cookie: `afs_session=${'b'.repeat(40)}`, address })).status).toBe(204);
  });

  it('limits one address whatever sessions it claims', async () => {
    const address = '10.3.4.5';
    const sent = await Promise.all(
      Array.from({ length: CLIENT_ERROR_RATE_LIMITS.address.attempts }, (_, index) =>
        report(valid(`marker-address-${index}`), { address, cookie: `afs_session=${String(index).padStart(30, 'c')}` }),
      ),
    );
    expect(sent.map((response) => response.status).filter((status) => status !== 204)).toEqual([]);
    const limited = await report(valid('marker-address-over'), { address });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(ErrorCatalogue.TOO_MANY_REQUESTS.code);
    // Counted in the shared store, so every API instance sees the same limit.
    const [{ hits }] = await t.db.dataSource.query(`SELECT sum(hits)::int AS hits FROM rate_limit_hits WHERE key = $1`, [`client-errors:address:${address}`]);
    expect(hits).toBe(CLIENT_ERROR_RATE_LIMITS.address.attempts + 1);
  });

  it('keeps the session id out of the counters: they hold a digest of it', async () => {
    const secret = 'z'.repeat(44);
    expect((await report(valid('marker-digest'), { cookie: `afs_session=${secret}` })).status).toBe(204);
    const keys: { key: string }[] = await t.db.dataSource.query(`SELECT key FROM rate_limit_hits WHERE key LIKE 'client-errors:session:%'`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((row) => row.key.includes(secret))).toBe(false);
  });
});
