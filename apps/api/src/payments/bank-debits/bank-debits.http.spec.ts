import { sepaNonce, usBankAccountNonce, type RunningBraintreeSandbox, type WalletFlowTarget } from '@store/payment-sandbox';
import { checkoutAction, cookieOf, payByCard, shopperReadyToPay, type Shopper } from '../../testing/shopper';
import { XHR, type TestApp } from '../../testing/test-app';
import { configuredCardStore } from '../../testing/card-store';
import { until } from '../../testing/until';
import { ProviderNotificationsJob } from '../notifications/provider-notifications.job';
import { BankDebitNotifications, ReconcileBankDebits, ReconcilePayments } from '@store/application';

// Orders paid by a bank debit (SEPA, US bank account) through the real API, the real braintree SDK
// and the card sandbox's settlement and signed webhooks: the debit is accepted at once, but the
// keys wait for the bank unless the release rule trusts the customer; settlement releases them,
// a decline fails the order, and a return after release takes the keys back. Nothing twice.

let sandbox: RunningBraintreeSandbox;
let t: TestApp;
let target: WalletFlowTarget;

const rows = (sql: string, values: unknown[] = []) => t.db.dataSource.query(sql, values);
const LISBON = { line_1: 'Rua Augusta 24', city: 'Lisboa', postal_code: '1100-053', country: 'PT' };
const AUSTIN = { line_1: '500 Congress Avenue', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };

const store = configuredCardStore({ sandboxConfig: { webhookRetryBaseMs: 100, webhookTimeoutMs: 2000 }, env: { BRAINTREE_SEPA: 'true', BRAINTREE_US_BANK_ACCOUNT: 'true', PAYMENT_GATEWAY_RULES: '*=braintree' }, receiveWebhooks: true });
beforeAll(() => ({ sandbox, t, target } = store));
jest.setTimeout(30_000);

async function fingerprintOf(shopper: Shopper): Promise<string> {
  const checkout = await t.http().get(`/data/braintree-checkout?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie);
  expect(checkout.body.data.bank_debits).toEqual({ sepa: true, us_bank_account: true });
  return JSON.parse(Buffer.from(checkout.body.data.client_token, 'base64').toString('utf8')).authorizationFingerprint;
}

const orderOf = async (shopper: Shopper, number: string) => (await t.http().get(`/data/orders/${number}`).set(XHR).set('Cookie', shopper.cookie)).body.data.order;
const saleOf = async (orderNumber: string) => {
  const all = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as { id: string; type: string; orderId: string | null; status: string }[];
  const sales = all.filter((sale) => sale.type === 'sale' && sale.orderId?.startsWith(`${orderNumber}-`));
  expect(sales).toHaveLength(1);
  return sales[0];
};
const bank = (transactionId: string, action: 'settle' | 'fail' | 'return') =>
  fetch(`${sandbox.url}/__sandbox/transactions/${transactionId}/${action}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });

/** Until the store has kept the provider's notification of this kind about the transaction, then handles what is due. */
async function notified(transactionId: string, kind: string, times = 1) {
  await until(`the ${kind} notification`, async () => {
    const kept = await rows(`SELECT 1 FROM provider_notifications WHERE kind = $1 AND subject->>'id' = $2`, [kind, transactionId]);
    return kept.length >= times;
  });
  await t.app.get(ProviderNotificationsJob, { strict: false }).runAfterCurrent();
}
const mailsTo = (email: string) => rows(`SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 ORDER BY created_at`, [email]) as Promise<{ subject: string; text_body: string }[]>;

/** The same customer's next basket of Affinity Photo 2, billed as before and ready to pay. */
async function nextBasket(shopper: Shopper): Promise<Shopper> {
  const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', shopper.cookie).send({ product_suite_reference: 'photo-2', locale: 'en-us' });
  const basketCookie = cookieOf(added, 'afs_basket');
  const cookie = basketCookie ? [...shopper.cookie.split('; ').filter((part) => !part.startsWith('afs_basket=')), basketCookie].join('; ') : shopper.cookie;
  const reference = added.body.data.reference as string;
  expect(reference).not.toBe(shopper.basket.reference);
  expect((await checkoutAction(t, 'CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: reference, ...AUSTIN }, cookie)).body.success).toBe(true);
  expect((await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', cookie).send({ basket_ref: reference })).body.data.gateway).toBe('braintree');
  const session = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
  return { ...shopper, cookie, basketReference: reference, basket: session.body.data.basket };
}

async function paySepa(shopper: Shopper, iban: string) {
  const nonce = (await sepaNonce(target, await fingerprintOf(shopper), { iban, countryCode: 'PT' })).nonce as string;
  return payByCard(t, shopper, { token: nonce, payment_method_type: 'sepa', locale: 'en-eu' });
}

describe('SEPA direct debit', () => {
  it("a first order waits for the bank: no keys until the debit settles, then paid with its receipt, once", async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-eu', address: LISBON });
    const placed = await paySepa(shopper, 'DE89370400440532013000');
    expect(placed.body).toMatchObject({ success: true, data: { redirect: expect.stringMatching(/^\/en-eu\/order\/AFS-\d+\/$/) } });
    const number = placed.body.data.order_number;
    const waiting = await orderOf(shopper, number);
    expect(waiting).toMatchObject({ status: 'pending', bank_debit: { state: 'pending', released: false } });
    expect(waiting.lines[0].product_key).toBeNull();
    const sale = await saleOf(number);
    expect(sale.status).toBe('settlement_pending');
    expect(await mailsTo(shopper.email)).toEqual([]);

    expect((await bank(sale.id, 'settle')).status).toBeLessThan(300);
    await notified(sale.id, 'transaction-settled');
    const paid = await orderOf(shopper, number);
    expect(paid).toMatchObject({ status: 'paid', bank_debit: { state: 'settled', released: true } });
    expect(paid.lines[0].product_key).toEqual(expect.any(String));
    // The same notification again (a replay) releases nothing twice.
    const [delivery] = ((await (await fetch(`${sandbox.url}/__sandbox/webhooks`)).json()) as { deliveries: { id: string; subjectId: string }[] }).deliveries.filter((d) => d.subjectId === sale.id);
    await fetch(`${sandbox.url}/__sandbox/webhooks/${delivery.id}/replay`, { method: 'POST' });
    await t.app.get(ProviderNotificationsJob, { strict: false }).runAfterCurrent();
    const receipts = (await mailsTo(shopper.email)).filter((mail) => mail.subject.includes('order'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text_body).toContain(paid.lines[0].product_key);
    expect(await rows('SELECT count(*)::int AS n FROM product_keys WHERE order_number = $1', [number])).toEqual([{ n: paid.lines.length }]);
  });

  it('declined at settlement: the waiting order fails, nothing is released, the shopper is told', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-eu', address: LISBON });
    const placed = await paySepa(shopper, 'DE62370400440532013001');
    const number = placed.body.data.order_number;
    const sale = await saleOf(number);
    await bank(sale.id, 'fail');
    await notified(sale.id, 'transaction-settlement-declined');
    expect(await orderOf(shopper, number)).toMatchObject({ status: 'failed', bank_debit: { state: 'declined', released: false } });
    expect(await rows('SELECT count(*)::int AS n FROM product_keys WHERE order_number = $1', [number])).toEqual([{ n: 0 }]);
    const [mail] = await mailsTo(shopper.email);
    expect(mail.subject).toBe(`Your order ${number} was not paid`);
    expect(mail.text_body).toContain('Your bank declined the debit of');
    expect(mail.text_body).toContain('nothing was taken');
  });
});

describe('a settlement notification that never comes', () => {
  it('is made up for by looking the debit up at the gateway: settled, the waiting order is released once', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-eu', address: LISBON });
    const number = (await paySepa(shopper, 'NL91ABNA0417164300')).body.data.order_number;
    const sale = await saleOf(number);
    // The provider's delivery is held (lost, as far as the store can tell) while the bank settles.
    await fetch(`${sandbox.url}/__sandbox/webhooks/settings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ held: true }) });
    try {
      await bank(sale.id, 'settle');
      const reconcile = t.app.get(ReconcileBankDebits, { strict: false });
      // Not yet long enough waiting: left alone.
      expect(await reconcile.run()).toEqual([]);
      await rows(`UPDATE bank_debits SET created_at = now() - interval '8 days' WHERE transaction_id = $1`, [sale.id]);
      expect(await reconcile.run()).toEqual([{ transactionId: sale.id, outcome: 'settled-released' }]);
      expect(await reconcile.run()).toEqual([]);
      expect(await orderOf(shopper, number)).toMatchObject({ status: 'paid', bank_debit: { state: 'settled', released: true } });
    } finally {
      await fetch(`${sandbox.url}/__sandbox/webhooks/settings`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ held: false }) });
    }
    // The notification, delivered at last, changes nothing more.
    await notified(sale.id, 'transaction-settled');
    expect((await mailsTo(shopper.email)).filter((mail) => mail.subject.includes('order'))).toHaveLength(1);
  });
});

describe('US bank account (ACH)', () => {
  it('a returning customer within the limit gets the keys at once; a return after settlement revokes them and closes the downloads', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    // An earlier order paid by card: the customer has paid the store before.
    const first = await payByCard(t, shopper, { locale: 'en-us' });
    expect(first.body.success).toBe(true);
    const again = await nextBasket(shopper);
    const nonce = await usBankAccountNonce(target, await fingerprintOf(again), { accountNumber: '2000000002' });
    const placed = await payByCard(t, again, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us' });
    expect(placed.body.success).toBe(true);
    const number = placed.body.data.order_number;
    const released = await orderOf(again, number);
    expect(released).toMatchObject({ status: 'paid', bank_debit: { state: 'pending', released: true } });
    expect(released.lines[0].product_key).toEqual(expect.any(String));
    expect((await t.http().get(released.lines[0].download_url).set('Cookie', again.cookie)).status).toBe(200);

    const sale = await saleOf(number);
    await bank(sale.id, 'settle');
    await notified(sale.id, 'transaction-settled');
    expect(await orderOf(again, number)).toMatchObject({ status: 'paid', bank_debit: { state: 'settled', released: true } });
    await bank(sale.id, 'return');
    await notified(sale.id, 'transaction-settlement-declined');
    const returned = await orderOf(again, number);
    expect(returned).toMatchObject({ status: 'refunded', bank_debit: { state: 'returned', released: true } });
    expect(returned.lines.every((line: { product_key: string | null }) => line.product_key === null)).toBe(true);
    expect((await t.http().get(released.lines[0].download_url).set('Cookie', again.cookie)).status).toBe(404);
    const mails = await mailsTo(again.email);
    expect(mails.map((mail) => mail.subject)).toContain(`Your payment for order ${number} was returned`);
    expect(mails.find((mail) => mail.subject.includes('returned'))?.text_body).toContain('Its product keys have been revoked');
  });

  it("reads a settlement handled after its return's notification (both of one moment) as a return", async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    expect((await payByCard(t, shopper, { locale: 'en-us' })).body.success).toBe(true);
    const again = await nextBasket(shopper);
    const nonce = await usBankAccountNonce(target, await fingerprintOf(again), { accountNumber: '1000000000' });
    const number = (await payByCard(t, again, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us' })).body.data.order_number;
    const sale = await saleOf(number);
    const notifications = t.app.get(BankDebitNotifications, { strict: false });
    // The return's notification first, then the settlement's, as an inbox may meet two of one second.
    expect(await notifications.debitRefused(sale.id)).toEqual({ outcome: 'declined-revoked' });
    expect(await notifications.debitSettled(sale.id)).toEqual({ outcome: 'not-settled-returned' });
    expect(await orderOf(again, number)).toMatchObject({ status: 'refunded', bank_debit: { state: 'returned', released: true } });
  });

  it('a first ACH order waits for the bank, and reconciliation leaves it to the bank', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    const nonce = await usBankAccountNonce(target, await fingerprintOf(shopper), { accountNumber: '1000000000' });
    const placed = await payByCard(t, shopper, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us' });
    const number = placed.body.data.order_number;
    expect(await orderOf(shopper, number)).toMatchObject({ status: 'pending', bank_debit: { state: 'pending', released: false } });
    // Reconciliation, even long after, leaves it to its bank: no keys, not failed.
    await rows(`UPDATE orders SET created_at = now() - interval '1 day' WHERE number = $1`, [number]);
    const reconciled = await t.app.get(ReconcilePayments, { strict: false }).run();
    expect(reconciled.reconciled.map((order) => order.orderNumber)).not.toContain(number);
    expect(await orderOf(shopper, number)).toMatchObject({ status: 'pending', bank_debit: { state: 'pending', released: false } });
  });
});
