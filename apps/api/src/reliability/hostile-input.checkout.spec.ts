import { digitalRiverClient, startBraintreeSandbox, startDigitalRiverSandbox, type RunningBraintreeSandbox, type RunningDigitalRiverSandbox } from '@store/payment-sandbox';
import { CHECKOUT_ACTIONS, type CheckoutAction } from '@store/domain';
import fc from 'fast-check';
import {
  buildPayload,
  headerSafe,
  hostileCookie,
  hostileString,
  obj,
  payloadPlan,
  probe,
  propertyParameters,
  RUNS,
  PROTOTYPE_KEYS,
  WriteGuard,
  type FieldSpecs,
  type Json,
  type PayloadPlan,
} from '../testing/hostile-input';
import { checkoutAction, newCustomerBody, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { cardSandboxEnv, merchantOfRecordSandboxEnv } from '../testing/sandbox-env';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// Issue 12, hostile input: every checkout data action (spec 2 §7) against generated payloads, from
// the basket's owner, a visitor, another customer and a browser with forged cookies. The card and
// merchant-of-record gateways are the project's sandboxes, so PLACE_ORDER and the MoR actions run
// their whole path.
let braintree: RunningBraintreeSandbox;
let digitalRiver: RunningDigitalRiverSandbox;
let t: TestApp;
let guard: WriteGuard;

beforeAll(async () => {
  [braintree, digitalRiver] = await Promise.all([startBraintreeSandbox(), startDigitalRiverSandbox()]);
  t = await createTestApp({
    env: {
      ...cardSandboxEnv(braintree.url, { BRAINTREE_PAYPAL: 'true', BRAINTREE_LOCAL_PAYMENTS: 'true' }),
      ...merchantOfRecordSandboxEnv(digitalRiver),
      PAYMENT_GATEWAY_RULES: 'USD=digital-river,*=braintree',
    },
  });
  // Listening once spares supertest a listen and close per request.
  await t.app.listen(0, '127.0.0.1');
  guard = new WriteGuard(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([braintree?.close(), digitalRiver?.close()]);
});

let emails = 0;
const freshEmail = () => `hostile.${++emails}.${Date.now()}@example.com`;

const US_ADDRESS = { line_1: '350 Fifth Avenue', city: 'New York', state: 'NY', postal_code: '10118', country: 'US' };
const cardShopper = () => shopperReadyToPay(t);
const morShopper = () => shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', gateway: 'digital-river' });
const WARSAW = { line_1: 'ul. Marszałkowska 1', city: 'Warszawa', postal_code: '00-624', country: 'PL' };
/** A shopper of the Polish storefront, where BLIK is offered. */
const blikShopper = () => shopperReadyToPay(t, { address: WARSAW, locale: 'en-pl' });
let paymentIds = 0;
/** A local payment id as the provider gives them (the store records it; only the provider's notifications act on it). */
const freshPaymentId = () => `PAY-HOSTILE${String(++paymentIds).padStart(6, '0')}${Date.now().toString(36).toUpperCase()}`;

/** The owner's order reserved by a BLIK payment started with the store, for the cancel. */
async function startedBlik(owner: Shopper) {
  const started = await checkoutAction(
    t,
    'START_LOCAL_PAYMENT',
    {
      basket_reference_id: owner.basket.reference,
      basket_stale_hash: owner.basket.stale_hash,
      gateway: 'braintree',
      payment_method_type: 'blik',
      payment_id: freshPaymentId(),
      withdrawal_consent: true,
      locale: 'en-pl',
    },
    owner.cookie,
  );
  expect(started.body.success).toBe(true);
  return { orderNumber: started.body.data.order_number as string };
}
/** A signed-in customer and nothing more, for the actions that need no basket: quicker to renew. */
async function customerOnly(): Promise<Shopper> {
  const email = freshEmail();
  const created = await checkoutAction(t, 'CREATE_CUSTOMER', {
    email,
    firstName: 'Signed',
    lastName: 'In',
    password: 'analytical engine 1843',
    country: 'GB',
    marketingSignUp: false,
    customerCategory: 'personal',
    termsAndConditions: true,
  });
  expect(created.body.success).toBe(true);
  const cookie = (created.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('afs_session='))?.split(';')[0] ?? '';
  return { cookie, email, id: created.body.data.customer.public_id, basketReference: '', basket: { reference: '', stale_hash: '', pricing: { formatted_total_for_3d_verification: '' } } };
}

/** The shoppers a property plays with; a success may spend one (a sign-out, an order), so they renew. */
interface World {
  owner: Shopper;
  stranger: Shopper;
  /** Facts of the owner's checkout the valid payload needs (a line, a hash, a MoR checkout). */
  facts: Record<string, string>;
}

interface ActionCase {
  readonly action: CheckoutAction;
  readonly specs: FieldSpecs;
  /** A correct payload for the owner as things stand. */
  readonly valid: (world: World) => Record<string, Json | undefined>;
  readonly shopper?: () => Promise<Shopper>;
  /** Looks up what the valid payload needs once the owner exists. */
  readonly facts?: (owner: Shopper) => Promise<Record<string, string>>;
  /** After a legitimate success that spent the owner (signed out, paid), start again with a new one. */
  readonly renewAfterSuccess?: boolean;
  readonly allowedOnRefusal?: (response: { status: number; body: { code?: number; data?: { order_number?: unknown; charged?: unknown } } }) => readonly string[];
  /** Counterexamples found by earlier runs: tried first on every run, whatever the seed. */
  readonly examples?: readonly [PayloadPlan, { who: Caller; cookie: string }, string][];
}

const S = (required = true, tampered?: readonly Json[]) => ({ type: 'string' as const, required, tampered });
const B = (required = true) => ({ type: 'boolean' as const, required });
const I = (required = true, tampered?: readonly Json[]) => ({ type: 'integer' as const, required, tampered });
const ANY = { type: 'any' as const, required: false };


async function session(owner: Shopper) {
  return (await t.http().get('/data/session/').set(XHR).set('Cookie', owner.cookie)).body.data;
}
const firstLine = async (owner: Shopper) => ({ line: (await session(owner)).basket.lines[0].reference as string });

async function morCheckout(owner: Shopper) {
  const created = await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: owner.basket.reference, locale: 'en-us' }, owner.cookie);
  const checkout = JSON.parse(created.body.data.checkout);
  const source = await digitalRiverClient(digitalRiver).drjs('sources', {
    sessionId: checkout.paymentSessionId,
    type: 'creditCard',
    creditCard: { number: '4444222233331111', expirationMonth: 12, expirationYear: new Date().getFullYear() + 2, cvv: '123' },
  });
  return { checkoutId: checkout.checkoutId as string, sourceId: (source.body.id ?? source.body.source.id) as string };
}

const REFERENCE_TAMPERING = ['no-such-basket', 'a'.repeat(64), '0', '-', '_'];
const CATEGORY_TAMPERING = ['business.no-such-sector', 'education.', 'admin', 'personal ', 'PERSONAL', 'business.design-agency'];

/**
 * An attempt the gateway itself declined (a made-up nonce reaches it) keeps its failed order and
 * charge attempt: the trail of a real payment attempt (issue 8), told by the order number in the
 * answer and the promise that nothing was charged. Every other refusal writes nothing at all.
 */
const declinedOrderTrail = (response: { body: { data?: { order_number?: unknown; charged?: unknown } } }) =>
  typeof response.body.data?.order_number === 'string' && response.body.data.charged === 'not-charged' ? ['orders', 'order_lines', 'payment_charges'] : [];

/** A refused Tax ID is kept as evidence of the check (spec 2 §7), as an accepted one is. */
const taxIdEvidence = (response: { body: { code?: number } }) => (response.body.code === 100301 ? ['tax_id_checks'] : []);

const CASES: readonly ActionCase[] = [
  {
    action: 'CREATE_CUSTOMER',
    specs: {
      email: S(),
      firstName: S(),
      lastName: S(),
      password: S(),
      country: S(true, ['XX', 'gb', 'GBR', 'ZZ']),
      marketingSignUp: B(),
      accountName: S(false),
      customerCategory: S(true, CATEGORY_TAMPERING),
      termsAndConditions: B(),
      basketReference: S(false, REFERENCE_TAMPERING),
    },
    valid: () => newCustomerBody(freshEmail()),
  },
  {
    action: 'CHECKOUT_UPDATE_CUSTOMER_CATEGORY',
    specs: { customerCategory: S(true, CATEGORY_TAMPERING), accountName: S(false), basketReference: S(false, REFERENCE_TAMPERING) },
    valid: ({ owner }) => ({ customerCategory: 'personal', basketReference: owner.basket.reference }),
  },
  { action: 'PREREGISTER_EMAIL', specs: { email: S() }, shopper: customerOnly, valid: () => ({ email: freshEmail() }) },
  { action: 'UNREGISTER_EMAIL', specs: { email: S() }, shopper: customerOnly, valid: () => ({ email: freshEmail() }) },
  { action: 'VALIDATE_EMAIL', specs: { email: S() }, shopper: customerOnly, valid: ({ owner }) => ({ email: owner.email }) },
  { action: 'SIGN_OUT', specs: {}, valid: () => ({}), shopper: customerOnly, renewAfterSuccess: true },
  {
    action: 'OPT_IN_ALL',
    specs: { hash: S(true, ['a'.repeat(20), 'A'.repeat(64)]) },
    facts: async (owner) => ({ hash: (await session(owner)).contact_preferences.hash }),
    valid: ({ facts }) => ({ hash: facts.hash }),
  },
  {
    action: 'OPT_OUT_ALL',
    specs: { hash: S(true, ['a'.repeat(20), 'A'.repeat(64)]) },
    facts: async (owner) => ({ hash: (await session(owner)).contact_preferences.hash }),
    valid: ({ facts }) => ({ hash: facts.hash }),
  },
  {
    action: 'CHANGE_CHOICE',
    specs: {
      basketReference: S(true, REFERENCE_TAMPERING),
      lineReference: S(true, REFERENCE_TAMPERING),
      choice: S(true, ['linux', 'macos', 'windows', 'ipados', 'MACOS']),
      basketStaleHash: S(false, ['0123456789abcdef']),
      locale: S(false, ['en-us', 'xx-yy', 'EN-GB']),
    },
    facts: firstLine,
    valid: ({ owner, facts }) => ({ basketReference: owner.basket.reference, lineReference: facts.line, choice: 'windows' }),
  },
  {
    action: 'CHANGE_QUANTITY',
    specs: {
      basketReference: S(true, REFERENCE_TAMPERING),
      lineReference: S(true, REFERENCE_TAMPERING),
      quantity: I(true, [0, -1, -0, 101, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e21, 2 ** 53 + 2]),
      basketStaleHash: S(false, ['0123456789abcdef']),
      locale: S(false, ['en-us', 'xx-yy']),
    },
    facts: firstLine,
    valid: ({ owner, facts }) => ({ basketReference: owner.basket.reference, lineReference: facts.line, quantity: 2 }),
    // Seed 329637388: a null stale hash answered 500 (the hash was read as a string).
    examples: [[{ shape: 'object', fields: { basketStaleHash: { kind: 'null' } }, extras: [], duplicate: false }, { who: 'owner', cookie: '' }, '1']],
  },
  {
    action: 'REMOVE_LINE',
    specs: { basketReference: S(true, REFERENCE_TAMPERING), lineReference: S(true, REFERENCE_TAMPERING), basketStaleHash: S(false, ['0123456789abcdef']), locale: S(false) },
    shopper: () => shopperReadyToPay(t, { suites: ['photo-2', 'publisher-2'] }),
    facts: firstLine,
    valid: ({ owner, facts }) => ({ basketReference: owner.basket.reference, lineReference: facts.line }),
  },
  {
    action: 'APPLY_DISCOUNT_CODE',
    specs: {
      basketReference: S(true, REFERENCE_TAMPERING),
      code: S(true, ['welcome10', ' WELCOME10 ', 'SPRING25', 'PARTNER15', 'AUTUMN20', 'ONTHEHOUSE', 'NOPE', 'A'.repeat(64), 'A'.repeat(65)]),
      basketStaleHash: S(false, ['0123456789abcdef']),
    },
    valid: ({ owner }) => ({ basketReference: owner.basket.reference, code: 'WELCOME10' }),
  },
  {
    action: 'APPLY_VOUCHER_CODE',
    specs: {
      basketReference: S(true, REFERENCE_TAMPERING),
      code: S(true, ['gift-50', ' GIFT-50 ', 'GIFT-EXPIRED', 'GIFT-SPENT', 'PARTNER-GIFT', 'WELCOME-GIFT', 'NOPE', 'A'.repeat(32), 'A'.repeat(33)]),
      basketStaleHash: S(false, ['0123456789abcdef']),
    },
    valid: ({ owner }) => ({ basketReference: owner.basket.reference, code: 'GIFT-50' }),
  },
  {
    action: 'REMOVE_VOUCHER_CODE',
    specs: { basketReference: S(true, REFERENCE_TAMPERING), basketStaleHash: S(false, ['0123456789abcdef']) },
    valid: ({ owner }) => ({ basketReference: owner.basket.reference }),
  },
  {
    action: 'REMOVE_DISCOUNT_CODE',
    specs: { basketReference: S(true, REFERENCE_TAMPERING), basketStaleHash: S(false, ['0123456789abcdef']) },
    valid: ({ owner }) => ({ basketReference: owner.basket.reference }),
  },
  {
    action: 'CONFIGURE_BASKET_SHIPPING_COUNTRY',
    specs: { basketReference: S(true, REFERENCE_TAMPERING), country: S(true, ['ZZ', 'XK', 'UK', 'EU', 'us']), basketStaleHash: S(false, ['0123456789abcdef']) },
    valid: ({ owner }) => ({ basketReference: owner.basket.reference, country: 'GB' }),
  },
  {
    action: 'CREATE_CUSTOMER_INVOICE_ADDRESS',
    specs: {
      basket_reference: S(false, REFERENCE_TAMPERING),
      line_1: S(),
      line_2: S(false),
      line_3: S(false),
      city: S(),
      county: S(false),
      state: S(false, ['NY', 'ZZ', 'ny', 'California']),
      postal_code: S(true, ['00000', 'ABC', '1'.repeat(1000)]),
      country: S(true, ['US', 'CU', 'KP', 'XX', 'gb', 'JP', 'DE']),
      vat_id: S(false, ['GB123456789', 'DE123456789', 'GB000000000', 'X', `GB${'1'.repeat(100)}`, 'GB-123.456.789', 'JP1234567890123']),
      // Where physical products go (ours): the billing address, or an address of its own.
      ship_to_billing_address: B(false),
      shipping_address: {
        ...ANY,
        tampered: [
          obj({ line_1: '7 Rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'FR' }),
          obj({ line_1: "'; DROP TABLE orders; --", city: '<script>x</script>', postal_code: '1', country: 'ZZ' }),
          obj({ country: 'US', state: 'California' }),
          obj({ line_1: 'x', city: 'y', postal_code: 'z', country: 'GB', vat_id: 'GB123456789' }),
        ],
      },
    },
    // A business, so that the Tax ID is checked and kept as evidence too.
    shopper: () => shopperReadyToPay(t, { account: { customerCategory: 'business.design-agency', accountName: 'Serif (Europe) Ltd' } }),
    allowedOnRefusal: taxIdEvidence,
    valid: ({ owner }) => ({ basket_reference: owner.basket.reference, line_1: '1 Infinite Loop', city: 'Nottingham', postal_code: 'NG1 1AA', country: 'GB' }),
  },
  {
    action: 'MERCHANT_OF_RECORD_CREATE_CHECKOUT',
    specs: { basketReference: S(true, REFERENCE_TAMPERING), locale: S(false, ['en-gb', 'xx-yy', 'de-de']), billingAddress: ANY, basket: ANY },
    shopper: morShopper,
    valid: ({ owner }) => ({ basketReference: owner.basket.reference, locale: 'en-us' }),
    // 2026-11-27 (seeds -871062113, 1424562235, 704876399): the owner's payload answered 500 in one run
    // while the working tree was being edited under it; not reproduced since, kept as a regression case.
    examples: [[{ shape: 'object', fields: { basket: { kind: 'omit' } }, extras: [], duplicate: false }, { who: 'owner', cookie: '' }, '1']],
  },
  {
    action: 'MERCHANT_OF_RECORD_ATTACH_TAX_ID',
    specs: {
      basketReference: S(true, REFERENCE_TAMPERING),
      checkoutId: S(true, ['no-such-checkout', 'a:b.c-d_e']),
      type: S(true, ['us', 'de_vat', 'zz_nothing', 'gb']),
      taxId: S(true, ['00-0000000', 'DE123456789', '  ', '12']),
    },
    shopper: morShopper,
    facts: morCheckout,
    valid: ({ owner, facts }) => ({ basketReference: owner.basket.reference, checkoutId: facts.checkoutId, type: 'us', taxId: '12-3456789' }),
  },
  {
    action: 'MERCHANT_OF_RECORD_ATTACH_SOURCE',
    specs: { basketReference: S(true, REFERENCE_TAMPERING), checkoutId: S(true, ['no-such-checkout']), sourceId: S(true, ['no-such-source', 'src_0']) },
    shopper: morShopper,
    facts: morCheckout,
    valid: ({ owner, facts }) => ({ basketReference: owner.basket.reference, checkoutId: facts.checkoutId, sourceId: facts.sourceId }),
  },
  {
    action: 'PLACE_ORDER',
    specs: {
      basket_reference_id: S(true, REFERENCE_TAMPERING),
      basket_stale_hash: S(true, ['0123456789abcdef', 'ffffffffffffffff']),
      customer_public_id: S(false, ['00000000-0000-0000-0000-000000000000']),
      gateway: S(true, ['digital-river', 'complimentary', 'stripe', 'BRAINTREE']),
      vault_payment_method: B(false),
      update_shipping_address: B(false),
      payment_facilitator: S(false),
      payment_method_type: S(false, ['card', 'paypal', 'merchant-of-record', 'bitcoin']),
      // The address the page showed: checked for shape, and against the stored one.
      billing_address: {
        ...ANY,
        tampered: [
          obj({ line_1: '1 Infinite Loop', city: 'Nottingham', postal_code: 'NG1 1AA', country: 'GB' }),
          obj({ line_1: "'; DROP TABLE orders; --", country: 'ZZZ' }),
          obj({ line_1: 'x', nickname: 'x' }),
        ],
      },
      token: S(false, ['fake-processor-declined-visa-nonce', 'fake-paypal-one-time-nonce', 'fake-valid-nonce']),
      // Another customer's or no saved method, and the words of the one-of-each design that are gone.
      saved_method: S(false, ['spm_00000000000000000000000000000000', 'sba_0123456789abcdef0123456789abcdef', 'saved-venmo']),
      saved_card_cvv_token: S(false, ['fake-valid-nonce']),
      bt_device_data: S(false),
      checkout_id: S(false),
      source_id: S(false),
      existing_order_number: S(false, ['AFS-00000001', 'AFS-99999999', 'AFS-0000000']),
      withdrawal_consent: B(false),
      locale: S(false, ['en-us', 'xx-yy']),
    },
    renewAfterSuccess: true,
    valid: ({ owner }) => ({
      basket_reference_id: owner.basket.reference,
      basket_stale_hash: owner.basket.stale_hash,
      gateway: 'braintree',
      payment_method_type: 'card',
      token: 'fake-valid-nonce',
      withdrawal_consent: true,
      locale: 'en-gb',
    }),
    allowedOnRefusal: declinedOrderTrail,
    // 2026-11-27 (seeds -871062113, 1424562235, 704876399): the owner's payload answered 500 in one run
    // while the working tree was being edited under it; not reproduced since, kept as a regression case.
    examples: [[{ shape: 'object', fields: {}, extras: [], duplicate: false }, { who: 'owner', cookie: '' }, '1']],
  },
  {
    action: 'START_LOCAL_PAYMENT',
    specs: {
      basket_reference_id: S(true, REFERENCE_TAMPERING),
      basket_stale_hash: S(true, ['0123456789abcdef', 'ffffffffffffffff']),
      customer_public_id: S(false, ['00000000-0000-0000-0000-000000000000']),
      gateway: S(true, ['digital-river', 'complimentary', 'BRAINTREE']),
      payment_method_type: S(true, ['card', 'mbway', 'pay-upon-invoice', 'BLIK', 'ideal']),
      payment_id: S(true, ['PAY-', 'PAY-0000/..', 'x'.repeat(65)]),
      existing_order_number: S(false, ['AFS-00000001', 'AFS-0000000']),
      withdrawal_consent: B(false),
      locale: S(false, ['en-gb', 'xx-yy']),
    },
    shopper: blikShopper,
    renewAfterSuccess: true,
    valid: ({ owner, facts }) => ({
      basket_reference_id: owner.basket.reference,
      basket_stale_hash: owner.basket.stale_hash,
      gateway: 'braintree',
      payment_method_type: 'blik',
      payment_id: facts.paymentId,
      withdrawal_consent: true,
      locale: 'en-pl',
    }),
    facts: () => Promise.resolve({ paymentId: freshPaymentId() }),
    // 2026-11-27 (seeds -871062113, 1424562235, 704876399): the owner's payload answered 500 in one run
    // while the working tree was being edited under it; not reproduced since, kept as a regression case.
    examples: [[{ shape: 'object', fields: { locale: { kind: 'null' } }, extras: [], duplicate: false }, { who: 'owner', cookie: '' }, '1']],
  },
  {
    action: 'CANCEL_LOCAL_PAYMENT',
    specs: {
      order_number: S(true, ['AFS-00000001', 'AFS-0000000', 'AFS-99999999']),
      reason: S(true, ['cancelled', 'expired', 'CANCELED', '']),
    },
    shopper: blikShopper,
    facts: startedBlik,
    renewAfterSuccess: true,
    valid: ({ facts }) => ({ order_number: facts.orderNumber, reason: 'canceled' }),
  },
];

it('covers every checkout action', () => {
  expect(CASES.map((c) => c.action).sort()).toEqual([...CHECKOUT_ACTIONS].sort());
});

type Caller = 'owner' | 'visitor' | 'stranger';
const caller = fc.record({
  who: fc.constantFrom<Caller>('owner', 'owner', 'owner', 'visitor', 'stranger'),
  cookie: fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, { arbitrary: hostileCookie, weight: 1 }),
});

const cookieOf = (world: World, who: Caller, extra: string) =>
  [who === 'owner' ? world.owner.cookie : who === 'stranger' ? world.stranger.cookie : '', extra].filter(Boolean).join('; ');

describe.each(CASES.map((c) => [c.action, c] as const))('%s', (_action, c) => {
  it('answers hostile payloads from anyone with a catalogued code or a legitimate success, writing nothing when it refuses', async () => {
    const stranger = await (c.shopper ?? cardShopper)();
    const newOwner = async (): Promise<World> => {
      const owner = await (c.shopper ?? cardShopper)();
      guard.forget();
      return { owner, stranger, facts: (await c.facts?.(owner)) ?? {} };
    };
    let world = await newOwner();
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(payloadPlan(c.specs), caller, fc.constantFrom('1', '1795374018387'), async (plan, from, timestamp) => {
        const payload = buildPayload(plan, c.specs, c.valid(world));
        const { outcome, response } = await probe(
          t,
          guard,
          () =>
            t
              .http()
              .post('/data/checkout/')
              .set(XHR)
              .set('Cookie', cookieOf(world, from.who, from.cookie))
              .type('form')
              .send({ action: c.action, timestamp, body: payload.text }),
          payload,
          { allowedOnRefusal: c.allowedOnRefusal },
        );
        // The envelope was right, so the answer echoes its timestamp, success or not; a form field with
        // a NUL in it, or over the size limit, is refused with the envelope, before the timestamp is read.
        if (response.status !== 413 && !payload.text.includes('\u0000')) expect(response.body.timestamp).toBe(timestamp);
        if (outcome === 'refused') {
          refused += 1;
          // Whatever a refused order attempt kept, nothing was paid for by it.
          if (c.action === 'PLACE_ORDER') {
            const [{ paid }] = await t.db.dataSource.query(`SELECT count(*)::int AS paid FROM orders WHERE status = 'paid' AND customer_id = $1`, [world.owner.id]);
            expect(paid).toBe(0);
          }
        } else if (c.renewAfterSuccess && from.who === 'owner' && response.body.success) world = await newOwner();
      }),
      propertyParameters(c.examples ?? []),
    );
    // The generators reach refusals: a property that only ever succeeded would prove little.
    if (RUNS >= 20) expect(refused).toBeGreaterThan(0);
  });
});

describe('the envelope of the checkout data API', () => {
  const EMAIL_BODY = encodeURIComponent('{"email":"ada@example.com"}');
  const FORM_FIELD = fc.oneof(hostileString, fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom(...CHECKOUT_ACTIONS.map((a) => a.toLowerCase())));
  const envelope = fc.oneof(
    // A hostile or unknown action name, or one that names an object's own properties.
    fc.record({ kind: fc.constant('action' as const), action: fc.oneof(FORM_FIELD, fc.constantFrom('toString', 'hasOwnProperty', 'valueOf', 'PLACE_ORDER ', ' SIGN_OUT')) }),
    // A hostile timestamp (echoed back if it were accepted).
    fc.record({ kind: fc.constant('timestamp' as const), timestamp: hostileString }),
    // The same field twice, an extra field, a field named like a prototype: [form, refused whatever the API's leniency].
    fc.record({
      kind: fc.constant('raw-form' as const),
      form: fc.constantFrom<readonly [string, boolean]>(
        [`action=VALIDATE_EMAIL&action=SIGN_OUT&body=${EMAIL_BODY}`, true],
        [`action=VALIDATE_EMAIL&body=${EMAIL_BODY}&body=${EMAIL_BODY}`, true],
        [`action=VALIDATE_EMAIL&body=${EMAIL_BODY}&extra=1`, true],
        [`action=VALIDATE_EMAIL&body=${EMAIL_BODY}&__proto__=x&constructor=y`, false],
        [`action[]=VALIDATE_EMAIL&body=${EMAIL_BODY}`, true],
        [`action=VALIDATE_EMAIL&body=${EMAIL_BODY}&body[__proto__][polluted]=yes`, true],
        [`action=VALIDATE_EMAIL&body=${EMAIL_BODY}&timestamp=1&timestamp=2`, true],
        ['%%%=%%%', true],
        ['action=%ZZ', true],
        ['', true],
      ),
    }),
    // The envelope as JSON, multipart or plain text instead of a form; JSON may be read as such.
    fc.record({
      kind: fc.constant('content-type' as const),
      type: fc.constantFrom('application/json', 'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded; charset=utf-7', 'application/json; charset=latin1'),
      text: fc.constantFrom(
        '{"action":"VALIDATE_EMAIL","body":"{\\"email\\":\\"ada@example.com\\"}"}',
        '{"action":"VALIDATE_EMAIL","body":{"email":"ada@example.com"}}',
        '{"action":["VALIDATE_EMAIL"]}',
        `action=VALIDATE_EMAIL&body=${EMAIL_BODY}`,
        '<a/>',
        '--x\r\nContent-Disposition: form-data; name="action"\r\n\r\nVALIDATE_EMAIL\r\n--x--',
        '{"action":"VALIDATE_EMAIL","body":"{\\"email\\":\\"ada@example.com\\"}","__proto__":{"polluted":"yes"}}',
      ),
    }),
    // No X-Requested-With, or a wrong one.
    fc.record({ kind: fc.constant('header' as const), value: fc.constantFrom('', 'fetch', 'XMLHttpRequest, XMLHttpRequest', 'XMLHttpRequest\u0000') }),
    // A body over the limit, or compressed wrongly.
    fc.record({ kind: fc.constant('size' as const), bytes: fc.constantFrom(102_401, 150_000, 400_000) }),
    fc.record({ kind: fc.constant('encoding' as const), encoding: fc.constantFrom('gzip', 'deflate', 'br', 'identity, gzip', 'x-unknown') }),
  );

  it('answers every malformed envelope with a catalogued code and writes nothing', async () => {
    const owner = await cardShopper();
    guard.forget();
    await fc.assert(
      fc.asyncProperty(envelope, fc.boolean(), async (e, signedIn) => {
        const cookie = signedIn ? owner.cookie : '';
        const post = () => t.http().post('/data/checkout/').set('Cookie', cookie);
        const send = () => {
          switch (e.kind) {
            case 'action':
              return post().set(XHR).type('form').send({ action: e.action, timestamp: '1', body: '{}' });
            case 'timestamp':
              return post().set(XHR).type('form').send({ action: 'VALIDATE_EMAIL', timestamp: e.timestamp, body: JSON.stringify({ email: 'ada@example.com' }) });
            case 'raw-form':
              return post().set(XHR).set('Content-Type', 'application/x-www-form-urlencoded').send(e.form[0]);
            case 'content-type':
              return post().set(XHR).set('Content-Type', e.type).send(e.text);
            case 'header':
              return (e.value ? post().set('X-Requested-With', headerSafe(e.value)) : post()).type('form').send({ action: 'VALIDATE_EMAIL', body: '{"email":"ada@example.com"}' });
            case 'size':
              return post().set(XHR).type('form').send({ action: 'VALIDATE_EMAIL', body: JSON.stringify({ email: 'x'.repeat(e.bytes) }) });
            case 'encoding':
              return post().set(XHR).set('Content-Type', 'application/x-www-form-urlencoded').set('Content-Encoding', e.encoding).send('action=VALIDATE_EMAIL&body=%7B%7D');
          }
        };
        // None of these is a well-formed form call of a known action, except a timestamp that happens to be
        // fine, an envelope sent as JSON (read like a form), and prototype keys (dropped unread, never obeyed).
        const mustRefuse =
          e.kind === 'raw-form' ? e.form[1] : e.kind === 'content-type' ? !/^application\/json$/.test(e.type) : e.kind !== 'timestamp';
        const { response } = await probe(t, guard, send, { mustRefuse });
        if (e.kind === 'timestamp' && response.body.success) expect(response.body.timestamp).toBe(e.timestamp);
        // A refused action name never comes back as markup the page would run: JSON, not HTML.
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }),
      propertyParameters(),
    );
    // The signed-in shopper was not signed out by any of it.
    expect((await t.http().get('/data/session/').set(XHR).set('Cookie', owner.cookie)).body.data.customer?.email).toBe(owner.email);
  });
});
