import { gatewayFor, paypalNonce, startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import type { SavedMethodJson } from '@store/domain';
import type braintree from 'braintree';
import { FaultProxy } from '../reliability/faults-proxy';
import { cardSandboxEnv } from '../testing/sandbox-env';
import { cookieOf, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// The card gateway's refusals that have their own words (spec 2 §8): the real API and its real
// adapter (the braintree SDK) against the project's Braintree sandbox, through a loopback proxy
// that can make one call fail, as the provider would when it is down.
let sandbox: RunningBraintreeSandbox;
let proxy: FaultProxy;
let t: TestApp;
let sdk: braintree.BraintreeGateway;

beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  proxy = await FaultProxy.start(sandbox.url);
  t = await createTestApp({ env: cardSandboxEnv(proxy.url, { BRAINTREE_PAYPAL: 'true', BRAINTREE_TIMEOUT_MS: '2000' }) });
  sdk = gatewayFor(sandbox);
}, 60_000);
afterEach(() => proxy.clear());
afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await sandbox?.close();
});

const control = (path: string, body: unknown) =>
  fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const fingerprintOf = async (shopper: Shopper): Promise<string> => {
  const setup = await t.http().get(`/data/braintree-checkout/?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie);
  return JSON.parse(Buffer.from(setup.body.data.client_token, 'base64').toString('utf8')).authorizationFingerprint;
};

/** A card nonce as braintree-web's hosted fields make it, with the postal code the shopper typed. */
async function cardNonce(shopper: Shopper, postalCode: string): Promise<string> {
  const response = await fetch(`${sandbox.url}/merchants/sandbox_merchant/client_api/v1/payment_methods/credit_cards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      authorizationFingerprint: await fingerprintOf(shopper),
      creditCard: { number: '4111111111111111', expirationMonth: '12', expirationYear: '2031', cvv: '123', billingAddress: { postalCode } },
      _meta: { source: 'client' },
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { creditCards: Array<{ nonce: string }> }).creditCards[0].nonce;
}

/** The customer's saved methods as the account page lists them. */
const listOf = async (shopper: Pick<Shopper, 'cookie'>): Promise<SavedMethodJson[]> => {
  const answer = await t.http().get('/data/account/saved-methods/').set(XHR).set('Cookie', shopper.cookie);
  expect(answer.body.success).toBe(true);
  return answer.body.data.saved_methods;
};
/** The vault token the store keeps for a saved method (never shown to the page). */
const tokenOf = async (reference: string): Promise<string> => (await t.db.dataSource.query('SELECT token FROM saved_payment_methods WHERE reference = $1', [reference]))[0].token;

/** The same customer with another basket, the gateway decided again. */
async function nextBasketOf(shopper: Shopper): Promise<Shopper> {
  const session = shopper.cookie.split('; ')[0];
  const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', session).send({ product_suite_reference: 'publisher-2', locale: 'en-gb' });
  const cookie = `${session}; ${cookieOf(added, 'afs_basket')}`;
  const reference = added.body.data.reference;
  await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', cookie).send({ basket_ref: reference });
  const state = await t.http().get(`/data/session/?basket_ref=${reference}`).set(XHR).set('Cookie', cookie);
  return { ...shopper, cookie, basketReference: reference, basket: state.body.data.basket };
}

const orderStatus = async (number: string) => (await t.db.dataSource.query('SELECT status, transaction_id FROM orders WHERE number = $1', [number]))[0];

describe('address verification refusals', () => {
  it('names the postal code when the card network says the postal code does not match (300001)', async () => {
    const shopper = await shopperReadyToPay(t);
    const refused = await payByCard(t, shopper, { token: await cardNonce(shopper, '20000') });
    expect(refused.body).toMatchObject({
      success: false,
      code: 300001,
      message: 'The postal code of your billing address is not valid.',
      data: { charged: 'not-charged' },
    });
    expect(await orderStatus(refused.body.data.order_number)).toEqual({ status: 'failed', transaction_id: null });
  });

  it('says the address does not match the card when the postal code matched but the address rules refused (300021)', async () => {
    const shopper = await shopperReadyToPay(t);
    const token = await cardNonce(shopper, 'SW1A 1AA');
    await control('/__sandbox/force', { sale: { kind: 'gateway_rejected', reason: 'avs' } });
    const refused = await payByCard(t, shopper, { token });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      success: false,
      code: 300021,
      message: 'Your billing address does not match the address of your card.',
      data: { charged: 'not-charged' },
    });
    expect(await orderStatus(refused.body.data.order_number)).toEqual({ status: 'failed', transaction_id: null });
  });
});

describe('a PayPal approval used twice', () => {
  it('pays once; the second order with it is told it was already processed (300018) and charges nothing', async () => {
    const first = await shopperReadyToPay(t);
    const nonce = await paypalNonce({ url: sandbox.url, merchantId: 'sandbox_merchant' }, await fingerprintOf(first), '10.00', 'GBP');
    const paid = await payByCard(t, first, { token: nonce, payment_method_type: 'paypal' });
    expect(paid.body.success).toBe(true);

    const second = await shopperReadyToPay(t);
    const again = await payByCard(t, second, { token: nonce, payment_method_type: 'paypal' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 300018, message: 'This PayPal payment has already been processed.', data: { charged: 'not-charged' } });
    expect(await orderStatus(again.body.data.order_number)).toEqual({ status: 'failed', transaction_id: null });
    expect((await orderStatus(paid.body.data.order_number)).status).toBe('paid');
    // A card nonce used twice is still the card's own problem, not PayPal's.
    const third = await shopperReadyToPay(t);
    const cardToken = await cardNonce(third, 'SW1A 1AA');
    expect((await payByCard(t, third, { token: cardToken })).body.success).toBe(true);
    const fourth = await shopperReadyToPay(t);
    expect((await payByCard(t, fourth, { token: cardToken })).body.code).toBe(310002);
  });
});

describe('an email the store takes but the gateway does not', () => {
  it('refuses to save the card under it (100113), charging nothing, and the same card pays unsaved', async () => {
    // An internationalised domain: a valid address for the store and its mail, not for the gateway's customer record.
    const shopper = await shopperReadyToPay(t, { email: `zoe.${Date.now()}@bücher.example` });
    const refused = await payByCard(t, shopper, { vault_payment_method: true });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      success: false,
      code: 100113,
      message: 'Your email address is not supported by our payment provider, so we cannot save your payment details. Please pay without saving them.',
      data: { charged: 'not-charged' },
    });
    expect(await orderStatus(refused.body.data.order_number)).toEqual({ status: 'failed', transaction_id: null });
    expect(await listOf(shopper)).toEqual([]);
    expect(await t.db.dataSource.query('SELECT 1 FROM saved_payment_methods WHERE customer_id = $1', [shopper.id])).toEqual([]);

    const paid = await payByCard(t, shopper, { existing_order_number: refused.body.data.order_number });
    expect(paid.body).toMatchObject({ success: true, data: { order_number: refused.body.data.order_number } });
  });
});

describe('removing a saved card when the gateway cannot', () => {
  const METHOD = /\/payment_methods\/any\/[^/]+$/;

  it('answers 310013 and keeps the card in the list and the vault; an answer lost after the vault removed it shows it as gone; tried again, it goes', async () => {
    const shopper = await shopperReadyToPay(t);
    expect((await payByCard(t, shopper, { vault_payment_method: true })).body.success).toBe(true);
    const [saved] = await listOf(shopper);
    const token = await tokenOf(saved.reference);
    const remove = () => t.http().delete(`/data/account/saved-methods/${saved.reference}`).set(XHR).set('Cookie', shopper.cookie);
    const failure = { success: false, code: 310013, message: 'We could not remove this payment method just now, so it is still saved. Please try again in a moment.' };

    proxy.inject({ method: 'DELETE', path: METHOD, fault: '5xx' });
    const refused = await remove();
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject(failure);
    expect(await listOf(shopper)).toEqual([saved]);
    expect((await sdk.paymentMethod.find(token)).token).toBe(token);

    // No answer at all: the same, nothing removed.
    proxy.inject({ method: 'DELETE', path: METHOD, fault: 'timeout' });
    expect((await remove()).body).toMatchObject(failure);
    expect(await listOf(shopper)).toEqual([saved]);
    expect((await sdk.paymentMethod.find(token)).token).toBe(token);

    // The vault removed it and the answer was lost: the shopper is told it is still saved, and the
    // next list, checked with the vault, shows it as no longer usable rather than usable.
    proxy.inject({ method: 'DELETE', path: METHOD, fault: 'lost-answer' });
    expect((await remove()).body).toMatchObject(failure);
    await expect(sdk.paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
    expect(await listOf(shopper)).toEqual([{ ...saved, state: 'invalid' }]);

    const removed = await remove();
    expect(removed.body).toEqual({ success: true, code: 200, data: { saved_methods: [], can_add_paypal: true } });
    expect(await listOf(shopper)).toEqual([]);
  });
});

describe('choosing the default when the gateway cannot', () => {
  it('answers 310001 and leaves the default as it was, here and at the gateway', async () => {
    const shopper = await shopperReadyToPay(t);
    expect((await payByCard(t, shopper, { vault_payment_method: true })).body.success).toBe(true);
    const next = await nextBasketOf(shopper);
    expect((await payByCard(t, next, { token: 'fake-valid-mastercard-nonce', vault_payment_method: true })).body.success).toBe(true);
    const before = await listOf(shopper);
    const [visa, mastercard] = before;
    expect([visa.card?.last4, visa.is_default, mastercard.card?.last4]).toEqual(['1111', true, '4444']);

    proxy.inject({ method: 'PUT', path: /\/payment_methods\/any\/[^/]+$/, fault: '5xx' });
    const refused = await t.http().post(`/data/account/saved-methods/${mastercard.reference}/default`).set(XHR).set('Cookie', shopper.cookie);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, code: 310001, message: 'There was a problem obtaining payment methods' });
    expect(await listOf(shopper)).toEqual(before);
    expect(((await sdk.paymentMethod.find(await tokenOf(visa.reference))) as unknown as { default: boolean }).default).toBe(true);
  });
});
