import { gatewayFor, sepaNonce, usBankAccountNonce, type RunningBraintreeSandbox, type WalletFlowTarget } from '@store/payment-sandbox';
import { ErrorCatalogue } from '@store/domain';
import { checkoutAction, cookieOf, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { XHR, type TestApp } from '../testing/test-app';
import { configuredCardStore } from '../testing/card-store';

// Saved bank accounts through the real API, the real braintree SDK and the card sandbox: saving a
// US bank account runs the network check first (a failed one keeps nothing), a saved SEPA account
// needs a recurring mandate, the next checkout lists them by the store's own reference, and a later
// order pays from the vault with that reference, which works for its owner only.

let sandbox: RunningBraintreeSandbox;
let t: TestApp;
let target: WalletFlowTarget;

const AUSTIN = { line_1: '500 Congress Avenue', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };
const LISBON = { line_1: 'Rua Augusta 24', city: 'Lisboa', postal_code: '1100-053', country: 'PT' };

const store = configuredCardStore({ env: { BRAINTREE_SEPA: 'true', BRAINTREE_US_BANK_ACCOUNT: 'true', PAYMENT_GATEWAY_RULES: '*=braintree' } });
beforeAll(() => ({ sandbox, t, target } = store));
jest.setTimeout(30_000);

const { checkoutOf, fingerprintOf } = store;

const saleOf = async (orderNumber: string) => {
  const all = (await (await fetch(`${sandbox.url}/__sandbox/transactions`)).json()) as { id: string; type: string; orderId: string | null; status: string; paymentMethodToken?: string | null }[];
  const sales = all.filter((sale) => sale.type === 'sale' && sale.orderId?.startsWith(`${orderNumber}-`));
  expect(sales).toHaveLength(1);
  return sales[0];
};

/** The same customer's next basket, billed to `address` and ready to pay. */
async function nextBasket(shopper: Shopper, address: Record<string, string>, locale: string): Promise<Shopper> {
  const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', shopper.cookie).send({ product_suite_reference: 'photo-2', locale });
  const basketCookie = cookieOf(added, 'afs_basket');
  const cookie = basketCookie ? [...shopper.cookie.split('; ').filter((part) => !part.startsWith('afs_basket=')), basketCookie].join('; ') : shopper.cookie;
  if (!added.body.data) throw new Error(`basket lines: ${JSON.stringify(added.body)}`);
  const reference = added.body.data.reference as string;
  expect((await checkoutAction(t, 'CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: reference, ...address }, cookie)).body.success).toBe(true);
  expect((await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', cookie).send({ basket_ref: reference })).body.data.gateway).toBe('braintree');
  const session = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
  return { ...shopper, cookie, basketReference: reference, basket: session.body.data.basket };
}

/**
 * A customer the store has been paid by (a card order first), at their next basket: by the release
 * rule their debits are released at once, so each order closes its basket and the next can follow.
 */
async function aReturningShopper(locale: string, address: Record<string, string>): Promise<Shopper> {
  const shopper = await shopperReadyToPay(t, { locale, address });
  expect((await payByCard(t, shopper, { locale })).body.success).toBe(true);
  return nextBasket(shopper, address, locale);
}

describe('saved US bank accounts (ACH)', () => {
  it('saves a verified account, lists it by reference at the next checkout, and pays the next order from the vault', async () => {
    const shopper = await aReturningShopper('en-us', AUSTIN);
    expect((await checkoutOf(shopper)).saved_bank_accounts).toEqual([]);
    const nonce = await usBankAccountNonce(target, await fingerprintOf(shopper), { accountNumber: '1000000000' });
    const first = await payByCard(t, shopper, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us', vault_payment_method: true });
    expect(first.body.success).toBe(true);
    // Debited from the vault: the account was saved first, verified by the network check.
    const sdk = gatewayFor(sandbox);
    const debited = (await sdk.transaction.find((await saleOf(first.body.data.order_number)).id)) as unknown as { status: string; usBankAccount: { token: string } };
    expect(debited.status).toBe('settlement_pending');
    const vaulted = (await sdk.paymentMethod.find(debited.usBankAccount.token)) as unknown as { verified: boolean; verifications: { status: string; verificationMethod: string }[] };
    expect(vaulted.verified).toBe(true);
    expect(vaulted.verifications[0]).toMatchObject({ status: 'verified', verificationMethod: 'network_check' });

    const again = await nextBasket(shopper, AUSTIN, 'en-us');
    const listed = (await checkoutOf(again)).saved_bank_accounts;
    expect(listed).toEqual([{ reference: expect.stringMatching(/^sba_[0-9a-f]{32}$/), kind: 'us-bank-account', last4: '0000', mandate_reference: null, bank_name: 'FEDERAL RESERVE BANK' }]);
    const second = await payByCard(t, again, { token: listed[0].reference, payment_method_type: 'us-bank-account', locale: 'en-us' });
    expect(second.body.success).toBe(true);
    const sale = (await sdk.transaction.find((await saleOf(second.body.data.order_number)).id)) as unknown as { status: string; usBankAccount: { token: string } };
    expect(sale).toMatchObject({ status: 'settlement_pending', usBankAccount: { token: debited.usBankAccount.token } });
    expect((await checkoutOf(await nextBasket(shopper, AUSTIN, 'en-us'))).saved_bank_accounts).toEqual(listed);
  });

  it('an account failing the network check is neither saved nor debited, the shopper is told, and the order is then paid unsaved', async () => {
    const shopper = await aReturningShopper('en-us', AUSTIN);
    const nonce = await usBankAccountNonce(target, await fingerprintOf(shopper), { accountNumber: '1000000004' });
    const refused = await payByCard(t, shopper, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us', vault_payment_method: true });
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.BANK_ACCOUNT_NOT_VERIFIED.code, message: ErrorCatalogue.BANK_ACCOUNT_NOT_VERIFIED.message });
    const orderNumber = refused.body.data.order_number as string;
    expect((await checkoutOf(shopper)).saved_bank_accounts).toEqual([]);

    const unsaved = await usBankAccountNonce(target, await fingerprintOf(shopper), { accountNumber: '1000000000' });
    const paid = await payByCard(t, shopper, { token: unsaved, payment_method_type: 'us-bank-account', locale: 'en-us', existing_order_number: orderNumber });
    expect(paid.body).toMatchObject({ success: true, data: { order_number: orderNumber } });
    // One sale for the order: the refused attempt debited nothing.
    expect((await saleOf(orderNumber)).status).toBe('settlement_pending');
    expect((await checkoutOf(await nextBasket(shopper, AUSTIN, 'en-us'))).saved_bank_accounts).toEqual([]);
  });

  it("refuses a reference that is another customer's, or made up, before anything is charged", async () => {
    const owner = await aReturningShopper('en-us', AUSTIN);
    const nonce = await usBankAccountNonce(target, await fingerprintOf(owner), { accountNumber: '1000000000' });
    expect((await payByCard(t, owner, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us', vault_payment_method: true })).body.success).toBe(true);
    const [theirs] = (await checkoutOf(await nextBasket(owner, AUSTIN, 'en-us'))).saved_bank_accounts;

    const stranger = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    for (const token of [theirs.reference, `sba_${'a'.repeat(32)}`]) {
      const refused = await payByCard(t, stranger, { token, payment_method_type: 'us-bank-account', locale: 'en-us' });
      expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_BANK_ACCOUNT_INVALID.code, data: { order_number: null, charged: 'not-charged' } });
    }
  });
});

describe('removing a saved bank account (account details)', () => {
  it("lists the owner's accounts, removes one from the vault and the store, and never another customer's", async () => {
    const owner = await aReturningShopper('en-us', AUSTIN);
    const nonce = await usBankAccountNonce(target, await fingerprintOf(owner), { accountNumber: '1000000001' });
    const saved = await payByCard(t, owner, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us', vault_payment_method: true });
    expect(saved.body.success).toBe(true);
    const listed = await t.http().get('/data/account/saved-bank-accounts/').set(XHR).set('Cookie', owner.cookie);
    expect(listed.body.data.saved_bank_accounts).toEqual([expect.objectContaining({ kind: 'us-bank-account', last4: '0001' })]);
    const reference = listed.body.data.saved_bank_accounts[0].reference as string;
    const sdk = gatewayFor(sandbox);
    const token = ((await sdk.transaction.find((await saleOf(saved.body.data.order_number)).id)) as unknown as { usBankAccount: { token: string } }).usBankAccount.token;

    const stranger = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    const refused = await t.http().delete(`/data/account/saved-bank-accounts/${reference}`).set(XHR).set('Cookie', stranger.cookie);
    expect(refused.status).toBe(404);
    expect((await t.http().delete('/data/account/saved-bank-accounts/not-a-reference').set(XHR).set('Cookie', owner.cookie)).status).toBe(404);
    expect((await sdk.paymentMethod.find(token)).token).toBe(token);

    const removed = await t.http().delete(`/data/account/saved-bank-accounts/${reference}`).set(XHR).set('Cookie', owner.cookie);
    expect(removed.body).toMatchObject({ success: true, data: { removed_reference: reference } });
    expect((await t.http().get('/data/account/saved-bank-accounts/').set(XHR).set('Cookie', owner.cookie)).body.data.saved_bank_accounts).toEqual([]);
    await expect(sdk.paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
    const again = await nextBasket(owner, AUSTIN, 'en-us');
    expect((await checkoutOf(again)).saved_bank_accounts).toEqual([]);
    const unpaid = await payByCard(t, again, { token: reference, payment_method_type: 'us-bank-account', locale: 'en-us' });
    expect(unpaid.body.code).toBe(ErrorCatalogue.SAVED_BANK_ACCOUNT_INVALID.code);
  });
});

describe('saved SEPA accounts', () => {
  it('keeps an account only under a recurring mandate, with its mandate reference, and pays a later euro order with it', async () => {
    const shopper = await aReturningShopper('en-eu', LISBON);
    const oneOff = (await sepaNonce(target, await fingerprintOf(shopper), { iban: 'NL91ABNA0417164300', countryCode: 'PT' })).nonce as string;
    expect((await payByCard(t, shopper, { token: oneOff, payment_method_type: 'sepa', locale: 'en-eu', vault_payment_method: true })).body.success).toBe(true);
    const second = await nextBasket(shopper, LISBON, 'en-eu');
    expect((await checkoutOf(second)).saved_bank_accounts).toEqual([]);

    const recurring = await sepaNonce(target, await fingerprintOf(second), { iban: 'DE89370400440532013000', countryCode: 'PT', mandateType: 'RECURRENT' });
    expect((await payByCard(t, second, { token: recurring.nonce as string, payment_method_type: 'sepa', locale: 'en-eu', vault_payment_method: true })).body.success).toBe(true);
    const third = await nextBasket(shopper, LISBON, 'en-eu');
    const listed = (await checkoutOf(third)).saved_bank_accounts;
    expect(listed).toEqual([{ reference: expect.stringMatching(/^sba_/), kind: 'sepa', last4: '3000', mandate_reference: recurring.bankReferenceToken, bank_name: null }]);
    const paid = await payByCard(t, third, { token: listed[0].reference, payment_method_type: 'sepa', locale: 'en-eu' });
    expect(paid.body.success).toBe(true);
    expect((await saleOf(paid.body.data.order_number)).status).toBe('settlement_pending');
    // A dollar basket billed to the US is not paid from it.
    const dollars = await nextBasket(shopper, AUSTIN, 'en-us');
    const refused = await payByCard(t, dollars, { token: listed[0].reference, payment_method_type: 'sepa', locale: 'en-us' });
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_BANK_ACCOUNT_INVALID.code });
  });
});
