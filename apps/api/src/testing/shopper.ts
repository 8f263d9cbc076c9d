import { CARD_GATEWAY, MERCHANT_OF_RECORD_GATEWAY } from '@store/domain';
import { XHR, type TestApp } from './test-app';


export const cookieOf = (response: { headers: Record<string, unknown> }, name: string) =>
  ((response.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith(`${name}=`))?.split(';')[0] ?? '';

let emails = 0;
/** An address no other test of this run uses, named after what it is for. */
export const freshEmail = (name: string) => `${name}.${++emails}.${Date.now()}@example.com`;

/** A CREATE_CUSTOMER body the API accepts (a personal customer in the UK); `overrides` changes or adds any field. */
export const newCustomerBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  firstName: 'Ada',
  lastName: 'Lovelace',
  password: 'analytical engine 1843',
  country: 'GB',
  marketingSignUp: false,
  customerCategory: 'personal',
  termsAndConditions: true,
  ...overrides,
});

/** A checkout data API call (spec 2 §7): form-encoded action, timestamp and JSON body. */
export function checkoutAction(app: TestApp, name: string, body: unknown, cookie = '') {
  return app.http().post('/data/checkout/').set(XHR).set('Cookie', cookie).type('form').send({ action: name, timestamp: '1', body: JSON.stringify(body) });
}

/** PLACE_ORDER by card (a 3-D Secure-free sandbox nonce) for a shopper ready to pay; `extra` overrides any field. */
export const payByCard = (app: TestApp, shopper: Pick<Shopper, 'cookie' | 'basket'>, extra: Record<string, unknown> = {}) =>
  checkoutAction(
    app,
    'PLACE_ORDER',
    {
      basket_reference_id: shopper.basket.reference,
      basket_stale_hash: shopper.basket.stale_hash,
      gateway: CARD_GATEWAY.key,
      token: 'fake-valid-visa-nonce',
      withdrawal_consent: true,
      locale: 'en-gb',
      ...extra,
    },
    shopper.cookie,
  );

/** PLACE_ORDER through the merchant of record (spec 2 §7) with a checkout and an attached source. */
export const payThroughMerchantOfRecord = (
  app: TestApp,
  shopper: Pick<Shopper, 'cookie' | 'basket'>,
  checkoutId: string,
  sourceId: string,
  extra: Record<string, unknown> = {},
) =>
  checkoutAction(
    app,
    'PLACE_ORDER',
    {
      basket_reference_id: shopper.basket.reference,
      basket_stale_hash: shopper.basket.stale_hash,
      gateway: MERCHANT_OF_RECORD_GATEWAY.key,
      payment_facilitator: MERCHANT_OF_RECORD_GATEWAY.key,
      payment_method_type: 'merchant-of-record',
      checkout_id: checkoutId,
      source_id: sourceId,
      withdrawal_consent: true,
      locale: 'en-us',
      ...extra,
    },
    shopper.cookie,
  );

let counter = 0;

export interface Shopper {
  readonly cookie: string;
  readonly email: string;
  readonly id: string;
  readonly basketReference: string;
  /** The basket as the last call left it (reference, stale_hash, pricing). */
  basket: { reference: string; stale_hash: string; pricing: { formatted_total_for_3d_verification: string } };
}

/**
 * A signed-in personal customer with a basket of the given products, a billing address and the
 * gateway decided: ready to pay, as the page is after billing (spec 2 §4).
 */
export async function shopperReadyToPay(
  app: TestApp,
  options: {
    suites?: string[];
    address?: Record<string, string>;
    locale?: string;
    /** A business or education customer: its category and organisation name (personal by default). */
    account?: { customerCategory: string; accountName: string };
    /** The gateway billing is expected to choose (the card gateway by default). */
    gateway?: string;
    /** The account's email (a fresh one by default). */
    email?: string;
  } = {},
): Promise<Shopper> {
  counter += 1;
  const email = options.email ?? `payer.${counter}.${Date.now()}@example.com`;
  const created = await checkoutAction(app, 'CREATE_CUSTOMER', {
    email,
    firstName: 'Paula',
    lastName: 'Payer',
    password: 'analytical engine',
    country: 'GB',
    marketingSignUp: false,
    customerCategory: 'personal',
    ...options.account,
    termsAndConditions: true,
  });
  expect(created.body.success).toBe(true);
  let cookie = cookieOf(created, 'afs_session');
  let basket: Shopper['basket'] | null = null;
  for (const suite of options.suites ?? ['photo-2']) {
    const added = await app.http().post('/data/basket/lines/').set(XHR).set('Cookie', cookie).send({ product_suite_reference: suite, locale: options.locale ?? 'en-gb' });
    basket = added.body.data;
    if (!cookie.includes('afs_basket')) cookie = `${cookie}; ${cookieOf(added, 'afs_basket')}`;
  }
  if (!basket) throw new Error('No basket');
  const address = options.address ?? { line_1: '1 Infinite Loop', city: 'Nottingham', postal_code: 'NG1 1AA', country: 'GB' };
  const billed = await checkoutAction(app, 'CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: basket.reference, ...address }, cookie);
  expect(billed.body.success).toBe(true);
  const decided = await app.http().post('/data/determine-gateway/').set(XHR).set('Cookie', cookie).send({ basket_ref: basket.reference });
  expect(decided.body.data?.gateway).toBe(options.gateway ?? CARD_GATEWAY.key);
  const session = await app.http().get('/data/session/').set(XHR).set('Cookie', cookie);
  const [{ id }] = await app.db.dataSource.query('SELECT id FROM customers WHERE email_normalised = $1', [email]);
  return { cookie, email, id: id as string, basketReference: basket.reference, basket: session.body.data.basket };
}
