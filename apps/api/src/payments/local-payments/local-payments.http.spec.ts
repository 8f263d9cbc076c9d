import { answerLandingPage, startLocalPayment, type RunningBraintreeSandbox, type WalletFlowTarget } from '@store/payment-sandbox';
import { checkoutAction, payByCard, shopperReadyToPay, type Shopper } from '../../testing/shopper';
import { XHR, type TestApp } from '../../testing/test-app';
import { configuredCardStore } from '../../testing/card-store';
import { until } from '../../testing/until';
import { ProviderNotificationsJob } from '../notifications/provider-notifications.job';
import { LocalPaymentsJob } from './local-payments.job';

// The local payment methods through the real API, the real braintree SDK and the card sandbox's
// signed webhooks: the order is reserved when the provider's flow starts, waits pending for the
// payer, and is charged exactly once, by the page's nonce or by the provider's notification,
// whichever comes first; a payment that expires, is reversed or is given up charges nothing.

let sandbox: RunningBraintreeSandbox;
let t: TestApp;
let target: WalletFlowTarget;
let fingerprint: string;

const rows = (sql: string, values: unknown[] = []) => t.db.dataSource.query(sql, values);

const WARSAW = { line_1: 'ul. Marszałkowska 1', city: 'Warszawa', postal_code: '00-624', country: 'PL' };
const LISBON = { line_1: 'Rua Augusta 24', city: 'Lisboa', postal_code: '1100-053', country: 'PT' };

const store = configuredCardStore({ sandboxConfig: { webhookRetryBaseMs: 100, webhookTimeoutMs: 2000, localPaymentCreateDelayMs: 0 }, env: { BRAINTREE_PAYPAL: 'true', BRAINTREE_LOCAL_PAYMENTS: 'true' }, receiveWebhooks: true });
beforeAll(() => ({ sandbox, t, target } = store));
const { control } = store;
jest.setTimeout(30_000);

/** The client token's fingerprint for the shopper's basket, as the page's braintree-web gets it. */
async function clientFingerprint(shopper: Shopper): Promise<string> {
  const checkout = await t.http().get(`/data/braintree-checkout?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie);
  expect(checkout.body.data.local_payments).toBe(true);
  return JSON.parse(Buffer.from(checkout.body.data.client_token, 'base64').toString('utf8')).authorizationFingerprint;
}

type Started = { shopper: Shopper; paymentId: string; orderNumber: string; amount: string };

/** A shopper's local payment set up with the provider (as braintree-web does) and started with the store. */
async function started(options: { address: Record<string, string>; locale: string; paymentType: 'blik' | 'mbway'; currency: string; deferred?: boolean }): Promise<Started> {
  const shopper = await shopperReadyToPay(t, { locale: options.locale, address: options.address });
  fingerprint = await clientFingerprint(shopper);
  const amount = (shopper.basket as unknown as { pricing: { total: { gross: { amount_minor: number } } } }).pricing.total.gross.amount_minor;
  const decimal = (amount / 100).toFixed(2);
  const blikLevel0 = options.paymentType === 'blik' && options.deferred ? { blikOptions: { level_0: { authCode: '123456' } } } : {};
  const phone = options.paymentType === 'mbway' ? { phone: '912345678', phoneCountryCode: '351' } : {};
  const created = await startLocalPayment(target, fingerprint, { paymentType: options.paymentType, amount: decimal, currency: options.currency, extra: { ...blikLevel0, ...phone } });
  expect(created.status).toBe(201);
  const paymentId = created.paymentId as string;
  const start = await startAction(shopper, paymentId, options.paymentType === 'blik' ? 'blik' : 'mbway', options.locale);
  expect(start.body).toMatchObject({ success: true, data: { redirect: expect.stringMatching(/^\/en-(pl|eu)\/order\/AFS-\d+\/$/) } });
  return { shopper, paymentId, orderNumber: start.body.data.order_number, amount: decimal };
}

const startAction = (shopper: Shopper, paymentId: string, method: string, locale: string, extra: Record<string, unknown> = {}) =>
  checkoutAction(
    t,
    'START_LOCAL_PAYMENT',
    {
      basket_reference_id: shopper.basket.reference,
      basket_stale_hash: shopper.basket.stale_hash,
      gateway: 'braintree',
      payment_method_type: method,
      payment_id: paymentId,
      withdrawal_consent: true,
      locale,
      ...extra,
    },
    shopper.cookie,
  );

const orderOf = async (shopper: Shopper, number: string) => (await t.http().get(`/data/orders/${number}`).set(XHR).set('Cookie', shopper.cookie)).body.data.order;
const salesOf = async (orderNumber: string) =>
  ((await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as { type: string; orderId: string | null; amount: string; status: string }[]).filter(
    (sale) => sale.type === 'sale' && sale.orderId?.startsWith(`${orderNumber}-`),
  );
const notificationsJob = () => t.app.get(ProviderNotificationsJob, { strict: false });
const localPaymentsJob = () => t.app.get(LocalPaymentsJob, { strict: false });

/** Until the store has kept the provider's notification of this kind about the payment, then handles what is due. */
async function notified(paymentId: string, kind: string) {
  await until(`the ${kind} notification`, async () => {
    const kept = await rows(`SELECT 1 FROM provider_notifications WHERE kind = $1 AND subject->>'paymentId' = $2`, [kind, paymentId]);
    return kept.length > 0;
  });
  await notificationsJob().runAfterCurrent();
}

/** The outcome the store recorded for its notifications about the payment, by kind. */
const outcomes = async (paymentId: string) =>
  (await rows(`SELECT kind, outcome FROM provider_notifications WHERE subject->>'paymentId' = $1 ORDER BY occurred_at, received_at`, [paymentId])) as {
    kind: string;
    outcome: string | null;
  }[];

describe('BLIK by code (level 0): the payer approves in the bank app and the store hears it by webhook', () => {
  it('waits pending, then is charged once with the notification\'s nonce and the receipt sent, though the shopper left', async () => {
    const { shopper, paymentId, orderNumber, amount } = await started({ address: WARSAW, locale: 'en-pl', paymentType: 'blik', currency: 'PLN', deferred: true });
    expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'pending', local_payment: { method: 'blik', state: 'waiting' } });
    expect(await salesOf(orderNumber)).toEqual([]);

    // The payer approves in the bank app; the provider sends LOCAL_PAYMENT_COMPLETED, twice.
    await control('webhooks/settings', { duplicateNext: 1 });
    expect((await control(`local-payments/${paymentId}/approve`)).status).toBe(200);
    await notified(paymentId, 'local-payment-completed');
    expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'pending', local_payment: { state: 'completing' } });
    await localPaymentsJob().runAfterCurrent();

    const order = await orderOf(shopper, orderNumber);
    expect(order).toMatchObject({ status: 'paid', local_payment: { method: 'blik', state: 'paid' } });
    expect(order.lines[0].product_key).toEqual(expect.any(String));
    const sales = await salesOf(orderNumber);
    expect(sales.map((sale) => sale.amount)).toEqual([amount]);
    const [receipt] = await rows(`SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 AND subject LIKE '%order%' ORDER BY created_at`, [shopper.email]);
    expect(receipt.text_body).toContain(order.lines[0].product_key);
    // The duplicate delivery is kept once; another round of the worker charges nothing more.
    await until('the duplicate delivery', async () => {
      const { deliveries } = (await (await fetch(`${sandbox.url}/__sandbox/webhooks`)).json()) as { deliveries: { subjectId: string; status: string; extraCopies: number; attempts: unknown[] }[] };
      const completed = deliveries.filter((delivery) => delivery.subjectId === paymentId);
      return completed.length === 1 && completed[0].status === 'delivered' && completed[0].extraCopies === 0 && completed[0].attempts.length === 2;
    });
    await notificationsJob().runAfterCurrent();
    await localPaymentsJob().runAfterCurrent();
    expect(await salesOf(orderNumber)).toHaveLength(1);
    expect(await outcomes(paymentId)).toEqual([{ kind: 'local-payment-completed', outcome: 'approved' }]);
  });

  it('keeps a notification that comes before the page recorded the payment, and completes the order once it has', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-pl', address: WARSAW });
    fingerprint = await clientFingerprint(shopper);
    const gross = (shopper.basket as unknown as { pricing: { total: { gross: { amount_minor: number } } } }).pricing.total.gross.amount_minor;
    const created = await startLocalPayment(target, fingerprint, {
      paymentType: 'blik',
      amount: (gross / 100).toFixed(2),
      currency: 'PLN',
      extra: { blikOptions: { level_0: { authCode: '654321' } } },
    });
    const paymentId = created.paymentId as string;
    // Approved (and notified) before the page's START_LOCAL_PAYMENT reached the store.
    await control(`local-payments/${paymentId}/approve`);
    await notified(paymentId, 'local-payment-completed');
    const [early] = await rows(`SELECT processed_at, attempts, last_error FROM provider_notifications WHERE subject->>'paymentId' = $1`, [paymentId]);
    expect(early).toMatchObject({ processed_at: null, attempts: 1, last_error: 'the local payment is not recorded yet' });

    const start = await startAction(shopper, paymentId, 'blik', 'en-pl');
    const orderNumber = start.body.data.order_number;
    // Its retry is due (the backoff brought forward, as time would; a second back, as the worker
    // compares with the app's millisecond clock and the database's now() has microseconds).
    await rows(`UPDATE provider_notifications SET next_attempt_at = now() - interval '1 second' WHERE subject->>'paymentId' = $1`, [paymentId]);
    await notificationsJob().runAfterCurrent();
    await localPaymentsJob().runAfterCurrent();
    expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'paid', local_payment: { state: 'paid' } });
    expect(await salesOf(orderNumber)).toHaveLength(1);
  });
});

describe('BLIK by the provider\'s window: the page gets the nonce', () => {
  it('is charged once whether the page or the webhook comes first, racing', async () => {
    for (const first of ['page', 'both'] as const) {
      const { shopper, paymentId, orderNumber, amount } = await started({ address: WARSAW, locale: 'en-pl', paymentType: 'blik', currency: 'PLN' });
      const { returned } = await answerLandingPage(target, paymentId, 'approve', '123456');
      expect(returned).toMatchObject({ btLpPaymentId: paymentId });
      const tokenized = await fetch(`${sandbox.url}/merchants/${sandbox.config.merchantId}/client_api/v1/payment_methods/paypal_accounts`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          authorizationFingerprint: fingerprint,
          paypalAccount: { correlationId: returned?.btLpToken, paymentToken: paymentId, payerId: returned?.btLpPayerId, unilateral: false, intent: 'sale' },
        }),
      });
      const nonce = ((await tokenized.json()) as { paypalAccounts: { nonce: string }[] }).paypalAccounts[0].nonce;
      const pay = () => payByCard(t, shopper, { token: nonce, existing_order_number: orderNumber, payment_method_type: 'blik', locale: 'en-pl' });
      if (first === 'page') {
        const paid = await pay();
        expect(paid.body).toMatchObject({ success: true, data: { order_number: orderNumber, redirect: `/en-pl/order/${orderNumber}/` } });
        await notified(paymentId, 'local-payment-completed');
        await localPaymentsJob().runAfterCurrent();
        expect((await outcomes(paymentId)).map((row) => row.outcome)).toEqual(['already-paid']);
      } else {
        // The webhook is kept and handled while the page's PLACE_ORDER is on its way.
        await notified(paymentId, 'local-payment-completed');
        const [paid] = await Promise.all([pay(), localPaymentsJob().runAfterCurrent()]);
        // The page either charged it or found it charged (or being charged) by the worker.
        expect([true, false]).toContain(paid.body.success);
        if (!paid.body.success) expect(paid.body.code).toBe(310201);
        await localPaymentsJob().runAfterCurrent();
      }
      expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'paid', local_payment: { state: 'paid' } });
      expect((await salesOf(orderNumber)).map((sale) => sale.amount)).toEqual([amount]);
    }
  });
});

describe('a payment that ends unpaid', () => {
  it('expires: the order fails, nothing is charged, the shopper is mailed, and the basket can be paid by card', async () => {
    const { shopper, paymentId, orderNumber } = await started({ address: LISBON, locale: 'en-eu', paymentType: 'mbway', currency: 'EUR' });
    expect((await control(`local-payments/${paymentId}/expire`)).status).toBe(200);
    await notified(paymentId, 'local-payment-expired');
    expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'failed', local_payment: { method: 'mbway', state: 'expired' } });
    expect(await salesOf(orderNumber)).toEqual([]);
    const [mail] = await rows(`SELECT subject, text_body FROM mail_outbox WHERE recipient = $1 AND subject LIKE '%not paid%'`, [shopper.email]);
    expect(mail.subject).toBe(`Your order ${orderNumber} was not paid`);
    expect(mail.text_body).toContain('The MB WAY payment was not approved in time, so it has expired.');
    expect(mail.text_body).toContain('you have not been charged');
    expect(mail.text_body).toContain('http://store.test/en-eu/basket/');

    const paid = await payByCard(t, shopper, { existing_order_number: orderNumber, locale: 'en-eu' });
    expect(paid.body).toMatchObject({ success: true, data: { order_number: orderNumber } });
    expect(await salesOf(orderNumber)).toHaveLength(1);
  });

  it('is given up by the shopper: the order fails; a late approval of it charges nothing', async () => {
    const { shopper, paymentId, orderNumber } = await started({ address: WARSAW, locale: 'en-pl', paymentType: 'blik', currency: 'PLN', deferred: true });
    const cancel = await checkoutAction(t, 'CANCEL_LOCAL_PAYMENT', { order_number: orderNumber, reason: 'canceled' }, shopper.cookie);
    expect(cancel.body).toMatchObject({ success: true });
    expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'failed', local_payment: { state: 'cancelled' } });
    // Asked again: nothing more changes.
    expect((await checkoutAction(t, 'CANCEL_LOCAL_PAYMENT', { order_number: orderNumber, reason: 'canceled' }, shopper.cookie)).body.success).toBe(true);
    await control(`local-payments/${paymentId}/approve`);
    await notified(paymentId, 'local-payment-completed');
    await localPaymentsJob().runAfterCurrent();
    expect((await outcomes(paymentId)).map((row) => row.outcome)).toEqual(['already-cancelled']);
    expect(await salesOf(orderNumber)).toEqual([]);
    expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'failed' });
  });

  it('cannot be given up once the payer approved it: it is charged', async () => {
    const { shopper, paymentId, orderNumber } = await started({ address: WARSAW, locale: 'en-pl', paymentType: 'blik', currency: 'PLN', deferred: true });
    await control(`local-payments/${paymentId}/approve`);
    await notified(paymentId, 'local-payment-completed');
    const cancel = await checkoutAction(t, 'CANCEL_LOCAL_PAYMENT', { order_number: orderNumber, reason: 'window-closed' }, shopper.cookie);
    expect(cancel.body).toMatchObject({ success: false, code: 310201 });
    await localPaymentsJob().runAfterCurrent();
    expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'paid' });
  });

  it('is reversed by the provider after approval and before any charge: the order fails and nothing is charged', async () => {
    const { shopper, paymentId, orderNumber } = await started({ address: WARSAW, locale: 'en-pl', paymentType: 'blik', currency: 'PLN', deferred: true });
    await control(`local-payments/${paymentId}/approve`);
    await notified(paymentId, 'local-payment-completed');
    expect((await control(`local-payments/${paymentId}/reverse`)).status).toBe(200);
    await notified(paymentId, 'local-payment-reversed');
    await localPaymentsJob().runAfterCurrent();
    expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'failed', local_payment: { state: 'reversed' } });
    expect(await salesOf(orderNumber)).toEqual([]);
    expect((await outcomes(paymentId)).map((row) => row.outcome)).toEqual(['approved', 'reversed']);
    const [mail] = await rows(`SELECT text_body FROM mail_outbox WHERE recipient = $1 AND subject LIKE '%not paid%'`, [shopper.email]);
    expect(mail.text_body).toContain('The BLIK payment was reversed by your bank or the payment provider before it was completed.');
  });

  it('gives way to a card: a payment still waiting is cancelled when the shopper pays another way', async () => {
    const { shopper, paymentId, orderNumber } = await started({ address: WARSAW, locale: 'en-pl', paymentType: 'blik', currency: 'PLN', deferred: true });
    const paid = await payByCard(t, shopper, { locale: 'en-pl' });
    expect(paid.body).toMatchObject({ success: true, data: { order_number: orderNumber } });
    expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'paid', local_payment: { state: 'cancelled' } });
    await control(`local-payments/${paymentId}/approve`);
    await notified(paymentId, 'local-payment-completed');
    await localPaymentsJob().runAfterCurrent();
    expect(await salesOf(orderNumber)).toHaveLength(1);
  });
});

describe('the money arriving later', () => {
  it('records when a paid local payment is funded, once', async () => {
    const { shopper, paymentId, orderNumber } = await started({ address: WARSAW, locale: 'en-pl', paymentType: 'blik', currency: 'PLN', deferred: true });
    await control(`local-payments/${paymentId}/approve`);
    await notified(paymentId, 'local-payment-completed');
    await localPaymentsJob().runAfterCurrent();
    expect(await orderOf(shopper, orderNumber)).toMatchObject({ status: 'paid' });
    expect((await control('webhooks/send', { kind: 'local_payment_funded', id: paymentId })).status).toBeLessThan(300);
    await notified(paymentId, 'local-payment-funded');
    const [funded] = await rows(`SELECT funded_at FROM local_payments WHERE payment_id = $1`, [paymentId]);
    expect(funded.funded_at).toEqual(expect.any(Date));
    expect((await outcomes(paymentId)).map((row) => row.outcome)).toEqual(['approved', 'funded']);
  });
});

describe('START_LOCAL_PAYMENT refuses', () => {
  it('a method where it does not apply, and reserves nothing', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-eu', address: LISBON });
    const refused = await startAction(shopper, 'PAY-NOTUSEDATALL0000000001', 'blik', 'en-eu');
    expect(refused.body).toMatchObject({ success: false, code: 100100, fields: { payment_method_type: ['This payment method is not available'] } });
    expect(await rows('SELECT 1 FROM orders WHERE basket_reference = $1', [shopper.basket.reference])).toEqual([]);
    const card = await startAction(shopper, 'PAY-NOTUSEDATALL0000000002', 'card', 'en-eu');
    expect(card.body).toMatchObject({ success: false, fields: { payment_method_type: [expect.any(String)] } });
    const badId = await startAction(shopper, 'PAY <script>', 'mbway', 'en-eu');
    expect(badId.body).toMatchObject({ success: false, fields: { payment_id: ['payment_id is not a payment id'] } });
  });

  it('a payment id that already pays another order', async () => {
    const first = await started({ address: WARSAW, locale: 'en-pl', paymentType: 'blik', currency: 'PLN', deferred: true });
    const other = await shopperReadyToPay(t, { locale: 'en-pl', address: WARSAW });
    const taken = await startAction(other, first.paymentId, 'blik', 'en-pl');
    expect(taken.body).toMatchObject({ success: false, code: 310203 });
  });
});
