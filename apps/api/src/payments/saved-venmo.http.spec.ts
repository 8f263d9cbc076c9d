import { gatewayFor, venmoNonce, type RunningBraintreeSandbox, type WalletFlowTarget } from '@store/payment-sandbox';
import { ErrorCatalogue, type SavedMethodJson } from '@store/domain';
import { checkoutAction, cookieOf, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { XHR, type TestApp } from '../testing/test-app';
import { configuredCardStore } from '../testing/card-store';

// A saved Venmo account through the real API, the real braintree SDK and the card sandbox: a first
// order paid with a MULTI_USE approval and 'Save Venmo' saves the account the sale vaulted, the next
// checkout names it by the payer's username among the saved methods, a later order pays with the
// stored token (the page sends only the store's reference), and account details remove it from the
// store and the vault.

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

/** The sales on the shopper's orders (their order numbers' attempts). */
const saleCount = async (shopper: Shopper): Promise<number> => {
  const numbers: { number: string }[] = await t.db.dataSource.query('SELECT number FROM orders WHERE customer_id = $1', [shopper.id]);
  const all = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as { type: string; orderId: string | null }[];
  return all.filter((sale) => sale.type === 'sale' && numbers.some(({ number }) => sale.orderId?.startsWith(`${number}-`))).length;
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

/** The customer's saved methods as the account page lists them (GET /data/account/saved-methods/). */
const listOf = async (shopper: Pick<Shopper, 'cookie'>): Promise<SavedMethodJson[]> => {
  const answer = await t.http().get('/data/account/saved-methods/').set(XHR).set('Cookie', shopper.cookie);
  expect(answer.body.success).toBe(true);
  return answer.body.data.saved_methods;
};
const removeSaved = (shopper: Pick<Shopper, 'cookie'>, reference: string) => t.http().delete(`/data/account/saved-methods/${reference}`).set(XHR).set('Cookie', shopper.cookie);
const VENMOJOE = { kind: 'venmo', account_name: '@venmojoe', description: 'Venmo @venmojoe', card: null, bank: null };
/** Pays by the saved method's reference: the page sends no token. */
const payBySaved = (shopper: Shopper, reference: string) => payByCard(t, shopper, { saved_method: reference, token: undefined, payment_method_type: 'venmo', locale: 'en-us' });

describe('a saved Venmo account', () => {
  it('is saved from a MULTI_USE approval, pays the next order by its stored token, and is removed from the store and the vault', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    expect((await checkoutOf(shopper)).existing_venmo_account).toBeNull();
    const first = await payByCard(t, shopper, { token: await venmoNonce(target, await fingerprintOf(shopper), 'MULTI_USE'), payment_method_type: 'venmo', locale: 'en-us', vault_payment_method: true });
    expect(first.body.success).toBe(true);
    const firstSale = await saleOf(first.body.data.order_number);
    const token = firstSale.venmoAccountDetails?.token as string;
    expect(token).toBeTruthy();
    const [saved, ...others] = await listOf(shopper);
    expect(others).toEqual([]);
    expect(saved).toEqual({ ...VENMOJOE, reference: expect.stringMatching(/^spm_[0-9a-f]{32}$/), is_default: true, state: 'usable' });

    const again = await nextBasket(shopper);
    const checkout = await checkoutOf(again);
    // Named by the payer's username; the vault token never reaches the page.
    expect(checkout.existing_venmo_account).toEqual({ username: '@venmojoe' });
    expect(checkout.saved_methods).toEqual([saved]);
    expect(JSON.stringify(checkout)).not.toContain(token);
    const second = await payBySaved(again, saved.reference);
    expect(second.body.success).toBe(true);
    expect(await saleOf(second.body.data.order_number)).toMatchObject({ paymentInstrumentType: 'venmo_account', venmoAccountDetails: { token, username: '@venmojoe' } });

    expect((await removeSaved(shopper, saved.reference)).body).toMatchObject({ success: true, data: { saved_methods: [] } });
    expect(await listOf(shopper)).toEqual([]);
    await expect(gatewayFor(sandbox).paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
    expect((await removeSaved(shopper, saved.reference)).status).toBe(404);
    const third = await nextBasket(shopper);
    expect(await checkoutOf(third)).toMatchObject({ existing_venmo_account: null, saved_methods: [] });
    const refused = await payBySaved(third, saved.reference);
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code, data: { order_number: null, charged: 'not-charged' } });
    // The old word for it pays nothing: it is no nonce.
    const oldWord = await payByCard(t, third, { token: 'saved-venmo', payment_method_type: 'venmo', locale: 'en-us' });
    expect(oldWord.body.success).toBe(false);
    expect(await saleCount(shopper)).toBe(2);
  });

  it('a SINGLE_USE approval pays but saves nothing, even with the box ticked', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    const paid = await payByCard(t, shopper, { token: await venmoNonce(target, await fingerprintOf(shopper), 'SINGLE_USE'), payment_method_type: 'venmo', locale: 'en-us', vault_payment_method: true });
    expect(paid.body.success).toBe(true);
    expect(await listOf(shopper)).toEqual([]);
  });

  it('an account the payer disconnected in Venmo is refused with SAVED_VENMO_INVALID, charges nothing and is not offered again', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    const first = await payByCard(t, shopper, { token: await venmoNonce(target, await fingerprintOf(shopper), 'MULTI_USE'), payment_method_type: 'venmo', locale: 'en-us', vault_payment_method: true });
    expect(first.body.success).toBe(true);
    const token = (await saleOf(first.body.data.order_number)).venmoAccountDetails?.token as string;
    // Gone from the vault behind the store's back (the payer removed the store from their connected businesses).
    await gatewayFor(sandbox).paymentMethod.delete(token);
    const again = await nextBasket(shopper);
    const [saved] = await listOf(shopper);
    // The list, checked with the vault, shows it as no longer usable, and the checkout does not offer it.
    expect(saved).toMatchObject({ ...VENMOJOE, state: 'invalid' });
    const checkout = await checkoutOf(again);
    expect(checkout.existing_venmo_account).toBeNull();
    expect(checkout.saved_methods).toEqual([saved]);
    const refused = await payBySaved(again, saved.reference);
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_VENMO_INVALID.code, message: ErrorCatalogue.SAVED_VENMO_INVALID.message, data: { charged: 'not-charged' } });
  });

  it('disconnected without the store listing it since, is refused with SAVED_VENMO_INVALID when it pays, charging nothing, and then shown as invalid', async () => {
    const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    const first = await payByCard(t, shopper, { token: await venmoNonce(target, await fingerprintOf(shopper), 'MULTI_USE'), payment_method_type: 'venmo', locale: 'en-us', vault_payment_method: true });
    expect(first.body.success).toBe(true);
    const token = (await saleOf(first.body.data.order_number)).venmoAccountDetails?.token as string;
    const [saved] = await listOf(shopper);
    const again = await nextBasket(shopper);
    // Gone from the vault after the page was set up: the gateway refuses the stored token.
    await gatewayFor(sandbox).paymentMethod.delete(token);
    const refused = await payBySaved(again, saved.reference);
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_VENMO_INVALID.code, data: { charged: 'not-charged' } });
    expect(await saleCount(shopper)).toBe(1);
    expect(await listOf(shopper)).toEqual([{ ...saved, state: 'invalid' }]);
  });
});
