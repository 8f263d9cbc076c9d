import { ProviderNotificationHandlers, type HandlingResult, type ProviderNotificationHandler, type StoredProviderNotification } from '@store/application';
import { gatewayFor, startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import type { AddressInfo } from 'node:net';
import { cardSandboxEnv } from '../../testing/sandbox-env';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { until } from '../../testing/until';
import { ProviderNotificationsJob } from '../notifications/provider-notifications.job';

// The card sandbox sends its signed webhooks to the store over HTTP, as the provider does (form
// posts, at least once, retried until a 2xx): the store keeps each notification once and its
// handler sees it once.

let sandbox: RunningBraintreeSandbox;
let t: TestApp;
let job: ProviderNotificationsJob;

type Delivery = { id: string; status: string; extraCopies: number; attempts: { status: number | null }[] };
const control = async (path: string, body?: unknown): Promise<Record<string, unknown>> => {
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as Record<string, unknown>;
};

const settled: StoredProviderNotification[] = [];
let own: ProviderNotificationHandler | null = null;
const recorder: ProviderNotificationHandler = {
  handle(notification): Promise<HandlingResult> {
    settled.push(notification);
    return Promise.resolve({ outcome: 'recorded' });
  },
};

beforeAll(async () => {
  sandbox = await startBraintreeSandbox({ config: { webhookRetryBaseMs: 100, webhookTimeoutMs: 2000 } });
  t = await createTestApp({ env: cardSandboxEnv(sandbox.url) });
  await t.app.listen(0, '127.0.0.1');
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  await control('webhooks/settings', { url: `http://127.0.0.1:${port}/webhooks/braintree/` });
  job = t.app.get(ProviderNotificationsJob, { strict: false });
  // The recorder stands in for the store's own handler of the kind: this file is about delivery.
  const handlers = t.app.get(ProviderNotificationHandlers, { strict: false });
  own = handlers.for('transaction-settled');
  if (own) handlers.unregister('transaction-settled', own);
  handlers.register('transaction-settled', recorder);
}, 60_000);
afterAll(async () => {
  const handlers = t?.app.get(ProviderNotificationHandlers, { strict: false });
  handlers?.unregister('transaction-settled', recorder);
  if (own) handlers?.register('transaction-settled', own);
  await t?.close();
  await sandbox?.close();
});

jest.setTimeout(30_000);

it("keeps the sandbox's signed notification once though it is delivered twice, and hands it on once", async () => {
  const sale = await gatewayFor(sandbox).transaction.sale({ amount: '12.34', merchantAccountId: 'store_GBP', paymentMethodNonce: 'fake-valid-nonce', options: { submitForSettlement: true } });
  expect(sale.success).toBe(true);
  const transactionId = sale.transaction.id;
  await control('webhooks/settings', { duplicateNext: 1 });
  const queued = (await control('webhooks/send', { kind: 'transaction_settled', id: transactionId })) as unknown as Delivery;
  const delivered = await until('both copies to be answered', async () => {
    const delivery = (await control(`webhooks/${queued.id}`)) as unknown as Delivery;
    return delivery.status === 'delivered' && delivery.extraCopies === 0 ? delivery : null;
  });
  expect(delivered.attempts.map((attempt) => attempt.status)).toEqual([200, 200]);
  const rows = await t.db.dataSource.query(`SELECT kind, provider_kind, subject FROM provider_notifications WHERE subject->>'id' = $1`, [transactionId]);
  expect(rows).toEqual([
    { kind: 'transaction-settled', provider_kind: 'transaction_settled', subject: expect.objectContaining({ type: 'transaction', id: transactionId, status: expect.any(String), amount: '12.34' }) },
  ]);
  await job.runAfterCurrent();
  expect(settled.filter((notification) => notification.subject.type === 'transaction' && notification.subject.id === transactionId)).toHaveLength(1);
});
