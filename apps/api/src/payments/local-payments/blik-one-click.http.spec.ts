import { startLocalPayment, type WalletFlowTarget } from '@store/payment-sandbox';
import { checkoutAction, shopperReadyToPay, type Shopper } from '../../testing/shopper';
import { XHR, type TestApp } from '../../testing/test-app';
import { configuredCardStore } from '../../testing/card-store';
import { until } from '../../testing/until';
import { ProviderNotificationsJob } from '../notifications/provider-notifications.job';

// BLIK one-click through the real API, the real braintree SDK and the card sandbox's signed
// webhooks: the alias a first use registers reaches the store in LOCAL_PAYMENT_COMPLETED, is kept
// once for the order's customer however often the notification comes, and is offered back in
// the checkout set-up for a later payment without a code.

let t: TestApp;
let target: WalletFlowTarget;

const rows = (sql: string, values: unknown[] = []) => t.db.dataSource.query(sql, values);
const WARSAW = { line_1: 'ul. Marszałkowska 1', city: 'Warszawa', postal_code: '00-624', country: 'PL' };

const store = configuredCardStore({ sandboxConfig: { webhookRetryBaseMs: 100, webhookTimeoutMs: 2000, localPaymentCreateDelayMs: 0 }, env: { BRAINTREE_PAYPAL: 'true', BRAINTREE_LOCAL_PAYMENTS: 'true' }, receiveWebhooks: true });
beforeAll(() => ({ t, target } = store));
const { control } = store;
jest.setTimeout(30_000);

const checkoutOf = async (shopper: Shopper) => (await t.http().get(`/data/braintree-checkout?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie)).body.data;
const notificationsJob = () => t.app.get(ProviderNotificationsJob, { strict: false });
const outcomes = async (paymentId: string) =>
  ((await rows(`SELECT outcome FROM provider_notifications WHERE subject->>'paymentId' = $1 ORDER BY occurred_at, received_at`, [paymentId])) as { outcome: string | null }[]).map((row) => row.outcome);

/** Until the store has handled this many completed notifications about the payment. */
async function handled(paymentId: string, count: number) {
  await until(`${count} completed notification(s)`, async () => {
    await notificationsJob().runAfterCurrent();
    const done = await rows(`SELECT 1 FROM provider_notifications WHERE kind = 'local-payment-completed' AND subject->>'paymentId' = $1 AND outcome IS NOT NULL`, [paymentId]);
    return done.length >= count;
  });
}

describe('BLIK one-click: the alias a first use registers', () => {
  it('is kept once for the customer, however often the notification comes, and offered in the checkout set-up', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-pl', address: WARSAW });
    const before = await checkoutOf(shopper);
    expect(before.blik_aliases).toEqual([]);
    const fingerprint = JSON.parse(Buffer.from(before.client_token, 'base64').toString('utf8')).authorizationFingerprint;
    const amount = ((shopper.basket as unknown as { pricing: { total: { gross: { amount_minor: number } } } }).pricing.total.gross.amount_minor / 100).toFixed(2);
    const created = await startLocalPayment(target, fingerprint, {
      paymentType: 'blik',
      amount,
      currency: 'PLN',
      extra: { blikOptions: { oneClick: { authCode: '123456', consumerReference: shopper.id, aliasLabel: 'Affinity Store' } } },
    });
    expect(created.status).toBe(201);
    const paymentId = created.paymentId as string;
    const start = await checkoutAction(
      t,
      'START_LOCAL_PAYMENT',
      { basket_reference_id: shopper.basket.reference, basket_stale_hash: shopper.basket.stale_hash, gateway: 'braintree', payment_method_type: 'blik', payment_id: paymentId, withdrawal_consent: true, locale: 'en-pl' },
      shopper.cookie,
    );
    expect(start.body).toMatchObject({ success: true });

    // Approved in the bank app; the notification is delivered twice, then sent again.
    await control('webhooks/settings', { duplicateNext: 1 });
    expect((await control(`local-payments/${paymentId}/approve`)).status).toBe(200);
    await handled(paymentId, 1);
    // The provider's timestamps are whole seconds, and one sent in the same second would be the
    // very same notification (kept once): send the next one a second later, so it is a new one.
    const [{ occurred_at: firstAt }] = await rows(`SELECT occurred_at FROM provider_notifications WHERE subject->>'paymentId' = $1`, [paymentId]);
    await until('a later second', async () => Date.now() >= new Date(firstAt).getTime() + 1000);
    expect((await control('webhooks/send', { kind: 'local_payment_completed', id: paymentId })).status).toBeLessThan(300);
    await handled(paymentId, 2);

    const kept = await rows(`SELECT alias_key, label FROM blik_aliases WHERE customer_id = $1`, [shopper.id]);
    expect(kept).toEqual([{ alias_key: expect.stringMatching(/^[0-9]+$/), label: 'Affinity Store' }]);
    const [first, again] = await outcomes(paymentId);
    expect(first).toBe('approved+blik-alias-saved');
    expect(again).not.toContain('blik-alias-saved');
    expect((await checkoutOf(shopper)).blik_aliases).toEqual([{ key: kept[0].alias_key, label: 'Affinity Store' }]);

    // Another customer sees none of them.
    const other = await shopperReadyToPay(t, { locale: 'en-pl', address: WARSAW });
    expect((await checkoutOf(other)).blik_aliases).toEqual([]);
  });
});
