import { gatewayFor, venmoNonce, type RunningBraintreeSandbox, type WalletFlowTarget } from '@store/payment-sandbox';
import { ErrorCatalogue, SAVED_VENMO_TOKEN } from '@store/domain';
import { checkoutAction, cookieOf, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { XHR, type TestApp } from '../testing/test-app';
import { configuredCardStore } from '../testing/card-store';

// A saved Venmo account through the real API, the real braintree SDK and the card sandbox: a first
// order paid with a MULTI_USE approval and 'Save Venmo' saves the account the sale vaulted, the next
// checkout names it by the payer's username, a later order pays with the stored token (the page
// sends only the word), and account details remove it from the store and the vault.

let sandbox: RunningBraintreeSandbox;
let t: TestApp;
let target: WalletFlowTarget;

const AUSTIN = { line_1: '500 Congress Avenue', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };

const store = configuredCardStore({ env: { BRAINTREE_VENMO: 'true', PAYMENT_GATEWAY_RULES: '*=braintree' } });
beforeAll(() => ({ sandbox, t, target } = store));
jest.setTimeout(30_000);

const { checkoutOf, fingerprintOf } = store;

const saleOf = async (orderNumber: string) => {
  const all = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as { id: string; type: string; orderId: string | null }[];
  const sales = all.filter((sale) => sale.type === 'sale' && sale.orderId?.startsWith(`${orderNumber}-`));
  expect(sales).toHaveLength(1);
  return gatewayFor(sandbox).transaction.find(sales[0].id) as unknown as Promise<{ paymentInstrumentType: string; venmoAccountDetails?: { token?: string | null; username?: string } }>;
};

/** The same customer's next basket, billed to Austin and ready to pay. */
async function nextBasket(shopper: Shopper): Promise<Shopper> {
  const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', shopper.cookie).send({ product_suite_reference: 'photo-2', locale: 'en-us' });
  const basketCookie = cookieOf(added, 'afs_basket');
  const cookie = basketCookie ? [...shopper.cookie.split('; ').filter((part) => !part.startsWith('afs_basket=')), basketCookie].join('; ') : shopper.cookie;
  const reference = added.body.data.reference as string;
  expect((await checkoutAction(t, 'CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: reference, ...AUSTIN }, cookie)).body.success).toBe(true);
  expect((await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', cookie).send({ basket_ref: reference })).body.data.gateway).toBe('braintree');
  const session = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
  return { ...shopper, cookie, basketReference: reference, basket: session.body.data.basket };
}

const savedVenmo = async (shopper: Shopper) => (await t.http().get('/data/account/saved-venmo/').set(XHR).set('Cookie', shopper.cookie)).body.data;

describe('a saved Venmo account', () => {
  it('is saved from a MULTI_USE approval, pays the next order by its stored token, and is removed from the store and the vault', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    expect((await checkoutOf(shopper)).existing_venmo_account).toBeNull();
    const first = await payByCard(t, shopper, { token: await venmoNonce(target, await fingerprintOf(shopper), 'MULTI_USE'), payment_method_type: 'venmo', locale: 'en-us', vault_payment_method: true });
    expect(first.body.success).toBe(true);
    const firstSale = await saleOf(first.body.data.order_number);
    const token = firstSale.venmoAccountDetails?.token as string;
    expect(token).toBeTruthy();
    expect(await savedVenmo(shopper)).toEqual({ saved_venmo_account: { username: '@venmojoe', usable: true } });

    const again = await nextBasket(shopper);
    const checkout = await checkoutOf(again);
    // Named by the payer's username; the vault token never reaches the page.
    expect(checkout.existing_venmo_account).toEqual({ username: '@venmojoe' });
    expect(JSON.stringify(checkout)).not.toContain(token);
    const second = await payByCard(t, again, { token: SAVED_VENMO_TOKEN, payment_method_type: 'venmo', locale: 'en-us' });
    expect(second.body.success).toBe(true);
    expect(await saleOf(second.body.data.order_number)).toMatchObject({ paymentInstrumentType: 'venmo_account', venmoAccountDetails: { token, username: '@venmojoe' } });

    expect((await t.http().delete('/data/account/saved-venmo/').set(XHR).set('Cookie', shopper.cookie)).status).toBe(200);
    expect(await savedVenmo(shopper)).toEqual({ saved_venmo_account: null });
    await expect(gatewayFor(sandbox).paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
    expect((await t.http().delete('/data/account/saved-venmo/').set(XHR).set('Cookie', shopper.cookie)).status).toBe(404);
    const third = await nextBasket(shopper);
    expect((await checkoutOf(third)).existing_venmo_account).toBeNull();
    const refused = await payByCard(t, third, { token: SAVED_VENMO_TOKEN, payment_method_type: 'venmo', locale: 'en-us' });
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_VENMO_INVALID.code });
  });

  it('a SINGLE_USE approval pays but saves nothing, even with the box ticked', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    const paid = await payByCard(t, shopper, { token: await venmoNonce(target, await fingerprintOf(shopper), 'SINGLE_USE'), payment_method_type: 'venmo', locale: 'en-us', vault_payment_method: true });
    expect(paid.body.success).toBe(true);
    expect(await savedVenmo(shopper)).toEqual({ saved_venmo_account: null });
  });

  it('an account the payer disconnected in Venmo is refused with SAVED_VENMO_INVALID, charges nothing and is not offered again', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    const first = await payByCard(t, shopper, { token: await venmoNonce(target, await fingerprintOf(shopper), 'MULTI_USE'), payment_method_type: 'venmo', locale: 'en-us', vault_payment_method: true });
    expect(first.body.success).toBe(true);
    const token = (await saleOf(first.body.data.order_number)).venmoAccountDetails?.token as string;
    // Gone from the vault behind the store's back (the payer removed the store from their connected businesses).
    await gatewayFor(sandbox).paymentMethod.delete(token);
    const again = await nextBasket(shopper);
    const refused = await payByCard(t, again, { token: SAVED_VENMO_TOKEN, payment_method_type: 'venmo', locale: 'en-us' });
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_VENMO_INVALID.code, message: ErrorCatalogue.SAVED_VENMO_INVALID.message, data: { charged: 'not-charged' } });
    expect(await savedVenmo(shopper)).toEqual({ saved_venmo_account: { username: '@venmojoe', usable: false } });
    expect((await checkoutOf(again)).existing_venmo_account).toBeNull();
  });
});
