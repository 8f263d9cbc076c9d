import { gatewayFor, paypalNonce, savedPaymentMethods } from '@store/payment-sandbox';
import { ErrorCatalogue, type SavedMethodJson } from '@store/domain';
import { configuredCardStore } from '../testing/card-store';
import { cookieOf, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { cardSandboxEnv } from '../testing/sandbox-env';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// Several saved payment methods per customer, through the real API, its real card gateway adapter
// (the braintree SDK) and the project's Braintree sandbox: what is listed, in which order, what the
// checkout offers, paying with one of them, choosing the default and removing one (each at the
// gateway first), and that a customer only ever reaches their own.

const store = configuredCardStore({ env: { BRAINTREE_PAYPAL: 'true' } });
jest.setTimeout(60_000);

const sdk = () => gatewayFor(store.sandbox);
const account = (shopper: Pick<Shopper, 'cookie'>) => ({
  list: () => store.t.http().get('/data/account/saved-methods/').set(XHR).set('Cookie', shopper.cookie),
  makeDefault: (reference: string) => store.t.http().post(`/data/account/saved-methods/${reference}/default`).set(XHR).set('Cookie', shopper.cookie),
  remove: (reference: string) => store.t.http().delete(`/data/account/saved-methods/${reference}`).set(XHR).set('Cookie', shopper.cookie),
});
const listOf = async (shopper: Pick<Shopper, 'cookie'>): Promise<SavedMethodJson[]> => {
  const answer = await account(shopper).list();
  expect(answer.body.success).toBe(true);
  return answer.body.data.saved_methods;
};

/** The gateway's customer record the shopper's client token reaches (braintree-web's vault manager reads the same one). */
const vaultCustomerOf = async (shopper: Shopper): Promise<string> => {
  const customer = /customer_id=([A-Za-z0-9_-]+)/.exec(await store.fingerprintOf(shopper))?.[1];
  if (!customer) throw new Error('the client token reaches no customer record');
  return customer;
};

type VaultedMethod = { token: string; default: boolean; last4?: string; email?: string; expirationYear?: string } & object;
/** The shopper's methods in the gateway's vault, read with the braintree SDK. */
const vaultOf = async (vaultCustomerId: string): Promise<VaultedMethod[]> =>
  ((await sdk().customer.find(vaultCustomerId)) as unknown as { paymentMethods?: VaultedMethod[] }).paymentMethods ?? [];

/** The vault manager's list (braintree-web's fetchPaymentMethods) for the shopper's basket: each method with a fresh nonce. */
type VaultManagerMethod = { type: string; nonce: string; default: boolean; details: { lastFour?: string; email?: string } };
const vaultManagerList = async (shopper: Shopper): Promise<VaultManagerMethod[]> => {
  const answer = await savedPaymentMethods(store.target, await store.fingerprintOf(shopper));
  expect(answer.status).toBe(200);
  return answer.body.paymentMethods as VaultManagerMethod[];
};
const nonceForCard = async (shopper: Shopper, last4: string): Promise<string> => {
  const card = (await vaultManagerList(shopper)).find((method) => method.type === 'CreditCard' && method.details.lastFour === last4);
  if (!card) throw new Error(`the vault manager lists no card ending ${last4}`);
  return card.nonce;
};

/** A card typed into braintree-web's card fields (the client API's tokenization): its nonce. */
async function typedCard(shopper: Shopper, number: string, expirationMonth: string, expirationYear: string): Promise<string> {
  const typed = await fetch(`${store.sandbox.url}/merchants/sandbox_merchant/client_api/v1/payment_methods/credit_cards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ authorizationFingerprint: await store.fingerprintOf(shopper), creditCard: { number, expirationMonth, expirationYear, cvv: '123' }, _meta: { source: 'client' } }),
  });
  expect(typed.status).toBe(201);
  return ((await typed.json()) as { creditCards: Array<{ nonce: string }> }).creditCards[0].nonce;
}

type SaleSummary = { id: string; type: string; orderId: string | null; customerId: string | null; paymentMethodToken: string | null };
/** The gateway's sales for one customer record: only this test's own shopper's. */
const salesOf = async (vaultCustomerId: string): Promise<SaleSummary[]> =>
  ((await (await fetch(`${store.sandbox.url}/__sandbox/transactions`)).json()) as SaleSummary[]).filter((sale) => sale.type === 'sale' && sale.customerId === vaultCustomerId);
const saleOfOrder = async (orderNumber: string) => {
  const all = (await (await fetch(`${store.sandbox.url}/__sandbox/transactions`)).json()) as SaleSummary[];
  const sales = all.filter((sale) => sale.type === 'sale' && sale.orderId?.startsWith(`${orderNumber}-`));
  expect(sales).toHaveLength(1);
  return sdk().transaction.find(sales[0].id);
};

/** The same customer's next basket, the gateway decided again (their billing address is kept). */
async function nextBasket(shopper: Shopper): Promise<Shopper> {
  const session = shopper.cookie.split('; ')[0];
  const added = await store.t.http().post('/data/basket/lines/').set(XHR).set('Cookie', session).send({ product_suite_reference: 'publisher-2', locale: 'en-gb' });
  const basketCookie = cookieOf(added, 'afs_basket');
  const cookie = basketCookie ? `${session}; ${basketCookie}` : shopper.cookie;
  const reference = added.body.data.reference as string;
  expect((await store.t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', cookie).send({ basket_ref: reference })).body.data.gateway).toBe('braintree');
  const state = await store.t.http().get(`/data/session/?basket_ref=${reference}`).set(XHR).set('Cookie', cookie);
  return { ...shopper, cookie, basketReference: reference, basket: state.body.data.basket };
}

/** Pays the shopper's basket and saves what paid it; answers the customer's next basket. */
async function payAndSave(shopper: Shopper, extra: Record<string, unknown>): Promise<Shopper> {
  const paid = await payByCard(store.t, shopper, { vault_payment_method: true, ...extra });
  expect(paid.body).toMatchObject({ success: true });
  return nextBasket(shopper);
}

const VISA = { kind: 'card', card: expect.objectContaining({ card_type: 'Visa', last4: '1111' }) };
const MASTERCARD = { kind: 'card', card: expect.objectContaining({ card_type: 'MasterCard', last4: '4444' }) };
const PAYPAL = { kind: 'paypal', account_name: 'sandbox-buyer@example.com', card: null };

/**
 * A customer who saved a Visa card, then a Mastercard, then a PayPal account, over three orders,
 * at their fourth basket; with the references the account page lists them by.
 */
async function customerWithThreeMethods() {
  let shopper = await shopperReadyToPay(store.t);
  shopper = await payAndSave(shopper, { token: 'fake-valid-visa-nonce' });
  shopper = await payAndSave(shopper, { token: 'fake-valid-mastercard-nonce' });
  const agreement = await paypalNonce(store.target, await store.fingerprintOf(shopper), '10.00', 'GBP', { requestBillingAgreement: true });
  shopper = await payAndSave(shopper, { token: agreement, payment_method_type: 'paypal' });
  const listed = await listOf(shopper);
  const find = (last4OrKind: string) => listed.find((method) => method.card?.last4 === last4OrKind || method.kind === last4OrKind);
  const vaultCustomer = await vaultCustomerOf(shopper);
  const tokenOf = async (match: (method: VaultedMethod) => boolean) => (await vaultOf(vaultCustomer)).find(match)?.token as string;
  return {
    shopper,
    listed,
    vaultCustomer,
    visa: find('1111') as SavedMethodJson,
    mastercard: find('4444') as SavedMethodJson,
    paypal: find('paypal') as SavedMethodJson,
    visaToken: await tokenOf((method) => method.last4 === '1111'),
    mastercardToken: await tokenOf((method) => method.last4 === '4444'),
  };
}

describe('the saved methods list', () => {
  it('lists two cards and a PayPal account saved over three orders, the default first, then the newest; the checkout offers the same', async () => {
    const { shopper, listed, vaultCustomer, visaToken } = await customerWithThreeMethods();
    // The first saved is the default; the others newest first.
    expect(listed).toEqual([
      expect.objectContaining({ ...VISA, is_default: true, state: 'usable', description: expect.stringMatching(/^•••• Visa ending in 1111 \(expires \d\d\/\d{4}\)$/) }),
      expect.objectContaining({ ...PAYPAL, is_default: false, state: 'usable', description: 'PayPal sandbox-buyer@example.com' }),
      expect.objectContaining({ ...MASTERCARD, is_default: false, state: 'usable' }),
    ]);
    for (const method of listed) expect(method.reference).toMatch(/^spm_[0-9a-f]{32}$/);
    expect(new Set(listed.map((method) => method.reference)).size).toBe(3);
    expect((await account(shopper).list()).body.data.can_add_paypal).toBe(true);

    // A pound basket billed to the UK with PayPal on: every one fits, in the same order and words.
    const checkout = await store.checkoutOf(shopper);
    expect(checkout.saved_methods).toEqual(listed);
    expect(checkout).toMatchObject({ existing_card_token: visaToken, existing_card: { last4: '1111' }, existing_paypal_account: { email: 'sandbox-buyer@example.com' } });

    // The gateway holds the same three under one customer record, the same one the default.
    const vault = await vaultOf(vaultCustomer);
    expect(vault).toHaveLength(3);
    expect(vault.filter((method) => method.default).map((method) => method.token)).toEqual([visaToken]);
  });
});

describe('paying with a saved method', () => {
  it('charges the second card when it is chosen by its reference with the vault manager nonce for it', async () => {
    const { shopper, listed, vaultCustomer, mastercard, mastercardToken } = await customerWithThreeMethods();
    const before = (await salesOf(vaultCustomer)).length;
    const paid = await payByCard(store.t, shopper, { saved_method: mastercard.reference, token: await nonceForCard(shopper, '4444') });
    expect(paid.body).toMatchObject({ success: true });
    const sale = await saleOfOrder(paid.body.data.order_number);
    expect(sale.creditCard).toMatchObject({ last4: '4444', token: mastercardToken });
    expect(await salesOf(vaultCustomer)).toHaveLength(before + 1);
    // Paying with a saved card saves nothing new.
    expect(await listOf(shopper)).toEqual(listed);
  });

  it('charges the stored PayPal account when it is chosen by its reference, with no token from the page', async () => {
    const { shopper, vaultCustomer, paypal } = await customerWithThreeMethods();
    const payPalToken = (await vaultOf(vaultCustomer)).find((method) => method.email === 'sandbox-buyer@example.com')?.token;
    const paid = await payByCard(store.t, shopper, { saved_method: paypal.reference, token: undefined, payment_method_type: 'paypal' });
    expect(paid.body).toMatchObject({ success: true });
    const sale = await saleOfOrder(paid.body.data.order_number);
    expect(sale.paymentInstrumentType).toBe('paypal_account');
    expect(sale.paypalAccount?.token).toBe(payPalToken);
  });
});

describe('choosing the default', () => {
  it('makes it the default at the gateway and in the list, and the checkout follows', async () => {
    const { shopper, vaultCustomer, visa, mastercard, paypal, mastercardToken } = await customerWithThreeMethods();
    const chosen = await account(shopper).makeDefault(mastercard.reference);
    expect(chosen.status).toBe(200);
    const order = (methods: SavedMethodJson[]) => methods.map((method) => [method.reference, method.is_default]);
    const expected = [
      [mastercard.reference, true],
      [paypal.reference, false],
      [visa.reference, false],
    ];
    expect(order(chosen.body.data.saved_methods)).toEqual(expected);
    expect(order(await listOf(shopper))).toEqual(expected);

    // The gateway's record says so too, and braintree-web's vault manager lists it first.
    const vault = await vaultOf(vaultCustomer);
    expect(vault.filter((method) => method.default).map((method) => method.token)).toEqual([mastercardToken]);
    const [first] = await vaultManagerList(shopper);
    expect(first).toMatchObject({ type: 'CreditCard', default: true, details: { lastFour: '4444' } });
    const checkout = await store.checkoutOf(shopper);
    expect(order(checkout.saved_methods as SavedMethodJson[])).toEqual(expected);
    expect(checkout.existing_card_token).toBe(mastercardToken);

    // Choosing the default again changes nothing.
    expect(order((await account(shopper).makeDefault(mastercard.reference)).body.data.saved_methods)).toEqual(expected);
  });
});

describe('removing a saved method', () => {
  it('removes it at the gateway first: refused there, it answers 310013 and stays listed and vaulted; then it goes, and the newest becomes the default', async () => {
    const { shopper, vaultCustomer, visa, mastercard, paypal, visaToken } = await customerWithThreeMethods();
    const before = await listOf(shopper);
    for (const status of [500, 503]) {
      expect((await store.control('force', { removal: { token: visaToken, status } })).status).toBe(200);
      const refused = await account(shopper).remove(visa.reference);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_REMOVAL_FAILED.code, message: ErrorCatalogue.SAVED_METHOD_REMOVAL_FAILED.message });
      expect(await listOf(shopper)).toEqual(before);
      expect((await sdk().paymentMethod.find(visaToken)).token).toBe(visaToken);
    }

    const removed = await account(shopper).remove(visa.reference);
    expect(removed.status).toBe(200);
    // The default went: the newest left (the PayPal account) is the default, here and at the gateway.
    expect(removed.body.data.saved_methods.map((method: SavedMethodJson) => [method.reference, method.is_default])).toEqual([
      [paypal.reference, true],
      [mastercard.reference, false],
    ]);
    await expect(sdk().paymentMethod.find(visaToken)).rejects.toMatchObject({ type: 'notFoundError' });
    const vault = await vaultOf(vaultCustomer);
    expect(vault).toHaveLength(2);
    expect(vault.filter((method) => method.default).map((method) => method.email)).toEqual(['sandbox-buyer@example.com']);
    expect(await listOf(shopper)).toEqual(removed.body.data.saved_methods);

    // Gone: removing it again, or paying with it, finds nothing.
    expect((await account(shopper).remove(visa.reference)).body).toMatchObject({ success: false, code: ErrorCatalogue.NOT_FOUND.code });
    const unpaid = await payByCard(store.t, shopper, { saved_method: visa.reference });
    expect(unpaid.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code, data: { charged: 'not-charged' } });
  });

  it('answers 310014 while an order it pays has not settled, and removes it once that order is paid', async () => {
    let shopper = await shopperReadyToPay(store.t);
    shopper = await payAndSave(shopper, { token: 'fake-valid-visa-nonce' });
    const [visa] = await listOf(shopper);
    const vaultCustomer = await vaultCustomerOf(shopper);
    const [{ token }] = await vaultOf(vaultCustomer);

    // The gateway's answer to the charge is lost (slower than the store waits): the order stays pending.
    await store.control('force', { delayMs: 3000 });
    const lost = await payByCard(store.t, shopper, { saved_method: visa.reference, token: await nonceForCard(shopper, '1111') });
    expect(lost.body).toMatchObject({ success: false, code: ErrorCatalogue.ORDER_FAILED_UNEXPECTEDLY.code, data: { charged: 'unknown' } });
    const orderNumber = lost.body.data.order_number as string;

    const refused = await account(shopper).remove(visa.reference);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_IN_USE.code, message: ErrorCatalogue.SAVED_METHOD_IN_USE.message });
    expect(await listOf(shopper)).toEqual([visa]);
    expect((await sdk().paymentMethod.find(token)).token).toBe(token);

    // The retry finds the charge the gateway made and completes the order; then the card can go.
    const retried = await payByCard(store.t, shopper, { saved_method: visa.reference, token: await nonceForCard(shopper, '1111'), existing_order_number: orderNumber });
    expect(retried.body).toMatchObject({ success: true, data: { order_number: orderNumber } });
    expect(await salesOf(vaultCustomer)).toHaveLength(2);
    expect((await account(shopper).remove(visa.reference)).body).toMatchObject({ success: true, data: { saved_methods: [] } });
    await expect(sdk().paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
  });
});

describe('an expired saved card', () => {
  it("is listed as expired, is not the checkout's card, cannot be the default, and is refused at PLACE_ORDER with 310015 without a charge", async () => {
    const { shopper, vaultCustomer, visa, mastercardToken, visaToken } = await customerWithThreeMethods();
    // Expired at the gateway (the card networks' updater, here the sandbox's control).
    expect((await store.control(`payment-methods/${visaToken}/expire`)).status).toBe(200);

    const listed = await listOf(shopper);
    const expired = listed.find((method) => method.reference === visa.reference);
    expect(expired).toMatchObject({ state: 'expired', card: { expiration_month: 1, expiration_year: 2020 }, description: '•••• Visa ending in 1111 (expires 01/2020)' });
    expect(listed.filter((method) => method.state !== 'usable')).toEqual([expired]);
    const checkout = await store.checkoutOf(shopper);
    expect(checkout.saved_methods?.find((method) => method.reference === visa.reference)?.state).toBe('expired');
    expect(checkout).toMatchObject({ existing_card_token: mastercardToken, existing_card: { last4: '4444' } });

    const notDefault = await account(shopper).makeDefault(visa.reference);
    expect(notDefault.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code });

    const sales = (await salesOf(vaultCustomer)).length;
    // With the vault manager's nonce for it (the page does not offer it; the server refuses it all the same), and without.
    for (const token of [await nonceForCard(shopper, '1111'), undefined]) {
      const refused = await payByCard(store.t, shopper, { saved_method: visa.reference, token });
      expect(refused.body).toMatchObject({
        success: false,
        code: ErrorCatalogue.SAVED_CARD_EXPIRED.code,
        message: ErrorCatalogue.SAVED_CARD_EXPIRED.message,
        data: { order_number: null, charged: 'not-charged' },
      });
    }
    expect(await salesOf(vaultCustomer)).toHaveLength(sales);
  });
});

describe('the same card saved again', () => {
  it('updates its entry (its place, its default, its newest expiry), and the vault keeps one of it', async () => {
    let shopper = await shopperReadyToPay(store.t);
    shopper = await payAndSave(shopper, { token: await typedCard(shopper, '4111111111111111', '12', '2031') });
    shopper = await payAndSave(shopper, { token: 'fake-valid-mastercard-nonce' });
    const [visa, mastercard] = await listOf(shopper);
    expect(visa).toMatchObject({ ...VISA, is_default: true, card: expect.objectContaining({ expiration_month: 12, expiration_year: 2031 }) });
    const vaultCustomer = await vaultCustomerOf(shopper);
    const oldToken = (await vaultOf(vaultCustomer)).find((method) => method.last4 === '1111')?.token as string;

    // The same number typed again with its new expiry date, and saved with the payment.
    shopper = await payAndSave(shopper, { token: await typedCard(shopper, '4111111111111111', '11', '2034') });

    const listed = await listOf(shopper);
    expect(listed).toEqual([
      { ...visa, card: { ...visa.card, expiration_month: 11, expiration_year: 2034 }, description: '•••• Visa ending in 1111 (expires 11/2034)' },
      mastercard,
    ]);
    const vault = await vaultOf(vaultCustomer);
    const visas = vault.filter((method) => method.last4 === '1111');
    expect(visas).toHaveLength(1);
    expect(visas[0]).toMatchObject({ default: true, expirationYear: '2034' });
    expect(visas[0].token).not.toBe(oldToken);
    await expect(sdk().paymentMethod.find(oldToken)).rejects.toMatchObject({ type: 'notFoundError' });
    expect(vault).toHaveLength(2);
  });
});

describe("another customer's saved methods", () => {
  it('are never listed, offered, chosen, removed or charged for anyone else', async () => {
    const owner = await customerWithThreeMethods();
    let stranger = await shopperReadyToPay(store.t);
    stranger = await payAndSave(stranger, { token: 'fake-valid-mastercard-nonce' });
    const [theirOwn] = await listOf(stranger);
    const strangerVault = await vaultCustomerOf(stranger);
    expect(strangerVault).not.toBe(owner.vaultCustomer);

    const ownerReferences = owner.listed.map((method) => method.reference);
    expect((await listOf(stranger)).map((method) => method.reference)).toEqual([theirOwn.reference]);
    expect(((await store.checkoutOf(stranger)).saved_methods ?? []).map((method) => method.reference)).toEqual([theirOwn.reference]);
    // Their client token reaches their own record only: the vault manager lists their one card.
    expect((await vaultManagerList(stranger)).map((method) => method.details.lastFour)).toEqual(['4444']);

    const ownerSales = (await salesOf(owner.vaultCustomer)).length;
    for (const reference of ownerReferences) {
      for (const answer of [await account(stranger).makeDefault(reference), await account(stranger).remove(reference)]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ success: false, code: ErrorCatalogue.NOT_FOUND.code });
      }
      const refused = await payByCard(store.t, stranger, { saved_method: reference, token: undefined });
      expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code, data: { order_number: null, charged: 'not-charged' } });
    }
    // Nothing of the owner's moved: the same list, the same vault, no sale on their record.
    expect(await listOf(owner.shopper)).toEqual(owner.listed);
    expect(await vaultOf(owner.vaultCustomer)).toHaveLength(3);
    expect((await vaultOf(owner.vaultCustomer)).find((method) => method.default)?.token).toBe(owner.visaToken);
    expect(await salesOf(owner.vaultCustomer)).toHaveLength(ownerSales);
    expect(await listOf(stranger)).toEqual([theirOwn]);

    // A reference in no customer's list, one not shaped as a reference, and no session at all.
    for (const reference of [`spm_${'0'.repeat(32)}`, 'not-a-reference']) {
      expect((await account(owner.shopper).makeDefault(reference)).body).toMatchObject({ success: false, code: ErrorCatalogue.NOT_FOUND.code });
      expect((await account(owner.shopper).remove(reference)).body).toMatchObject({ success: false, code: ErrorCatalogue.NOT_FOUND.code });
    }
    const visitor = account({ cookie: '' });
    for (const answer of [await visitor.list(), await visitor.makeDefault(owner.visa.reference), await visitor.remove(owner.visa.reference)]) {
      expect(answer.status).toBe(401);
      expect(answer.body.success).toBe(false);
    }
  });
});

describe("a saved card's security code asked for again", () => {
  // The same sandbox; a store whose rules ask for the code again (its own database, so its own customers).
  let cvvStore: TestApp;
  beforeAll(async () => {
    cvvStore = await createTestApp({ env: cardSandboxEnv(store.sandbox.url, { BRAINTREE_PAYPAL: 'true', BRAINTREE_SAVED_CARD_CVV: 'true' }) });
  }, 60_000);
  afterAll(() => cvvStore?.close());

  const checkoutOf = async (shopper: Shopper) => (await cvvStore.http().get(`/data/braintree-checkout/?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie)).body.data;
  /** The code alone, typed into braintree-web's Hosted Fields with only its cvv field: a CVV-only nonce. */
  const cvvNonce = async (fingerprint: string, cvv: string) => {
    const typed = await fetch(`${store.sandbox.url}/merchants/sandbox_merchant/client_api/v1/payment_methods/credit_cards`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ authorizationFingerprint: fingerprint, creditCard: { cvv }, _meta: { source: 'client' } }),
    });
    expect(typed.status).toBe(201);
    return ((await typed.json()) as { creditCards: Array<{ nonce: string }> }).creditCards[0].nonce;
  };

  it('refuses the saved card without it (310017) before anything is charged, and charges the saved card with it', async () => {
    const first = await shopperReadyToPay(cvvStore);
    expect((await payByCard(cvvStore, first, { vault_payment_method: true })).body.success).toBe(true);
    const session = first.cookie.split('; ')[0];
    const added = await cvvStore.http().post('/data/basket/lines/').set(XHR).set('Cookie', session).send({ product_suite_reference: 'publisher-2', locale: 'en-gb' });
    const cookie = `${session}; ${cookieOf(added, 'afs_basket')}`;
    await cvvStore.http().post('/data/determine-gateway/').set(XHR).set('Cookie', cookie).send({ basket_ref: added.body.data.reference });
    const state = await cvvStore.http().get(`/data/session/?basket_ref=${added.body.data.reference}`).set(XHR).set('Cookie', cookie);
    const shopper: Shopper = { ...first, cookie, basketReference: added.body.data.reference, basket: state.body.data.basket };

    const checkout = await checkoutOf(shopper);
    expect(checkout.saved_card_cvv_required).toBe(true);
    const [card] = checkout.saved_methods as SavedMethodJson[];
    const fingerprint = JSON.parse(Buffer.from(checkout.client_token, 'base64').toString('utf8')).authorizationFingerprint as string;
    const vaultCustomer = /customer_id=([A-Za-z0-9_-]+)/.exec(fingerprint)?.[1] as string;
    const vaultNonce = async () => ((await savedPaymentMethods(store.target, fingerprint)).body.paymentMethods as VaultManagerMethod[])[0].nonce;

    const refused = await payByCard(cvvStore, shopper, { saved_method: card.reference, token: await vaultNonce() });
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_CARD_CVV_REQUIRED.code, data: { order_number: null, charged: 'not-charged' } });
    expect(await salesOf(vaultCustomer)).toHaveLength(1);

    const paid = await payByCard(cvvStore, shopper, { saved_method: card.reference, token: await vaultNonce(), saved_card_cvv_token: await cvvNonce(fingerprint, '123') });
    expect(paid.body).toMatchObject({ success: true });
    const [{ token }] = await vaultOf(vaultCustomer);
    // This store numbers its orders as the file's other store does: its sale is found by its customer record too.
    const sales = (await salesOf(vaultCustomer)).filter((one) => one.orderId?.startsWith(`${paid.body.data.order_number}-`));
    expect(sales).toHaveLength(1);
    const sale = await sdk().transaction.find(sales[0].id);
    expect(sale.creditCard).toMatchObject({ last4: '1111', token });
    expect(sale.cvvResponseCode).toBe('M');
  });
});
