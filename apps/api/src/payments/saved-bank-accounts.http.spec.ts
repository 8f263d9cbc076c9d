import { gatewayFor, sepaNonce, usBankAccountNonce, type RunningBraintreeSandbox, type WalletFlowTarget } from '@store/payment-sandbox';
import { ReconcileBankDebits } from '@store/application';
import { ErrorCatalogue, type SavedMethodJson } from '@store/domain';
import { checkoutAction, cookieOf, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { XHR, type TestApp } from '../testing/test-app';
import { configuredCardStore } from '../testing/card-store';

// Saved bank accounts through the real API, the real braintree SDK and the card sandbox: saving a
// US bank account runs the network check first (a failed one keeps nothing), a saved SEPA account
// needs a recurring mandate, the next checkout lists them among the saved methods by the store's
// own reference, and a later order pays from the vault with that reference (saved_method), which
// works for its owner only and only on a basket the account may pay.

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

/** The customer's saved methods as the account page lists them (GET /data/account/saved-methods/). */
const listOf = async (shopper: Pick<Shopper, 'cookie'>): Promise<SavedMethodJson[]> => {
  const answer = await t.http().get('/data/account/saved-methods/').set(XHR).set('Cookie', shopper.cookie);
  expect(answer.body.success).toBe(true);
  return answer.body.data.saved_methods;
};
const removeSaved = (shopper: Pick<Shopper, 'cookie'>, reference: string) => t.http().delete(`/data/account/saved-methods/${reference}`).set(XHR).set('Cookie', shopper.cookie);
const REFERENCE = /^spm_[0-9a-f]{32}$/;

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
    const checkout = await checkoutOf(again);
    const listed = checkout.saved_bank_accounts;
    expect(listed).toEqual([{ reference: expect.stringMatching(REFERENCE), kind: 'us-bank-account', last4: '0000', mandate_reference: null, bank_name: 'FEDERAL RESERVE BANK' }]);
    // The same account among the saved methods, under the same reference and in the account page's words.
    expect(checkout.saved_methods).toEqual([
      expect.objectContaining({ reference: listed[0].reference, kind: 'us-bank-account', state: 'usable', description: 'US bank account ending 0000 at FEDERAL RESERVE BANK', bank: { last4: '0000', mandate_reference: null, bank_name: 'FEDERAL RESERVE BANK' } }),
    ]);
    expect(await listOf(again)).toEqual(checkout.saved_methods);
    // Paid by its reference alone: the page sends no token, the server debits the vault token it keeps.
    const second = await payByCard(t, again, { saved_method: listed[0].reference, token: undefined, payment_method_type: 'us-bank-account', locale: 'en-us' });
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
    expect(await listOf(shopper)).toEqual([]);

    const unsaved = await usBankAccountNonce(target, await fingerprintOf(shopper), { accountNumber: '1000000000' });
    const paid = await payByCard(t, shopper, { token: unsaved, payment_method_type: 'us-bank-account', locale: 'en-us', existing_order_number: orderNumber });
    expect(paid.body).toMatchObject({ success: true, data: { order_number: orderNumber } });
    // One sale for the order: the refused attempt debited nothing.
    expect((await saleOf(orderNumber)).status).toBe('settlement_pending');
    expect((await checkoutOf(await nextBasket(shopper, AUSTIN, 'en-us'))).saved_methods).toEqual([]);
  });

  it("refuses a reference that is another customer's, or made up, before anything is charged", async () => {
    const owner = await aReturningShopper('en-us', AUSTIN);
    const nonce = await usBankAccountNonce(target, await fingerprintOf(owner), { accountNumber: '1000000000' });
    expect((await payByCard(t, owner, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us', vault_payment_method: true })).body.success).toBe(true);
    const [theirs] = (await checkoutOf(await nextBasket(owner, AUSTIN, 'en-us'))).saved_bank_accounts;

    const stranger = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    for (const reference of [theirs.reference, `spm_${'a'.repeat(32)}`]) {
      const refused = await payByCard(t, stranger, { saved_method: reference, token: undefined, payment_method_type: 'us-bank-account', locale: 'en-us' });
      expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code, data: { order_number: null, charged: 'not-charged' } });
    }
    // The old form of a bank account reference, as a token, pays nothing either: it is no nonce.
    const oldForm = await payByCard(t, stranger, { token: `sba_${theirs.reference.slice(4)}`, payment_method_type: 'us-bank-account', locale: 'en-us' });
    expect(oldForm.body.success).toBe(false);
    expect(oldForm.body.data?.charged ?? 'not-charged').toBe('not-charged');
  });

  it('a debit waiting for the bank keeps the account it is paid from, when a later order pays from it by reference: removing it answers 310014', async () => {
    // A new customer: by the release rule their debits wait for the bank before an order is paid.
    const { shopper, saved } = await aNewCustomerWithASavedAccount('1000000000');
    // The waiting order holds its basket: the next one starts afresh.
    const again = await nextBasket({ ...shopper, cookie: shopper.cookie.split('; ')[0] }, AUSTIN, 'en-us');
    const paid = await payByCard(t, again, { saved_method: saved.reference, token: undefined, payment_method_type: 'us-bank-account', locale: 'en-us' });
    expect(paid.body.success).toBe(true);
    expect(await orderStatusOf(paid.body.data.order_number)).toBe('pending');
    await expectKept(shopper, saved, paid.body.data.order_number);
  });

  it('a debit released at authorisation but not yet cleared by the bank keeps the account it is paid from: removing it answers 310014', async () => {
    // A returning customer: their debits release the order at once, and the bank may still return them.
    const shopper = await aReturningShopper('en-us', AUSTIN);
    const nonce = await usBankAccountNonce(target, await fingerprintOf(shopper), { accountNumber: '1000000000' });
    expect((await payByCard(t, shopper, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us', vault_payment_method: true })).body.success).toBe(true);
    const [saved] = await listOf(shopper);
    const again = await nextBasket(shopper, AUSTIN, 'en-us');
    const paid = await payByCard(t, again, { saved_method: saved.reference, token: undefined, payment_method_type: 'us-bank-account', locale: 'en-us' });
    expect(paid.body.success).toBe(true);
    const orderNumber = paid.body.data.order_number as string;
    expect(await orderStatusOf(orderNumber)).toBe('paid');
    expect((await saleOf(orderNumber)).status).toBe('settlement_pending');
    await expectKept(shopper, saved, orderNumber);
  });

  it('a debit waiting for the bank keeps the account it saved: removing it answers 310014', async () => {
    const { shopper, saved, orderNumber } = await aNewCustomerWithASavedAccount('1000000001');
    await expectKept(shopper, saved, orderNumber);
  });
});

/** A new customer whose first order, debited from a US bank account they saved with it, waits for the bank. */
async function aNewCustomerWithASavedAccount(accountNumber: string) {
  const shopper = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
  const nonce = await usBankAccountNonce(target, await fingerprintOf(shopper), { accountNumber });
  const waiting = await payByCard(t, shopper, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us', vault_payment_method: true });
  expect(waiting.body.success).toBe(true);
  const orderNumber = waiting.body.data.order_number as string;
  expect(await orderStatusOf(orderNumber)).toBe('pending');
  const [saved, ...others] = await listOf(shopper);
  expect(others).toEqual([]);
  expect(saved).toMatchObject({ kind: 'us-bank-account', bank: { last4: accountNumber.slice(-4) } });
  return { shopper, saved, orderNumber };
}

const orderStatusOf = async (orderNumber: string): Promise<string> => (await t.db.dataSource.query('SELECT status FROM orders WHERE number = $1', [orderNumber]))[0].status;

/** Removing the account is refused as in use, and it stays listed and in the vault. */
async function expectKept(shopper: Shopper, saved: SavedMethodJson, orderNumber: string) {
  const refused = await removeSaved(shopper, saved.reference);
  expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_IN_USE.code, message: ErrorCatalogue.SAVED_METHOD_IN_USE.message });
  expect(refused.status).toBe(409);
  expect(await listOf(shopper)).toEqual([saved]);
  const token = ((await gatewayFor(sandbox).transaction.find((await saleOf(orderNumber)).id)) as unknown as { usBankAccount: { token: string } }).usBankAccount.token;
  expect((await gatewayFor(sandbox).paymentMethod.find(token)).token).toBe(token);
}

describe('removing a saved bank account (account details)', () => {
  it("lists the owner's accounts, removes one from the vault and the store, and never another customer's", async () => {
    const owner = await aReturningShopper('en-us', AUSTIN);
    const nonce = await usBankAccountNonce(target, await fingerprintOf(owner), { accountNumber: '1000000001' });
    const saved = await payByCard(t, owner, { token: nonce, payment_method_type: 'us-bank-account', locale: 'en-us', vault_payment_method: true });
    expect(saved.body.success).toBe(true);
    const listed = await listOf(owner);
    expect(listed).toEqual([expect.objectContaining({ kind: 'us-bank-account', bank: expect.objectContaining({ last4: '0001' }) })]);
    const reference = listed[0].reference;
    const sdk = gatewayFor(sandbox);
    const token = ((await sdk.transaction.find((await saleOf(saved.body.data.order_number)).id)) as unknown as { usBankAccount: { token: string } }).usBankAccount.token;

    const stranger = await shopperReadyToPay(t, { locale: 'en-us', address: AUSTIN });
    const refused = await removeSaved(stranger, reference);
    expect(refused.status).toBe(404);
    expect((await removeSaved(owner, 'not-a-reference')).status).toBe(404);
    expect((await sdk.paymentMethod.find(token)).token).toBe(token);
    expect(await listOf(owner)).toEqual(listed);

    // The debit that saved it clears first: until then it stays (310014, below).
    const sale = await saleOf(saved.body.data.order_number);
    await fetch(`${sandbox.url}/__sandbox/transactions/${sale.id}/settle`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    // The store learns it by looking the debit up (its reconciliation), as when a notification is lost.
    await t.db.dataSource.query(`UPDATE bank_debits SET created_at = now() - interval '8 days' WHERE transaction_id = $1`, [sale.id]);
    await t.app.get(ReconcileBankDebits, { strict: false }).run();
    expect((await t.db.dataSource.query(`SELECT state FROM bank_debits WHERE transaction_id = $1`, [sale.id]))[0]?.state).toBe('settled');
    const removed = await removeSaved(owner, reference);
    expect(removed.body).toMatchObject({ success: true, data: { saved_methods: [] } });
    expect(await listOf(owner)).toEqual([]);
    await expect(sdk.paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
    const again = await nextBasket(owner, AUSTIN, 'en-us');
    expect((await checkoutOf(again)).saved_bank_accounts).toEqual([]);
    const unpaid = await payByCard(t, again, { saved_method: reference, token: undefined, payment_method_type: 'us-bank-account', locale: 'en-us' });
    expect(unpaid.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code, data: { charged: 'not-charged' } });
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
    expect(listed).toEqual([{ reference: expect.stringMatching(REFERENCE), kind: 'sepa', last4: '3000', mandate_reference: recurring.bankReferenceToken, bank_name: null }]);
    expect(await listOf(third)).toEqual([
      expect.objectContaining({ reference: listed[0].reference, kind: 'sepa', description: `SEPA Direct Debit from the account ending 3000 (mandate ${recurring.bankReferenceToken})` }),
    ]);
    const paid = await payByCard(t, third, { saved_method: listed[0].reference, token: undefined, payment_method_type: 'sepa', locale: 'en-eu' });
    expect(paid.body.success).toBe(true);
    expect((await saleOf(paid.body.data.order_number)).status).toBe('settlement_pending');
    // A dollar basket billed to the US is neither offered it nor paid from it.
    const dollars = await nextBasket(shopper, AUSTIN, 'en-us');
    expect((await checkoutOf(dollars)).saved_methods).toEqual([]);
    const refused = await payByCard(t, dollars, { saved_method: listed[0].reference, token: undefined, payment_method_type: 'sepa', locale: 'en-us' });
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code, data: { charged: 'not-charged' } });
  });
});
