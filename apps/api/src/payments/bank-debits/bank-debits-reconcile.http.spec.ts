import { ORDER_REPOSITORY, PAYMENT_PORTS, ReconcileBankDebits, type OrderRepository, type PaymentPorts } from '@store/application';
import { Gate, gateMethod } from '@store/application/testing';
import { CARD_GATEWAY } from '@store/domain';
import { usBankAccountNonce, type RunningBraintreeSandbox, type WalletFlowTarget } from '@store/payment-sandbox';
import { Client } from 'pg';
import { payByCard, shopperReadyToPay, type Shopper } from '../../testing/shopper';
import { XHR, type TestApp } from '../../testing/test-app';
import { configuredCardStore } from '../../testing/card-store';
import { until } from '../../testing/until';
import { ProviderNotificationsJob } from '../notifications/provider-notifications.job';

// A US bank account debit that settled, keys released, and was then returned by the payer's bank
// while the provider's notification of the return never reached the store: reconciliation looks
// the settled debit up (once a day while it can still come back), finds the return, and does what
// the notification would have done, once. Through the real API, the real braintree SDK and the
// card sandbox's settlement controls and signed webhooks.

let sandbox: RunningBraintreeSandbox;
let t: TestApp;
let target: WalletFlowTarget;

const rows = (sql: string, values: unknown[] = []) => t.db.dataSource.query(sql, values);
const AUSTIN = { line_1: '500 Congress Avenue', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };

const webhooks = (settings: Record<string, unknown>) =>
  fetch(`${sandbox.url}/__sandbox/webhooks/settings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(settings) });

const store = configuredCardStore({ sandboxConfig: { webhookRetryBaseMs: 100, webhookTimeoutMs: 2000 }, env: { BRAINTREE_SEPA: 'true', BRAINTREE_US_BANK_ACCOUNT: 'true', PAYMENT_GATEWAY_RULES: '*=braintree' }, receiveWebhooks: true });
beforeAll(() => ({ sandbox, t, target } = store));
jest.setTimeout(30_000);

const orderOf = async (shopper: Shopper, number: string) => (await t.http().get(`/data/orders/${number}`).set(XHR).set('Cookie', shopper.cookie)).body.data.order;
const saleOf = async (orderNumber: string) => {
  const all = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as { id: string; type: string; orderId: string | null; status: string }[];
  const sales = all.filter((sale) => sale.type === 'sale' && sale.orderId?.startsWith(`${orderNumber}-`));
  expect(sales).toHaveLength(1);
  return sales[0];
};
const bank = (transactionId: string, action: 'settle' | 'return') =>
  fetch(`${sandbox.url}/__sandbox/transactions/${transactionId}/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });

/** Until the store has kept the provider's notification of this kind about the transaction, then handles what is due. */
async function notified(transactionId: string, kind: string) {
  await until(`the ${kind} notification`, async () => (await rows(`SELECT 1 FROM provider_notifications WHERE kind = $1 AND subject->>'id' = $2`, [kind, transactionId])).length > 0);
  await t.app.get(ProviderNotificationsJob, { strict: false }).runAfterCurrent();
}
const mailsTo = (email: string) => rows(`SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 ORDER BY created_at`, [email]) as Promise<{ subject: string; text_body: string }[]>;
const returnMails = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.endsWith('was returned'));

/** Reconciliation's run, as it concerns this one debit (others of the suite's database may be looked up too). */
async function reconcileOnly(transactionId: string) {
  return (await t.app.get(ReconcileBankDebits, { strict: false }).run()).filter((done) => done.transactionId === transactionId);
}

/** A day has passed since the debit settled, or was last looked up. */
const aDayLater = (transactionId: string) =>
  rows(`UPDATE bank_debits SET updated_at = updated_at - interval '1 day', checked_at = checked_at - interval '1 day' WHERE transaction_id = $1`, [transactionId]);

/** A first ACH order of a new customer, settled by its bank with the notification delivered: paid, keys released, receipt sent. */
async function settledAchOrder() {
  const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
  const checkout = await t.http().get(`/data/braintree-checkout?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie);
  const fingerprint = JSON.parse(Buffer.from(checkout.body.data.client_token, 'base64').toString('utf8')).authorizationFingerprint;
  const nonce = await usBankAccountNonce(target, fingerprint, { accountNumber: '1000000000' });
  const placed = await payByCard(t, shopper, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us' });
  expect(placed.body.success).toBe(true);
  const number = placed.body.data.order_number as string;
  expect(await orderOf(shopper, number)).toMatchObject({ status: 'pending', bank_debit: { state: 'pending', released: false } });
  const sale = await saleOf(number);
  expect((await bank(sale.id, 'settle')).status).toBe(200);
  await notified(sale.id, 'transaction-settled');
  const paid = await orderOf(shopper, number);
  expect(paid).toMatchObject({ status: 'paid', bank_debit: { state: 'settled', released: true } });
  expect(paid.lines[0].product_key).toEqual(expect.any(String));
  return { shopper, number, sale, paid };
}

/** The payer's bank returns the settled debit, and the provider's notification of it is held: lost, as far as the store can tell. */
async function returnedUnnoticed(transactionId: string) {
  await webhooks({ held: true });
  expect((await bank(transactionId, 'return')).status).toBe(200);
}

describe('a return after settlement whose notification was lost', () => {
  afterEach(() => webhooks({ held: false }));

  it('is found by the daily look-up: keys revoked, downloads closed, one mail; again, and the notification delivered late, change nothing', async () => {
    const { shopper, number, sale, paid } = await settledAchOrder();
    // Settled just now: first looked up a day later, and then not again that day.
    expect(await reconcileOnly(sale.id)).toEqual([]);
    await aDayLater(sale.id);
    expect(await reconcileOnly(sale.id)).toEqual([{ transactionId: sale.id, outcome: 'still-settled' }]);
    await returnedUnnoticed(sale.id);
    // The provider shows the return as a decline after settlement.
    expect((await saleOf(number)).status).toBe('settlement_declined');
    expect(await reconcileOnly(sale.id)).toEqual([]);
    expect(await orderOf(shopper, number)).toMatchObject({ status: 'paid', bank_debit: { state: 'settled' } });

    await aDayLater(sale.id);
    expect(await reconcileOnly(sale.id)).toEqual([{ transactionId: sale.id, outcome: 'returned-revoked' }]);
    const returned = await orderOf(shopper, number);
    expect(returned).toMatchObject({ status: 'refunded', bank_debit: { state: 'returned', released: true } });
    expect(returned.lines.every((line: { product_key: string | null }) => line.product_key === null)).toBe(true);
    expect((await t.http().get(paid.lines[0].download_url).set('Cookie', shopper.cookie)).status).toBe(404);
    const [mail, ...more] = await returnMails(shopper.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Your payment for order ${number} was returned`);
    expect(mail.text_body).toContain('Its product keys have been revoked');

    // Again, even a day later: nothing is due.
    await aDayLater(sale.id);
    expect(await reconcileOnly(sale.id)).toEqual([]);
    // The provider's notification, delivered at last, is handled and changes nothing more.
    await webhooks({ held: false });
    await notified(sale.id, 'transaction-settlement-declined');
    expect(await rows(`SELECT outcome FROM provider_notifications WHERE kind = 'transaction-settlement-declined' AND subject->>'id' = $1`, [sale.id])).toEqual([{ outcome: 'already-refunded' }]);
    expect(await returnMails(shopper.email)).toHaveLength(1);
    expect(await orderOf(shopper, number)).toMatchObject({ status: 'refunded', bank_debit: { state: 'returned' } });
  });

  it('handled by its notification first, leaves reconciliation nothing to do', async () => {
    const { shopper, number, sale } = await settledAchOrder();
    expect((await bank(sale.id, 'return')).status).toBe(200);
    await notified(sale.id, 'transaction-settlement-declined');
    expect(await orderOf(shopper, number)).toMatchObject({ status: 'refunded', bank_debit: { state: 'returned' } });
    expect(await reconcileOnly(sale.id)).toEqual([]);
    expect(await returnMails(shopper.email)).toHaveLength(1);
  });
});

describe('the database down while reconciliation handles a returned debit', () => {
  afterEach(() => webhooks({ held: false }));

  /** Makes the store's database refuse every connection (its open ones cut), then lets it back. */
  async function databaseDown(): Promise<() => Promise<void>> {
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL });
    await admin.connect();
    const name = new URL(t.db.url).pathname.slice(1);
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    return async () => {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    };
  }

  /** Runs reconciliation, held at the gate; with the database taken down there, lets it carry on and returns its outcome for the debit. */
  async function runWithDatabaseDownAt(gate: Gate, transactionId: string) {
    await aDayLater(transactionId);
    const running = reconcileOnly(transactionId);
    await gate.arrived(1);
    const databaseBack = await databaseDown();
    try {
      gate.open();
      return await running;
    } finally {
      await databaseBack();
    }
  }

  it('after the look-up, before anything is written: nothing changed, and the next run does it all, once', async () => {
    const { shopper, number, sale } = await settledAchOrder();
    await returnedUnnoticed(sale.id);
    const port = t.app.get<PaymentPorts>(PAYMENT_PORTS, { strict: false })[CARD_GATEWAY.key] as object as { debitStatus(id: string): Promise<unknown> };
    const gate = new Gate({ holdOnly: 1 });
    const restore = gateMethod(port, 'debitStatus', gate, 'after');
    try {
      expect(await runWithDatabaseDownAt(gate, sale.id)).toEqual([{ transactionId: sale.id, outcome: 'failed', error: expect.any(String) }]);
    } finally {
      restore();
    }
    expect(await rows('SELECT state, checked_at FROM bank_debits WHERE transaction_id = $1', [sale.id])).toEqual([{ state: 'settled', checked_at: null }]);
    expect(await orderOf(shopper, number)).toMatchObject({ status: 'paid', bank_debit: { state: 'settled' } });
    expect(await returnMails(shopper.email)).toEqual([]);

    expect(await reconcileOnly(sale.id)).toEqual([{ transactionId: sale.id, outcome: 'returned-revoked' }]);
    expect(await reconcileOnly(sale.id)).toEqual([]);
    expect(await orderOf(shopper, number)).toMatchObject({ status: 'refunded', bank_debit: { state: 'returned' } });
    expect(await returnMails(shopper.email)).toHaveLength(1);
  });

  it('between recording the return and revoking the keys: the next run carries the return through, with one mail', async () => {
    const { shopper, number, sale } = await settledAchOrder();
    await returnedUnnoticed(sale.id);
    const orders = t.app.get<OrderRepository>(ORDER_REPOSITORY, { strict: false });
    const gate = new Gate({ holdOnly: 1 });
    const restore = gateMethod(orders, 'revoke', gate, 'before');
    try {
      expect(await runWithDatabaseDownAt(gate, sale.id)).toEqual([{ transactionId: sale.id, outcome: 'failed', error: expect.any(String) }]);
    } finally {
      restore();
    }
    // Cut short: the return is recorded, the keys are still out, nobody was told.
    expect(await orderOf(shopper, number)).toMatchObject({ status: 'paid', bank_debit: { state: 'returned' } });
    expect(await returnMails(shopper.email)).toEqual([]);

    expect(await reconcileOnly(sale.id)).toEqual([{ transactionId: sale.id, outcome: 'returned-revoked' }]);
    expect(await reconcileOnly(sale.id)).toEqual([]);
    expect(await orderOf(shopper, number)).toMatchObject({ status: 'refunded', bank_debit: { state: 'returned' } });
    expect(await returnMails(shopper.email)).toHaveLength(1);
    // The notification delivered late changes nothing more.
    await webhooks({ held: false });
    await notified(sale.id, 'transaction-settlement-declined');
    expect(await returnMails(shopper.email)).toHaveLength(1);
  });
});
