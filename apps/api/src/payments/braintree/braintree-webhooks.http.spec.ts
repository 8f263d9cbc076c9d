import {
  ProviderNotificationHandlers,
  type HandlingResult,
  type ProviderNotificationHandler,
  type StoredProviderNotification,
} from '@store/application';
import { ErrorCatalogue, type ProviderNotificationKind } from '@store/domain';
import braintree from 'braintree';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cardSandboxEnv } from '../../testing/sandbox-env';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ProviderNotificationsJob } from '../notifications/provider-notifications.job';
import { WEBHOOK_RATE_LIMIT } from './braintree-webhooks.controller';

// The card gateway's signed notifications through the real API: verified by the braintree SDK with
// the store's keys, kept once in Postgres, handled by the handler registered for their kind.

let t: TestApp;
let job: ProviderNotificationsJob;
let logDir: string;
let logFile: string;

// The store's keys (cardSandboxEnv), and the braintree SDK's own signing standing in for the provider.
const keys = { merchantId: 'sandbox_merchant', publicKey: 'sandbox_public_key', privateKey: 'sandbox_private_key' };
const provider = new braintree.BraintreeGateway({ environment: braintree.Environment.Sandbox, ...keys });
const stranger = new braintree.BraintreeGateway({ environment: braintree.Environment.Sandbox, ...keys, privateKey: 'not_the_store_key' });
const otherAccount = new braintree.BraintreeGateway({ environment: braintree.Environment.Sandbox, ...keys, publicKey: 'another_merchant_public' });
type Testing = { sampleXml(kind: string, id: string): string; sampleSignature(payload: string): string };
const testing = (gateway: braintree.BraintreeGateway) => gateway.webhookTesting as unknown as Testing;

/** The SDK's sample notification of `kind`, made about `paymentId` and `at`, signed by the SDK as the provider signs. */
function signed(kind: string, options: { paymentId?: string; at?: Date; by?: braintree.BraintreeGateway } = {}) {
  const { paymentId = `PAY-${Math.random().toString(36).slice(2)}`, at = new Date('2026-11-26T10:00:00Z'), by = provider } = options;
  const xml = testing(by)
    .sampleXml(kind, 'tx_1')
    .replace(/<payment-id>a-payment-id<\/payment-id>/, `<payment-id>${paymentId}</payment-id>`)
    .replace(/(<timestamp[^>]*>)[^<]+</, `$1${at.toISOString().replace(/\.\d+Z$/, 'Z')}<`);
  const payload = `${Buffer.from(xml).toString('base64')}\n`;
  return { bt_signature: testing(by).sampleSignature(payload), bt_payload: payload };
}

let addresses = 0;
const nextAddress = () => `10.55.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const deliver = (form: Record<string, string>, address = nextAddress()) => t.http().post('/webhooks/braintree/').set('X-Forwarded-For', address).type('form').send(form);
const rows = (paymentId: string) =>
  t.db.dataSource.query(`SELECT id, kind, provider_kind, attempts, outcome, processed_at IS NOT NULL AS processed, last_error FROM provider_notifications WHERE subject->>'paymentId' = $1 ORDER BY occurred_at`, [paymentId]);
const count = async () => Number((await t.db.dataSource.query('SELECT count(*) AS n FROM provider_notifications'))[0].n);

/** A test handler: records the notifications it is given, answers as told (done by default). */
class Recorder implements ProviderNotificationHandler {
  readonly seen: StoredProviderNotification[] = [];
  answer: (notification: StoredProviderNotification) => Promise<HandlingResult> = () => Promise.resolve({ outcome: 'recorded' });
  handle(notification: StoredProviderNotification): Promise<HandlingResult> {
    this.seen.push(notification);
    return this.answer(notification);
  }
  about(paymentId: string): string[] {
    return this.seen.filter((n) => n.subject.type === 'local-payment' && n.subject.paymentId === paymentId).map((n) => n.kind);
  }
}
const recorder = new Recorder();
const HANDLED: ProviderNotificationKind[] = ['local-payment-completed', 'local-payment-funded', 'local-payment-expired'];
const ownHandlers = new Map<ProviderNotificationKind, ProviderNotificationHandler>();

beforeAll(async () => {
  logDir = mkdtempSync(join(tmpdir(), 'store-webhooks-'));
  logFile = join(logDir, 'api.log');
  // No gateway call is made for a webhook: the address only has to be well formed.
  t = await createTestApp({ env: { ...cardSandboxEnv('http://127.0.0.1:9'), LOG_LEVEL: 'info', LOG_FILE: logFile } });
  // Nest holds its loggers' lines until the server listens, as the served API does.
  await t.app.listen(0, '127.0.0.1');
  job = t.app.get(ProviderNotificationsJob, { strict: false });
  // The recorder stands in for the store's own handlers of these kinds: this file is about the
  // inbox, whatever acts on what it hands on (the local payments' handlers have their own spec).
  const handlers = t.app.get(ProviderNotificationHandlers, { strict: false });
  for (const kind of HANDLED) {
    const own = handlers.for(kind);
    if (own) {
      ownHandlers.set(kind, own);
      handlers.unregister(kind, own);
    }
    handlers.register(kind, recorder);
  }
}, 60_000);
afterAll(async () => {
  const handlers = t?.app.get(ProviderNotificationHandlers, { strict: false });
  for (const kind of HANDLED) {
    handlers?.unregister(kind, recorder);
    const own = ownHandlers.get(kind);
    if (own) handlers?.register(kind, own);
  }
  await t?.close();
  rmSync(logDir, { recursive: true, force: true });
});

jest.setTimeout(30_000);

/** The JSON log lines holding `marker`, once the asynchronous log writer has flushed them (or none after 5 s). */
async function logLinesWith(marker: string): Promise<Record<string, unknown>[]> {
  for (let wait = 0; wait < 50; wait++) {
    const lines = (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '').split('\n').filter((line) => line.includes(marker));
    if (lines.length > 0) return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

describe('POST /webhooks/braintree/', () => {
  it('keeps a signed notification and answers 200 with its id; the worker hands it to the handler of its kind once', async () => {
    const delivery = signed('local_payment_completed', { paymentId: 'PAY-ONE' });
    const response = await deliver(delivery);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, code: 200, data: { id: expect.stringMatching(/^[0-9a-f]{64}$/), duplicate: false } });
    expect(await rows('PAY-ONE')).toEqual([
      { id: response.body.data.id, kind: 'local-payment-completed', provider_kind: 'local_payment_completed', attempts: 0, outcome: null, processed: false, last_error: null },
    ]);
    await job.runAfterCurrent();
    await job.runAfterCurrent();
    expect(recorder.about('PAY-ONE')).toEqual(['local-payment-completed']);
    const [handled] = recorder.seen.filter((n) => n.id === response.body.data.id);
    expect(handled.subject).toEqual({
      type: 'local-payment',
      paymentId: 'PAY-ONE',
      payerId: 'a-payer-id',
      paymentMethodNonce: 'ee257d98-de40-47e8-96b3-a6954ea7a9a4',
      transaction: { id: '1', status: 'authorizing', amount: '10.00', currency: null, orderId: 'order1234' },
    });
    expect(await rows('PAY-ONE')).toEqual([expect.objectContaining({ outcome: 'recorded', processed: true })]);
  });

  it('needs no X-Requested-With, reads no session and sets no cookie, and carries the security headers', async () => {
    const response = await t.http().post('/webhooks/braintree/').type('form').send(signed('local_payment_completed'));
    expect(response.status).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers a redelivery 200 and changes nothing: one row, handled once', async () => {
    const delivery = signed('local_payment_completed', { paymentId: 'PAY-TWICE' });
    const first = await deliver(delivery);
    await job.runAfterCurrent();
    const again = await deliver(delivery);
    // The provider may drop the line break after the payload on a retry: still the same notification.
    const trimmed = await deliver({ ...delivery, bt_payload: delivery.bt_payload.trimEnd() });
    expect([again.status, again.body.data]).toEqual([200, { id: first.body.data.id, duplicate: true }]);
    expect([trimmed.status, trimmed.body.data]).toEqual([200, { id: first.body.data.id, duplicate: true }]);
    await job.runAfterCurrent();
    expect(await rows('PAY-TWICE')).toHaveLength(1);
    expect(recorder.about('PAY-TWICE')).toEqual(['local-payment-completed']);
  });

  it('keeps one row when the same notification arrives several times at once, and handles it once', async () => {
    const delivery = signed('local_payment_completed', { paymentId: 'PAY-RACE' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(delivery)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((answer) => answer.body.data.duplicate === false)).toHaveLength(1);
    await Promise.all([job.runAfterCurrent(), job.runAfterCurrent()]);
    expect(await rows('PAY-RACE')).toHaveLength(1);
    expect(recorder.about('PAY-RACE')).toEqual(['local-payment-completed']);
  });

  it('handles the notifications of one payment in the order they happened, not the order they arrived', async () => {
    const paymentId = 'PAY-ORDER';
    expect((await deliver(signed('local_payment_funded', { paymentId, at: new Date('2026-11-26T10:30:00Z') }))).status).toBe(200);
    expect((await deliver(signed('local_payment_completed', { paymentId, at: new Date('2026-11-26T10:10:00Z') }))).status).toBe(200);
    await job.runAfterCurrent();
    expect(recorder.about(paymentId)).toEqual(['local-payment-completed', 'local-payment-funded']);
  });

  it('keeps a notification whose handling failed for a later try, and a later one of its payment waits behind it', async () => {
    const paymentId = 'PAY-RETRY';
    let fail = true;
    recorder.answer = async (notification) => {
      if (fail && notification.kind === 'local-payment-expired') throw new Error('The order could not be read');
      return { outcome: 'recorded' };
    };
    try {
      await deliver(signed('local_payment_expired', { paymentId, at: new Date('2026-11-26T11:00:00Z') }));
      await deliver(signed('local_payment_completed', { paymentId, at: new Date('2026-11-26T11:05:00Z') }));
      await job.runAfterCurrent();
      expect(await rows(paymentId)).toEqual([
        expect.objectContaining({ kind: 'local-payment-expired', attempts: 1, processed: false, last_error: 'The order could not be read' }),
        expect.objectContaining({ kind: 'local-payment-completed', attempts: 0, processed: false }),
      ]);
      expect(recorder.about(paymentId)).toEqual(['local-payment-expired']);
      // Not due before its delay.
      await job.runAfterCurrent();
      expect(recorder.about(paymentId)).toEqual(['local-payment-expired']);
      fail = false;
      // Its delay passed. (A second back: the worker compares with the app's clock, which has only
      // milliseconds, so a due time of exactly the database's now() could still be a few microseconds ahead.)
      await t.db.dataSource.query(`UPDATE provider_notifications SET next_attempt_at = now() - interval '1 second' WHERE subject->>'paymentId' = $1`, [paymentId]);
      await job.runAfterCurrent();
      expect(recorder.about(paymentId)).toEqual(['local-payment-expired', 'local-payment-expired', 'local-payment-completed']);
      expect((await rows(paymentId)).map((row: { outcome: string }) => row.outcome)).toEqual(['recorded', 'recorded']);
    } finally {
      recorder.answer = () => Promise.resolve({ outcome: 'recorded' });
    }
  });

  it("answers the provider's check with 200 and marks it ok; a kind the store does not act on is kept and ignored", async () => {
    const check = await deliver(signed('check'));
    const other = await deliver(signed('subscription_charged_successfully'));
    expect([check.status, other.status]).toEqual([200, 200]);
    await job.runAfterCurrent();
    const outcomes = await t.db.dataSource.query(`SELECT kind, provider_kind, outcome FROM provider_notifications WHERE id = ANY($1) ORDER BY kind`, [[check.body.data.id, other.body.data.id]]);
    expect(outcomes).toEqual([
      { kind: 'check', provider_kind: 'check', outcome: 'ok' },
      { kind: 'other', provider_kind: 'subscription_charged_successfully', outcome: 'ignored' },
    ]);
  });

  describe('refuses what it cannot prove the provider sent, keeps nothing and logs why (never the payload)', () => {
    const tampered = () => {
      const delivery = signed('local_payment_completed', { paymentId: 'PAY-HONEST' });
      const xml = Buffer.from(delivery.bt_payload, 'base64').toString('utf8').replace('PAY-HONEST', 'PAY-FORGED');
      return { ...delivery, bt_payload: `${Buffer.from(xml).toString('base64')}\n` };
    };
    const signedGarbage = () => {
      const payload = Buffer.from('<notification><kind>check</kind></notification').toString('base64');
      return { bt_signature: testing(provider).sampleSignature(payload), bt_payload: payload };
    };
    it.each([
      ['with neither field', () => ({}), 400, ErrorCatalogue.WEBHOOK_UNSIGNED],
      ['without a signature', () => ({ bt_payload: signed('check').bt_payload }), 400, ErrorCatalogue.WEBHOOK_UNSIGNED],
      ['without a payload', () => ({ bt_signature: signed('check').bt_signature }), 400, ErrorCatalogue.WEBHOOK_UNSIGNED],
      ['signed with a key that is not the store’s', () => signed('check', { by: stranger }), 403, ErrorCatalogue.WEBHOOK_SIGNATURE_INVALID],
      ['signed for another public key', () => signed('check', { by: otherAccount }), 403, ErrorCatalogue.WEBHOOK_SIGNATURE_INVALID],
      ['tampered with after signing', tampered, 403, ErrorCatalogue.WEBHOOK_SIGNATURE_INVALID],
      ['with a payload that is not base64', () => ({ bt_signature: signed('check').bt_signature, bt_payload: '<notification/>' }), 400, ErrorCatalogue.WEBHOOK_PAYLOAD_MALFORMED],
      ['signed but unreadable', signedGarbage, 400, ErrorCatalogue.WEBHOOK_PAYLOAD_MALFORMED],
    ])('%s', async (_case, form, status, entry) => {
      const before = await count();
      const address = nextAddress();
      const delivery = form() as Record<string, string>;
      const response = await deliver(delivery, address);
      expect([response.status, response.body]).toEqual([status, { success: false, code: entry.code, message: entry.message }]);
      expect(await count()).toBe(before);
      const [line] = (await logLinesWith(address)).filter((logged) => logged.msg === 'Provider notification refused');
      expect(line).toMatchObject({ code: Object.keys(ErrorCatalogue).find((name) => ErrorCatalogue[name as keyof typeof ErrorCatalogue].code === entry.code), reason: expect.any(String) });
      if (delivery.bt_payload) expect(readFileSync(logFile, 'utf8')).not.toContain(delivery.bt_payload.trim().slice(0, 40));
    });
  });

  it('refuses a field of its own and a payload over its limit with the catalogued validation error, keeping nothing', async () => {
    const before = await count();
    const extra = await deliver({ ...signed('check'), bt_challenge: 'abc' });
    const huge = await deliver({ ...signed('check'), bt_payload: 'A'.repeat(70_000) });
    for (const response of [extra, huge]) expect([response.status, response.body.code]).toEqual([400, ErrorCatalogue.VALIDATION_FAILED.code]);
    expect(await count()).toBe(before);
  });

  it('limits what one address can send, and the provider from another address goes on', async () => {
    const address = '10.66.0.1';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < WEBHOOK_RATE_LIMIT.attempts; attempt++) statuses.push((await deliver({}, address)).status);
    expect(statuses.every((status) => status === 400)).toBe(true);
    const limited = await deliver(signed('check'), address);
    expect([limited.status, limited.body.code]).toEqual([429, ErrorCatalogue.TOO_MANY_REQUESTS.code]);
    expect((await deliver(signed('check'), '10.66.0.2')).status).toBe(200);
  });
});
