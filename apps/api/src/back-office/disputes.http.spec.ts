import { ManageOperators, type CreatedOperator } from '@store/application';
import { startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import { pdf } from '@store/infrastructure/testing';
import type { AddressInfo } from 'node:net';
import { generate } from 'otplib';
import { ProviderNotificationsJob } from '../payments/notifications/provider-notifications.job';
import { cardSandboxEnv } from '../testing/sandbox-env';
import { cookieOf, payByCard, shopperReadyToPay } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';
import { until } from '../testing/until';

// A chargeback from the card sandbox's signed notification to the provider's decision: the store
// opens the dispute on the order, finance answers it through the provider's disputes API, and a
// lost dispute takes the order's keys back and tells the shopper, once.
let sandbox: RunningBraintreeSandbox;
let t: TestApp;
let job: ProviderNotificationsJob;
let finance: CreatedOperator;
let support: CreatedOperator;

const control = async (path: string, body?: unknown) => {
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

beforeAll(async () => {
  sandbox = await startBraintreeSandbox({ config: { webhookRetryBaseMs: 100, webhookTimeoutMs: 2000 } });
  t = await createTestApp({ env: { ...cardSandboxEnv(sandbox.url), PUBLIC_URL: 'http://store.test' } });
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  await control('webhooks/settings', { url: `http://127.0.0.1:${port}/webhooks/braintree/` });
  job = t.app.get(ProviderNotificationsJob, { strict: false });
  const manage = t.app.get(ManageOperators);
  finance = await manage.create({ email: `finance.${Date.now()}@staff.example.com`, firstName: 'Fay', lastName: 'Finance', role: 'finance', password: 'finance password long' }, null, null);
  support = await manage.create({ email: `support.${Date.now()}@staff.example.com`, firstName: 'Sol', lastName: 'Support', role: 'support', password: 'support password long' }, null, null);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

jest.setTimeout(40_000);

async function signIn(operator: CreatedOperator): Promise<string> {
  await t.db.dataSource.query(`UPDATE operators SET last_totp_step = NULL WHERE id = $1`, [operator.operator.id]);
  const otp = await generate({ secret: operator.totpSecret, epoch: Math.floor(Date.now() / 1000) });
  const answer = await t.http().post('/data/admin/session').set(XHR).send({ email: operator.operator.email, password: operator.password, otp });
  return cookieOf(answer, 'afs_operator');
}

/** Handles the kept notifications until the store's dispute is in the state wanted. */
async function disputeIn(id: string, status: string) {
  return until(`dispute ${id} to be ${status}`, async () => {
    await job.runAfterCurrent();
    const rows: { status: string; order_number: string | null; keys_revoked_at: Date | null; reply_by: string | null }[] = await t.db.dataSource.query(
      `SELECT status, order_number, keys_revoked_at, to_char(reply_by, 'YYYY-MM-DD') AS reply_by FROM disputes WHERE id = $1`,
      [id],
    );
    return rows[0]?.status === status ? rows[0] : null;
  });
}

async function paidOrder() {
  const shopper = await shopperReadyToPay(t);
  const placed = await payByCard(t, shopper);
  const number: string = placed.body.data.order_number;
  const [{ transaction_id }] = await t.db.dataSource.query(`SELECT transaction_id FROM orders WHERE number = $1`, [number]);
  return { shopper, number, transactionId: transaction_id as string };
}

it('opened by notification, contested with evidence, lost: keys revoked and the shopper told, once', async () => {
  const { shopper, number, transactionId } = await paidOrder();
  const opened = await control('disputes', { transactionId, reason: 'fraud' });
  expect(opened.status).toBe(201);
  const disputeId: string = opened.body.id;
  const stored = await disputeIn(disputeId, 'open');
  expect(stored.order_number).toBe(number);
  expect(stored.reply_by).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const cookie = await signIn(finance);
  const order = (await t.http().get(`/data/admin/orders/${number}`).set(XHR).set('Cookie', cookie)).body.data;
  expect(order.disputes).toEqual([expect.objectContaining({ id: disputeId, status: 'open', reason: 'fraud' })]);
  expect(order.ledger.map((entry: { kind: string }) => entry.kind)).toEqual(['charge', 'dispute']);
  const listed = (await t.http().get('/data/admin/disputes?status=open').set(XHR).set('Cookie', cookie)).body.data.disputes;
  expect(listed.map((dispute: { id: string }) => dispute.id)).toContain(disputeId);

  // Support may look, not answer.
  const supportCookie = await signIn(support);
  expect((await t.http().post(`/data/admin/disputes/${disputeId}/accept`).set(XHR).set('Cookie', supportCookie)).body.code).toBe(900002);

  const evidence = await t.http().post(`/data/admin/disputes/${disputeId}/evidence`).set(XHR).set('Cookie', cookie).send({ text: 'The licence was activated from the cardholder’s own account on 3 devices.' });
  expect(evidence.body.data.evidence).toEqual([expect.objectContaining({ kind: 'text', operator_badge: finance.operator.badgeNumber })]);
  // A file too: the licence's activation log as a PDF. A file that is not what its name says is refused.
  const renamed = await t.http().post(`/data/admin/disputes/${disputeId}/evidence-file`).set(XHR).set('Cookie', cookie).attach('file', Buffer.from('MZ not a pdf'), { filename: 'log.pdf', contentType: 'application/pdf' });
  expect([renamed.status, renamed.body.code]).toEqual([400, 100100]);
  const filed = await t.http().post(`/data/admin/disputes/${disputeId}/evidence-file`).set(XHR).set('Cookie', cookie).attach('file', pdf(), { filename: 'activation log.pdf', contentType: 'application/pdf' });
  expect(filed.body.data.evidence).toEqual([expect.objectContaining({ kind: 'text' }), expect.objectContaining({ kind: 'file', summary: 'activation log.pdf' })]);
  const contested = await t.http().post(`/data/admin/disputes/${disputeId}/contest`).set(XHR).set('Cookie', cookie);
  expect(contested.body.data.status).toBe('disputed');
  const atProvider = await control(`disputes/${disputeId}`);
  expect(atProvider.body.status).toBe('disputed');
  expect(atProvider.body.evidence).toHaveLength(2);
  // Once contested, it is no longer open to answers.
  expect((await t.http().post(`/data/admin/disputes/${disputeId}/accept`).set(XHR).set('Cookie', cookie)).body.code).toBe(900031);

  expect((await control(`disputes/${disputeId}/decide`, { outcome: 'lost' })).status).toBe(200);
  const lost = await disputeIn(disputeId, 'lost');
  expect(lost.keys_revoked_at).not.toBeNull();
  const keys = await t.db.dataSource.query(`SELECT revoked_at IS NOT NULL AS revoked FROM product_keys WHERE order_number = $1`, [number]);
  expect(keys.every((key: { revoked: boolean }) => key.revoked)).toBe(true);
  const [{ status }] = await t.db.dataSource.query(`SELECT status FROM orders WHERE number = $1`, [number]);
  expect(status).toBe('refunded');

  // The lost notification again (a provider's retry): nothing more happens.
  await control('webhooks/send', { kind: 'dispute_lost', id: disputeId });
  await until('the repeated notification to be handled', async () => {
    await job.runAfterCurrent();
    const [{ n }] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM provider_notifications WHERE kind = 'dispute-lost' AND subject->>'id' = $1 AND processed_at IS NOT NULL`, [disputeId]);
    return n >= 1;
  });
  const mails = await t.db.dataSource.query(`SELECT subject FROM mail_outbox WHERE recipient = $1 AND text_body ILIKE '%chargeback%'`, [shopper.email]);
  expect(mails).toHaveLength(1);
  const actions = (await t.db.dataSource.query(`SELECT action FROM audit_log WHERE subject_type = 'dispute' AND subject_id = $1 ORDER BY id`, [disputeId])).map((row: { action: string }) => row.action);
  expect(actions).toEqual(['dispute.evidence', 'dispute.evidence', 'dispute.contest']);
});

it('accepted: the cardholder keeps the money and the keys are revoked', async () => {
  const { number, transactionId } = await paidOrder();
  const opened = await control('disputes', { transactionId });
  const disputeId: string = opened.body.id;
  await disputeIn(disputeId, 'open');
  const cookie = await signIn(finance);
  const accepted = await t.http().post(`/data/admin/disputes/${disputeId}/accept`).set(XHR).set('Cookie', cookie);
  expect(accepted.body.data.status).toBe('accepted');
  const done = await until('the keys to be revoked', async () => {
    await job.runAfterCurrent();
    const [row] = await t.db.dataSource.query(`SELECT keys_revoked_at FROM disputes WHERE id = $1`, [disputeId]);
    return row?.keys_revoked_at ? row : null;
  });
  expect(done.keys_revoked_at).not.toBeNull();
  const [{ status }] = await t.db.dataSource.query(`SELECT status FROM orders WHERE number = $1`, [number]);
  expect(status).toBe('refunded');
});

it('won: the order and its keys stay as they were', async () => {
  const { number, transactionId } = await paidOrder();
  const disputeId: string = (await control('disputes', { transactionId })).body.id;
  await disputeIn(disputeId, 'open');
  const cookie = await signIn(finance);
  await t.http().post(`/data/admin/disputes/${disputeId}/evidence`).set(XHR).set('Cookie', cookie).send({ text: 'Delivered and used.' });
  await t.http().post(`/data/admin/disputes/${disputeId}/contest`).set(XHR).set('Cookie', cookie);
  await control(`disputes/${disputeId}/decide`, { outcome: 'won' });
  await disputeIn(disputeId, 'won');
  const [{ status }] = await t.db.dataSource.query(`SELECT status FROM orders WHERE number = $1`, [number]);
  expect(status).toBe('paid');
  const keys = await t.db.dataSource.query(`SELECT revoked_at FROM product_keys WHERE order_number = $1 AND revoked_at IS NOT NULL`, [number]);
  expect(keys).toEqual([]);
});
