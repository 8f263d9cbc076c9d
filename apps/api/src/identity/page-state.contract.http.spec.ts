import { paypalNonce, startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import type { SavedMethodJson } from '@store/domain';
import { ConfigError, loadConfig } from '../config/app-config';
import { cardSandboxEnv } from '../testing/sandbox-env';
import { checkoutAction, cookieOf, freshEmail, newCustomerBody, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// The page state's contract (spec 1 §3, spec 2 §3): what GET /data/session/ and CREATE_CUSTOMER
// answer, asserted on the real API over Postgres, with the card gateway's sandbox where a saved
// payment method is needed.
let sandbox: RunningBraintreeSandbox;
let card: TestApp;
let bare: TestApp;

beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  card = await createTestApp({ env: cardSandboxEnv(sandbox.url, { BRAINTREE_PAYPAL: 'true', BRAINTREE_GOOGLE_PAY: 'true', DEBUG_MODE: 'true' }) });
  bare = await createTestApp();
}, 60_000);
afterAll(async () => {
  await card?.close();
  await bare?.close();
  await sandbox?.close();
});

const session = async (app: TestApp, cookie = '') => (await app.http().get('/data/session/').set(XHR).set('Cookie', cookie)).body.data;

describe('the page state', () => {
  it('has the administrator signed out with no names: the store has no administrator accounts', async () => {
    const state = await session(bare);
    expect(state.administrator).toEqual({ badge_number: null, first_name: null, last_name: null, full_name: null, signed_in: false });
    const created = await checkoutAction(bare, 'CREATE_CUSTOMER', newCustomerBody(freshEmail('not.an.admin')));
    expect((await session(bare, cookieOf(created, 'afs_session'))).administrator.signed_in).toBe(false);
  });

  it('lists the enabled features from the store’s settings, and none without the card gateway', async () => {
    expect((await session(card)).features).toEqual(['google-pay', 'paypal', 'device-data']);
    expect((await session(bare)).features).toEqual([]);
  });

  it('says debug_mode as configured, off by default, and a production store refuses to start with it on', async () => {
    expect((await session(card)).debug_mode).toBe(true);
    expect((await session(bare)).debug_mode).toBe(false);
    const settings = { DATABASE_URL: 'postgres://localhost/x', DEBUG_MODE: 'true' };
    expect(() => loadConfig({ ...settings, NODE_ENV: 'production', COOKIE_SECURE: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...settings, NODE_ENV: 'production', COOKIE_SECURE: 'true' })).toThrow(/DEBUG_MODE/);
    expect(loadConfig({ ...settings, NODE_ENV: 'development' }).DEBUG_MODE).toBe(true);
    expect(() => loadConfig({ ...settings, DEBUG_MODE: 'maybe' })).toThrow(/DEBUG_MODE must be true or false/);
  });
});

describe('the customer (spec 2 §3)', () => {
  it('CREATE_CUSTOMER answers with its public id, account, shipping and payment (none yet)', async () => {
    const created = await checkoutAction(bare, 'CREATE_CUSTOMER', newCustomerBody(freshEmail('contract')));
    const customer = created.body.data.customer;
    expect(customer).toMatchObject({
      public_id: expect.any(String),
      account: { type: 'personal', customer_category: 'personal', account_name: null, has_confirmed_account_type: true },
      shipping: null,
      payment: null,
    });
    expect(Object.keys(customer)).toEqual(expect.arrayContaining(['public_id', 'account', 'shipping', 'payment', 'billing']));
  });

  const fingerprintOf = async (shopper: Shopper): Promise<string> => {
    const setup = await card.http().get(`/data/braintree-checkout/?basket_ref=${shopper.basket.reference}`).set(XHR).set('Cookie', shopper.cookie);
    return JSON.parse(Buffer.from(setup.body.data.client_token, 'base64').toString('utf8')).authorizationFingerprint;
  };

  it('gives the default saved method as payment (a card with its last digits and expired flag, or PayPal), and the next one once it is gone', async () => {
    const shopper = await shopperReadyToPay(card);
    expect((await session(card, shopper.cookie)).customer.payment).toBeNull();

    const nonce = await paypalNonce({ url: sandbox.url, merchantId: 'sandbox_merchant' }, await fingerprintOf(shopper), '10.00', 'GBP', { requestBillingAgreement: true });
    expect((await payByCard(card, shopper, { token: nonce, payment_method_type: 'paypal', vault_payment_method: true })).body.success).toBe(true);
    expect((await session(card, shopper.cookie)).customer.payment).toEqual({ type: 'paypal', card_number: null, expired: false });

    // A card saved after it is not the default: the PayPal account still is, and is what the page state names.
    const next = await nextBasketOf(shopper);
    expect((await payByCard(card, next, { vault_payment_method: true })).body.success).toBe(true);
    expect((await session(card, next.cookie)).customer.payment).toEqual({ type: 'paypal', card_number: null, expired: false });

    const listed = (await card.http().get('/data/account/saved-methods/').set(XHR).set('Cookie', next.cookie)).body.data.saved_methods as SavedMethodJson[];
    const saved = listed.find((method) => method.kind === 'card') as SavedMethodJson;
    expect((await card.http().post(`/data/account/saved-methods/${saved.reference}/default`).set(XHR).set('Cookie', next.cookie)).status).toBe(200);
    expect((await session(card, next.cookie)).customer.payment).toEqual({ type: 'card', card_number: '1111', expired: false });

    // Expired at the gateway (the sandbox's control for its card updater); the list takes the new date, and the page state flags it.
    const [{ token }] = await card.db.dataSource.query(`SELECT token FROM saved_payment_methods WHERE reference = $1`, [saved.reference]);
    expect((await fetch(`${sandbox.url}/__sandbox/payment-methods/${token}/expire`, { method: 'POST' })).status).toBe(200);
    await card.http().get('/data/account/saved-methods/').set(XHR).set('Cookie', next.cookie);
    expect((await session(card, next.cookie)).customer.payment).toEqual({ type: 'card', card_number: '1111', expired: true });

    expect((await card.http().delete(`/data/account/saved-methods/${saved.reference}`).set(XHR).set('Cookie', next.cookie)).status).toBe(200);
    expect((await session(card, next.cookie)).customer.payment).toEqual({ type: 'paypal', card_number: null, expired: false });
  });
});

/** The same customer with another basket, billed, the gateway decided again. */
async function nextBasketOf(shopper: Shopper): Promise<Shopper> {
  const session = shopper.cookie.split('; ')[0];
  const added = await card.http().post('/data/basket/lines/').set(XHR).set('Cookie', session).send({ product_suite_reference: 'publisher-2', locale: 'en-gb' });
  const basketCookie = cookieOf(added, 'afs_basket');
  const cookie = basketCookie ? `${session}; ${basketCookie}` : shopper.cookie;
  const reference = added.body.data.reference;
  await card.http().post('/data/determine-gateway/').set(XHR).set('Cookie', cookie).send({ basket_ref: reference });
  const state = await card.http().get(`/data/session/?basket_ref=${reference}`).set(XHR).set('Cookie', cookie);
  return { ...shopper, cookie, basketReference: reference, basket: state.body.data.basket };
}
