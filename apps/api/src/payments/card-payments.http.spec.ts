import { gatewayFor, paypalNonce, savedPaymentMethods, startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import { ErrorCatalogue, type SavedMethodJson } from '@store/domain';
import braintree from 'braintree';
import { payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { cardSandboxEnv } from '../testing/sandbox-env';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// The real API on Postgres, its card gateway adapter (the real braintree SDK) talking to the
// project's Braintree sandbox over HTTP: nothing between them is stubbed.
let sandbox: RunningBraintreeSandbox;
let t: TestApp;
let sdk: braintree.BraintreeGateway;

const gatewayEnv = (url: string, extra: Record<string, string> = {}) => cardSandboxEnv(url, { BRAINTREE_PAYPAL: 'true', ...extra });

beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  t = await createTestApp({ env: gatewayEnv(sandbox.url) });
  sdk = gatewayFor(sandbox);
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

const control = (path: string, body?: unknown, method = 'POST') =>
  fetch(`${sandbox.url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

type SandboxTransaction = { id: string; status: string; amount: string; currency: string; orderId: string };
const transactionsOf = async (orderNumber: string): Promise<SandboxTransaction[]> => {
  const all: SandboxTransaction[] = [];
  for (const attempt of [1, 2, 3]) {
    const response = await control(`/__sandbox/transactions?order_id=${encodeURIComponent(`${orderNumber}-${attempt}`)}`, undefined, 'GET');
    all.push(...((await response.json()) as SandboxTransaction[]));
  }
  return all;
};

const pay = payByCard;

const checkout = (app: TestApp, shopper: Shopper) => app.http().get(`/data/braintree-checkout/?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie);

const orderRow = async (number: string) =>
  (await t.db.dataSource.query('SELECT status, transaction_id, payment_attempt, gross_minor, currency FROM orders WHERE number = $1', [number]))[0];

/** The customer's saved payment methods as the account page lists them (GET /data/account/saved-methods/). */
const savedMethodsOf = async (shopper: Pick<Shopper, 'cookie'>) => {
  const answer = await t.http().get('/data/account/saved-methods/').set(XHR).set('Cookie', shopper.cookie);
  expect(answer.body.success).toBe(true);
  return answer.body.data as { saved_methods: SavedMethodJson[]; can_add_paypal: boolean };
};
/** What the store keeps of a customer's saved methods besides what the page sees: each one's vault token and customer record. */
const vaultRows = async (shopper: Pick<Shopper, 'id'>): Promise<Array<{ reference: string; kind: string; token: string; vault_customer_id: string; invalid: boolean }>> =>
  t.db.dataSource.query(
    'SELECT reference, kind, token, vault_customer_id, invalid_since IS NOT NULL AS invalid FROM saved_payment_methods WHERE customer_id = $1 ORDER BY created_at',
    [shopper.id],
  );

describe('GET /data/braintree-checkout/', () => {
  it('gives a client token for the basket the card gateway takes, and what the page offers', async () => {
    const shopper = await shopperReadyToPay(t);
    const answer = await checkout(t, shopper);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({
      environment: 'sandbox',
      existing_card_token: null,
      existing_card_bin: null,
      existing_card: null,
      disabled_apple_pay_countries: [],
      disabled_google_pay_countries: [],
      disabled_paypal_countries: [],
      three_d_secure: false,
      collect_device_data: true,
      // Spec 2 §9: each piece of the gateway's browser code may take 120 s to load.
      script_load_timeout_ms: 120000,
    });
    // What braintree-web reads from it: the configuration address, on the provider's own domain.
    const token = JSON.parse(Buffer.from(data.client_token, 'base64').toString('utf8'));
    expect(token.configUrl).toBe('https://api.sandbox.braintreegateway.com/merchants/sandbox_merchant/client_api/v1/configuration');
    expect(token.authorizationFingerprint).not.toContain('customer_id');
  });

  it('refuses visitors, strangers and baskets whose billing did not choose the card gateway', async () => {
    const shopper = await shopperReadyToPay(t);
    expect((await t.http().get(`/data/braintree-checkout/?basket_ref=${shopper.basket.reference}`).set(XHR)).body.code).toBe(100108);
    const stranger = await shopperReadyToPay(t);
    expect((await checkout(t, { ...stranger, basket: shopper.basket })).body.code).toBe(200404);
    expect((await t.http().get('/data/braintree-checkout/?basket_ref=../x').set(XHR).set('Cookie', shopper.cookie)).body.code).toBe(100100);
    // Any basket change voids the gateway choice (spec 2 §4): no token until billing decides again.
    await t.db.dataSource.query('DELETE FROM basket_payment_states WHERE basket_reference = $1', [shopper.basket.reference]);
    expect((await checkout(t, shopper)).body).toMatchObject({ success: false, code: 310001, message: 'There was a problem obtaining payment methods' });
  });
});

describe("PayPal through the classic module for the currencies named", () => {
  let classic: TestApp;
  beforeAll(async () => {
    classic = await createTestApp({ env: gatewayEnv(sandbox.url, { BRAINTREE_PAYPAL_CLASSIC: 'true', BRAINTREE_PAYPAL_CLASSIC_CURRENCIES: 'EUR' }) });
  });
  afterAll(() => classic?.close());

  it('tells the page to use it for a euro basket, and PayPal\'s buttons for a pound basket', async () => {
    const pounds = await shopperReadyToPay(classic);
    expect((await checkout(classic, pounds)).body.data.paypal_classic).toBe(false);
    const euros = await shopperReadyToPay(classic, { locale: 'en-eu', address: { line_1: 'Rua Augusta 24', city: 'Lisboa', postal_code: '1100-053', country: 'PT' } });
    expect((await checkout(classic, euros)).body.data.paypal_classic).toBe(true);
    // Without the switch, no currency uses it.
    expect((await checkout(t, await shopperReadyToPay(t))).body.data.paypal_classic).toBe(false);
  });
});

describe('PLACE_ORDER through the card gateway', () => {
  it('charges the priced basket once, in its currency, and saves the card when asked', async () => {
    const shopper = await shopperReadyToPay(t);
    const placed = await pay(t, shopper, { vault_payment_method: true, bt_device_data: '{"correlation_id":"abc"}' });
    expect(placed.body.success).toBe(true);
    const number = placed.body.data.order_number;
    const order = await orderRow(number);
    expect(order).toMatchObject({ status: 'paid', currency: 'GBP' });
    const [sale, ...others] = await transactionsOf(number);
    expect(others).toEqual([]);
    expect(sale).toMatchObject({ id: order.transaction_id, status: 'submitted_for_settlement', currency: 'GBP', orderId: `${number}-1` });
    expect(Math.round(Number(sale.amount) * 100)).toBe(order.gross_minor);

    const [saved] = await vaultRows(shopper);
    expect(saved).toMatchObject({ kind: 'card', invalid: false });
    expect((await savedMethodsOf(shopper)).saved_methods).toEqual([
      expect.objectContaining({ reference: saved.reference, kind: 'card', is_default: true, state: 'usable', card: expect.objectContaining({ card_type: 'Visa', bin: '411111', last4: '1111' }) }),
    ]);
    const vaulted = await sdk.paymentMethod.find(saved.token);
    expect((vaulted as braintree.CreditCard).last4).toBe('1111');

    // The next basket offers the saved card, and the token reaches the customer's vault.
    const next = await shopperReadyToPayAs(shopper);
    const offer = (await checkout(t, next)).body.data;
    expect(offer).toMatchObject({ existing_card_token: saved.token, existing_card_bin: '411111', existing_card: { card_type: 'Visa', last4: '1111', expired: false } });
    expect(offer.saved_methods).toEqual((await savedMethodsOf(shopper)).saved_methods);
    expect(JSON.parse(Buffer.from(offer.client_token, 'base64').toString('utf8')).authorizationFingerprint).toContain(`customer_id=${saved.vault_customer_id}`);
  });

  it('tells a declined shopper they were not charged, and charges once when they try again on the same order', async () => {
    const shopper = await shopperReadyToPay(t);
    await control('/__sandbox/force', { sale: { kind: 'processor_declined', code: '2001', text: 'Insufficient Funds', type: 'soft_declined' } });
    const declined = await pay(t, shopper);
    expect(declined.body).toMatchObject({
      success: false,
      code: 300011,
      message: 'Your payment was declined by your payment provider. Please change your payment method.',
      data: { charged: 'not-charged' },
    });
    const number = declined.body.data.order_number;
    expect((await orderRow(number)).status).toBe('failed');

    const retried = await pay(t, shopper, { token: 'fake-valid-mastercard-nonce', existing_order_number: number });
    expect(retried.body).toMatchObject({ success: true, data: { order_number: number } });
    const sales = await transactionsOf(number);
    expect(sales.map((sale) => [sale.orderId, sale.status])).toEqual([
      [`${number}-1`, 'processor_declined'],
      [`${number}-2`, 'submitted_for_settlement'],
    ]);
    expect(await orderRow(number)).toMatchObject({ status: 'paid', payment_attempt: 2, transaction_id: sales[1].id });
  });

  it.each([
    [{ kind: 'processor_declined', code: '2004', text: 'Expired Card', type: 'hard_declined' }, 300015],
    [{ kind: 'processor_declined', code: '2014', text: 'Processor Declined - Fraud Suspected', type: 'hard_declined' }, 300013],
    [{ kind: 'processor_declined', code: '2057', text: 'Issuer or Cardholder has put a restriction on the card', type: 'soft_declined' }, 300006],
    [{ kind: 'gateway_rejected', reason: 'cvv' }, 300009],
    // The sandbox nonce carries no postal code: the address rules refused, not the postal code.
    [{ kind: 'gateway_rejected', reason: 'avs' }, 300021],
    [{ kind: 'gateway_rejected', reason: 'fraud' }, 300013],
    [{ kind: 'failed', code: '3000', text: 'Processor Network Unavailable - Try Again' }, 300012],
  ])('maps the gateway outcome %j to response code %i, charging nothing', async (sale, code) => {
    const shopper = await shopperReadyToPay(t);
    await control('/__sandbox/force', { sale });
    const refused = await pay(t, shopper);
    expect(refused.body).toMatchObject({ success: false, code, data: { charged: 'not-charged' } });
    expect((await orderRow(refused.body.data.order_number)).status).toBe('failed');
  });

  it('leaves an order pending when the gateway does not answer in time, and the retry finds the charge instead of charging again', async () => {
    const shopper = await shopperReadyToPay(t);
    await control('/__sandbox/force', { delayMs: 3000 });
    const lost = await pay(t, shopper);
    expect(lost.body).toMatchObject({ success: false, code: 300101, data: { charged: 'unknown' } });
    const number = lost.body.data.order_number;
    expect((await orderRow(number)).status).toBe('pending');

    const retried = await pay(t, shopper, { token: 'fake-valid-mastercard-nonce', existing_order_number: number });
    expect(retried.body).toMatchObject({ success: true, data: { order_number: number } });
    const sales = await transactionsOf(number);
    expect(sales).toHaveLength(1);
    expect(await orderRow(number)).toMatchObject({ status: 'paid', payment_attempt: 1, transaction_id: sales[0].id });
  });

  it('makes one charge when the same basket is paid from ten tabs at once', async () => {
    const shopper = await shopperReadyToPay(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(t, shopper)));
    const numbers = new Set(answers.map((answer) => answer.body.data?.order_number));
    expect(numbers.size).toBe(1);
    expect(answers.filter((answer) => answer.body.success)).not.toHaveLength(0);
    const [number] = [...numbers];
    expect(await transactionsOf(number)).toHaveLength(1);
    expect((await orderRow(number)).status).toBe('paid');
    const [{ n }] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM payment_charges WHERE order_number = $1', [number]);
    expect(n).toBe(1);
  });
});

describe('3-D Secure required by the gateway', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ env: gatewayEnv(sandbox.url, { BRAINTREE_THREE_D_SECURE: 'true' }) });
  });
  afterAll(() => secure?.close());

  it('refuses a card that was not 3-D Secured and takes one that was', async () => {
    const shopper = await shopperReadyToPay(secure);
    expect((await checkout(secure, shopper)).body.data.three_d_secure).toBe(true);
    const refused = await pay(secure, shopper);
    expect(refused.body).toMatchObject({ success: false, code: 300017, data: { charged: 'not-charged' } });
    const number = refused.body.data.order_number;
    const secured = await pay(secure, shopper, { token: 'fake-three-d-secure-visa-full-authentication-nonce', existing_order_number: number });
    expect(secured.body).toMatchObject({ success: true, data: { order_number: number } });
  });
});

describe('The saved card', () => {
  const removeSaved = (shopper: Pick<Shopper, 'cookie'>, reference: string) => t.http().delete(`/data/account/saved-methods/${reference}`).set(XHR).set('Cookie', shopper.cookie);

  it('is not offered once it expired, and can be removed from the account and the vault', async () => {
    const first = await shopperReadyToPay(t);
    expect((await pay(t, first, { vault_payment_method: true })).body.success).toBe(true);
    const [{ reference, token }] = await vaultRows(first);

    expect((await savedMethodsOf(first)).saved_methods).toEqual([expect.objectContaining({ reference, state: 'usable', card: expect.objectContaining({ card_type: 'Visa', last4: '1111' }) })]);

    // Expired at the gateway (its card updater, here the sandbox's control): refreshed, shown as expired, not offered.
    await control(`/__sandbox/payment-methods/${token}/expire`);
    const second = await shopperReadyToPayAs(first);
    const offer = (await checkout(t, second)).body.data;
    expect(offer).toMatchObject({ existing_card_token: null, existing_card: null });
    expect(offer.saved_methods).toEqual([expect.objectContaining({ reference, state: 'expired' })]);
    expect((await savedMethodsOf(first)).saved_methods).toEqual([
      expect.objectContaining({ reference, state: 'expired', card: expect.objectContaining({ expiration_month: 1, expiration_year: 2020 }) }),
    ]);

    const removed = await removeSaved(first, reference);
    expect(removed.status).toBe(200);
    expect(removed.body.data.saved_methods).toEqual([]);
    await expect(sdk.paymentMethod.find(token)).rejects.toMatchObject({ type: 'notFoundError' });
    expect((await removeSaved(first, reference)).status).toBe(404);
    expect((await t.http().delete(`/data/account/saved-methods/${reference}`).set(XHR)).status).toBe(401);
  });

  it('is marked invalid, shown but not offered, when the gateway no longer has it', async () => {
    const first = await shopperReadyToPay(t);
    expect((await pay(t, first, { vault_payment_method: true })).body.success).toBe(true);
    const [{ reference, token }] = await vaultRows(first);
    await sdk.paymentMethod.delete(token);
    const second = await shopperReadyToPayAs(first);
    const offer = (await checkout(t, second)).body.data;
    expect(offer.existing_card_token).toBeNull();
    expect(offer.saved_methods).toEqual([expect.objectContaining({ reference, state: 'invalid' })]);
    expect(await vaultRows(first)).toEqual([expect.objectContaining({ reference, invalid: true })]);
    // Paying with it is refused in its own words, before anything is charged.
    const refused = await pay(t, second, { saved_method: reference });
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_CARD_INVALID.code, data: { order_number: null, charged: 'not-charged' } });
    // Nor can it be the default.
    expect((await t.http().post(`/data/account/saved-methods/${reference}/default`).set(XHR).set('Cookie', first.cookie)).body).toMatchObject({
      success: false,
      code: ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code,
    });
    // It can still be removed: the gateway has nothing left to remove.
    expect((await removeSaved(first, reference)).body).toMatchObject({ success: true, data: { saved_methods: [] } });
  });
});

describe('The saved PayPal account (checkout with vault)', () => {
  const fingerprintOf = (clientToken: string): string => JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint;
  const target = () => ({ url: sandbox.url, merchantId: 'sandbox_merchant' });

  it('is saved when the shopper approved a billing agreement, offered next time, paid by its reference, and removable', async () => {
    const shopper = await shopperReadyToPay(t);
    const fingerprint = fingerprintOf((await checkout(t, shopper)).body.data.client_token);
    const nonce = await paypalNonce(target(), fingerprint, '10.00', 'GBP', { requestBillingAgreement: true });
    const placed = await pay(t, shopper, { token: nonce, payment_method_type: 'paypal', vault_payment_method: true });
    expect(placed.body.success).toBe(true);
    const [saved, ...others] = await vaultRows(shopper);
    expect(others).toEqual([]);
    expect(saved).toMatchObject({ kind: 'paypal', invalid: false });
    const vaulted = await sdk.paymentMethod.find(saved.token);
    expect(vaulted).toBeInstanceOf(braintree.PayPalAccount);
    expect(await savedMethodsOf(shopper)).toEqual({
      saved_methods: [expect.objectContaining({ reference: saved.reference, kind: 'paypal', account_name: 'sandbox-buyer@example.com', description: 'PayPal sandbox-buyer@example.com', is_default: true, state: 'usable' })],
      // This store has PayPal and a gateway that vaults it: the account page offers adding one.
      can_add_paypal: true,
    });

    // The next basket offers it, and the client token reaches the vault it is in.
    const next = await shopperReadyToPayAs(shopper);
    const offer = (await checkout(t, next)).body.data;
    expect(offer).toMatchObject({ existing_paypal_account: { email: 'sandbox-buyer@example.com' }, existing_card: null });
    expect(offer.saved_methods.map((method: SavedMethodJson) => method.reference)).toEqual([saved.reference]);
    const nextFingerprint = fingerprintOf(offer.client_token);
    expect(nextFingerprint).toContain(`customer_id=${saved.vault_customer_id}`);
    // braintree-web's vault manager lists it too.
    const methods = (await savedPaymentMethods(target(), nextFingerprint)).body.paymentMethods as Array<{ type: string; nonce: string; details: { email?: string } }>;
    expect(methods.find((method) => method.type === 'PayPalAccount')?.details.email).toBe('sandbox-buyer@example.com');
    // Chosen by its reference, it pays with the vault token the store keeps: the page sends no token.
    const again = await pay(t, next, { saved_method: saved.reference, token: undefined, payment_method_type: 'paypal' });
    expect(again.body.success).toBe(true);
    const sale = await sdk.transaction.find((await orderRow(again.body.data.order_number)).transaction_id);
    expect(sale.paymentInstrumentType).toBe('paypal_account');
    expect(sale.paypalAccount?.token).toBe(saved.token);

    // The same account approved again in the account page's vault flow updates its entry: still one, here and in the vault.
    const approvedAgain = await t.http().post('/data/account/saved-paypal/').set(XHR).set('Cookie', shopper.cookie).send({ nonce: 'fake-paypal-billing-agreement-nonce' });
    expect(approvedAgain.body).toMatchObject({ success: true, data: { saved_methods: [expect.objectContaining({ reference: saved.reference, kind: 'paypal' })], can_add_paypal: true } });
    expect(approvedAgain.body.data.saved_methods).toHaveLength(1);
    const [kept] = await vaultRows(shopper);
    expect((await sdk.customer.find(saved.vault_customer_id)).paymentMethods?.map((method) => method.token)).toEqual([kept.token]);

    expect((await t.http().delete(`/data/account/saved-methods/${saved.reference}`).set(XHR).set('Cookie', shopper.cookie)).body).toMatchObject({ success: true, data: { saved_methods: [] } });
    await expect(sdk.paymentMethod.find(kept.token)).rejects.toMatchObject({ type: 'notFoundError' });
    expect((await t.http().delete(`/data/account/saved-methods/${saved.reference}`).set(XHR).set('Cookie', shopper.cookie)).status).toBe(404);
    expect((await checkout(t, await shopperReadyToPayAs(shopper))).body.data).toMatchObject({ existing_paypal_account: null, saved_methods: [] });
  });

  it('and a card saved after it are kept under one gateway customer', async () => {
    const shopper = await shopperReadyToPay(t);
    const nonce = await paypalNonce(target(), fingerprintOf((await checkout(t, shopper)).body.data.client_token), '10.00', 'GBP', { requestBillingAgreement: true });
    expect((await pay(t, shopper, { token: nonce, payment_method_type: 'paypal', vault_payment_method: true })).body.success).toBe(true);

    expect((await pay(t, await shopperReadyToPayAs(shopper), { vault_payment_method: true })).body.success).toBe(true);
    const [paypal, card] = await vaultRows(shopper);
    expect([paypal.kind, card.kind]).toEqual(['paypal', 'card']);
    expect(card.vault_customer_id).toBe(paypal.vault_customer_id);
    expect((await sdk.customer.find(paypal.vault_customer_id)).paymentMethods?.map((method) => method.token).sort()).toEqual([paypal.token, card.token].sort());
  });

  it('is not offered once the gateway no longer has it (revoked at PayPal or removed there)', async () => {
    const shopper = await shopperReadyToPay(t);
    const nonce = await paypalNonce(target(), fingerprintOf((await checkout(t, shopper)).body.data.client_token), '10.00', 'GBP', { requestBillingAgreement: true });
    expect((await pay(t, shopper, { token: nonce, payment_method_type: 'paypal', vault_payment_method: true })).body.success).toBe(true);
    const [{ reference, token }] = await vaultRows(shopper);
    await sdk.paymentMethod.delete(token);
    const next = await shopperReadyToPayAs(shopper);
    const offer = (await checkout(t, next)).body.data;
    expect(offer.existing_paypal_account).toBeNull();
    expect(offer.saved_methods).toEqual([expect.objectContaining({ reference, kind: 'paypal', state: 'invalid' })]);
    expect(await vaultRows(shopper)).toEqual([expect.objectContaining({ reference, invalid: true })]);
    expect((await savedMethodsOf(shopper)).saved_methods).toEqual([expect.objectContaining({ reference, account_name: 'sandbox-buyer@example.com', state: 'invalid' })]);
    const refused = await pay(t, next, { saved_method: reference, token: undefined, payment_method_type: 'paypal' });
    expect(refused.body).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_PAYPAL_INVALID.code, data: { order_number: null, charged: 'not-charged' } });
  });

  it('a one-time approval pays but is not saved, even when saving was asked (the gateway saves only agreements)', async () => {
    const shopper = await shopperReadyToPay(t);
    const oneTime = await paypalNonce(target(), fingerprintOf((await checkout(t, shopper)).body.data.client_token));
    const placed = await pay(t, shopper, { token: oneTime, payment_method_type: 'paypal', vault_payment_method: true });
    expect(placed.body.success).toBe(true);
    const [sale, ...others] = await transactionsOf(placed.body.data.order_number);
    expect(others).toEqual([]);
    expect((await sdk.transaction.find(sale.id)).paypalAccount?.token ?? null).toBeNull();
    expect((await savedMethodsOf(shopper)).saved_methods).toEqual([]);
    expect(await vaultRows(shopper)).toEqual([]);
  });
});

/** The same customer with a new basket, billed and with the gateway decided again. */
async function shopperReadyToPayAs(shopper: Shopper): Promise<Shopper> {
  const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', shopper.cookie.split('; ')[0]).send({ product_suite_reference: 'publisher-2', locale: 'en-gb' });
  const basketCookie = ((added.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) => c.startsWith('afs_basket='))?.split(';')[0];
  const cookie = basketCookie ? `${shopper.cookie.split('; ')[0]}; ${basketCookie}` : shopper.cookie;
  const reference = added.body.data.reference;
  await t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', cookie).send({ basket_ref: reference });
  const session = await t.http().get(`/data/session/?basket_ref=${reference}`).set(XHR).set('Cookie', cookie);
  return { ...shopper, cookie, basketReference: reference, basket: session.body.data.basket };
}
