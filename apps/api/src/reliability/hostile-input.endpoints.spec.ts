import { startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import { ErrorCatalogue } from '@store/domain';
import fc from 'fast-check';
import braintreeSdk from 'braintree';
import type { Response } from 'supertest';
import { pdf } from '@store/infrastructure/testing';
import {
  buildParts,
  buildPayload,
  expectCataloguedFailure,
  fingerprint,
  headerSafe,
  hostileCookie,
  hostileString,
  payloadPlan,
  probe,
  propertyParameters,
  RUNS,
  fittedQueryString,
  fittedRawQuery,
  queryString,
  WriteGuard,
  type FieldSpecs,
  type Json,
  type PayloadPlan,
} from '../testing/hostile-input';
import { ERROR_STATUS } from '../http/error-status.table';
import { ManageOperators } from '@store/application';
import { generate } from 'otplib';
import { checkoutAction, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { cardSandboxEnv } from '../testing/sandbox-env';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// Issue 12, hostile input: every endpoint outside the checkout data API — session, basket, gateway,
// Tax ID, certificate upload and download, card checkout and saved methods, orders, downloads,
// invoices, cookie consent, the auth service and health — against generated bodies, queries, path
// parameters and cookies, from the owner, a visitor and another customer.
let braintree: RunningBraintreeSandbox;
let t: TestApp;
let guard: WriteGuard;

beforeAll(async () => {
  // The card gateway's sandbox, so the card checkout's set-up call has a gateway to ask.
  braintree = await startBraintreeSandbox();
  t = await createTestApp({
    env: cardSandboxEnv(braintree.url, { BRAINTREE_THREE_D_SECURE: 'true' }),
  });
  // Listening once spares supertest a listen and close per request.
  await t.app.listen(0, '127.0.0.1');
  guard = new WriteGuard(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await braintree?.close();
});

const PASSWORD = 'analytical engine 1843';
/** The provider's ping, signed by the braintree SDK with the store's keys (cardSandboxEnv): the webhook's one valid body. */
const signedCheck = (() => {
  const sdk = new braintreeSdk.BraintreeGateway({
    environment: braintreeSdk.Environment.Sandbox,
    merchantId: 'sandbox_merchant',
    publicKey: 'sandbox_public_key',
    privateKey: 'sandbox_private_key',
  });
  const sample = sdk.webhookTesting as unknown as { sampleNotification(kind: string, id: string): { bt_signature: string; bt_payload: string } };
  return sample.sampleNotification('check', 'hostile-input');
})();
const S = (required = true, tampered?: readonly Json[]) => ({ type: 'string' as const, required, tampered });
const I = (required = true, tampered?: readonly Json[]) => ({ type: 'integer' as const, required, tampered });

/** Each call from an address of its own, so the per-address limits of sign-in bite only where a test means them to. */
const address = fc.tuple(fc.nat(250), fc.nat(250), fc.nat(250)).map(([a, b, c]) => `10.${a}.${b}.${c}`);

interface World {
  owner: Shopper;
  stranger: Shopper;
  facts: Record<string, string>;
}

type Caller = 'owner' | 'visitor' | 'stranger';
type Delivery = { readonly kind: 'as-expected' } | { readonly kind: 'content-type'; readonly type: string } | { readonly kind: 'header'; readonly header: string };
/** One generated call: the payload, the path parameter, who calls, how it travels and from where. */
type Draw = [plan: PayloadPlan, param: string | null, from: { who: Caller; cookie: string }, how: Delivery, ip: string];
type Transport = 'json' | 'multipart' | 'query' | 'none';
type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

interface EndpointCase {
  readonly name: string;
  readonly method: Method;
  /** The path, given the world and the (possibly hostile) value of its parameter. */
  readonly path: (param: string) => string;
  /** The path parameter's correct value, when the path has one. */
  readonly param?: (world: World) => string;
  readonly paramTampered?: readonly string[];
  readonly transport: Transport;
  readonly specs: FieldSpecs;
  readonly valid: (world: World) => Record<string, Json | undefined>;
  readonly callers?: readonly Caller[];
  readonly shopper?: () => Promise<Shopper>;
  readonly facts?: (world: Omit<World, 'facts'>) => Promise<Record<string, string>>;
  /** A success that spends the owner (signed out, password changed) starts again with a new one. */
  readonly renewAfterSuccess?: boolean;
  readonly allowedOnRefusal?: (response: Response) => readonly string[];
  /** A file part for the certificate upload. */
  readonly file?: boolean;
  /** Answers that are not JSON on success (a PDF, a download, the analytics markup). */
  readonly binarySuccess?: boolean;
  /** Counterexamples the property once found, replayed first on every run. */
  readonly examples?: readonly Draw[];
}

let emails = 0;
const freshEmail = () => `endpoint.${++emails}.${Date.now()}@example.com`;
const cookieValue = (response: { headers: Record<string, unknown> }, name: string) =>
  ((response.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith(`${name}=`))?.split(';')[0] ?? '';

/** A signed-in customer without a basket, for calls that need none: quick to renew. */
async function customerOnly(): Promise<Shopper> {
  const email = freshEmail();
  const created = await checkoutAction(t, 'CREATE_CUSTOMER', {
    email,
    firstName: 'Signed',
    lastName: 'In',
    password: PASSWORD,
    country: 'US',
    marketingSignUp: false,
    customerCategory: 'business.design-agency',
    accountName: 'Serif Inc',
    termsAndConditions: true,
  });
  expect(created.body.success).toBe(true);
  const [{ id }] = await t.db.dataSource.query('SELECT id FROM customers WHERE email_normalised = $1', [email]);
  return { cookie: cookieValue(created, 'afs_session'), email, id, basketReference: '', basket: { reference: '', stale_hash: '', pricing: { formatted_total_for_3d_verification: '' } } };
}

/** A customer with a paid order (a free download, through the complimentary gateway) and its number. */
async function paidOrder({ owner }: { owner: Shopper }): Promise<Record<string, string>> {
  const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', owner.cookie).send({ product_suite_reference: 'brush-starter', locale: 'en-gb' });
  const cookie = `${owner.cookie}; ${cookieValue(added, 'afs_basket')}`;
  const placed = await checkoutAction(t, 'PLACE_ORDER', { basket_reference_id: added.body.data.reference, basket_stale_hash: added.body.data.stale_hash, gateway: 'complimentary' }, cookie);
  expect(placed.body.success).toBe(true);
  return { order: placed.body.data.order_number };
}

async function certificate({ owner }: { owner: Shopper }): Promise<Record<string, string>> {
  const uploaded = await t
    .http()
    .post('/data/account/tax-certificate/')
    .set(XHR)
    .set('Cookie', owner.cookie)
    .field({ tax_authority: 'NY', start_date: isoDay(-30), end_date: isoDay(300) })
    .attach('file', pdf(), { filename: 'exemption.pdf', contentType: 'application/pdf' });
  expect(uploaded.body.success).toBe(true);
  return { certificate: uploaded.body.data.certificate.id };
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const REFERENCE_TAMPERING = ['no-such-basket', 'a'.repeat(64), '0', '-'];
const EMAIL_TAMPERING = ['ADA@EXAMPLE.COM', 'ada@example', '@example.com', 'ada@@example.com', 'ada@example.com '];

/**
 * An auth call that reached its use case counts as an attempt against the account's and the
 * address's limits, and moves the customer's consecutive-failure count: up (perhaps to a lock) on a
 * wrong password, back to zero on a right one refused for another reason (MFA not on, say). That is
 * all a refused auth call may leave; credentials, sessions, tokens and mail stay as they were.
 */
// A refused sign-in is counted; the refusal that locks the account also queues the mail telling its holder.
const attemptCounted = (response: Response) => [
  'rate_limit_hits',
  'customers.sign_in_state',
  ...(response.body?.code === ErrorCatalogue.ACCOUNT_LOCKED.code ? ['mail_outbox'] : []),
];

const credentials = (world: World) => ({ username: world.owner.email, password: PASSWORD });
const CREDENTIAL_SPECS = { username: S(true, EMAIL_TAMPERING), password: S(true, ['wrong password', '', 'x'.repeat(256)]) };
const OTP = S(false, ['000000', '123456', '12345', 'ABCD-EFGH', '1234567']);

/** Staff signed in, as the back office's callers: their password and authenticator secret by id. */
const staffSecrets = new Map<string, { password: string; totpSecret: string }>();

/** An administrator signed in to the back office (every staff route is theirs), shaped as a caller. */
async function staffMember(): Promise<Shopper> {
  const email = `staff.${++emails}.${Date.now()}@staff.example.com`;
  const created = await t.app.get(ManageOperators).create({ email, firstName: 'Hostile', lastName: 'Input', role: 'admin', password: PASSWORD }, null, null);
  staffSecrets.set(created.operator.id, { password: PASSWORD, totpSecret: created.totpSecret });
  const otp = await generate({ secret: created.totpSecret, epoch: Math.floor(Date.now() / 1000) });
  const signedIn = await t.http().post('/data/admin/session').set(XHR).send({ email, password: PASSWORD, otp });
  expect(signedIn.body.success).toBe(true);
  return { cookie: cookieValue(signedIn, 'afs_operator'), email, id: created.operator.id, basketReference: '', basket: { reference: '', stale_hash: '', pricing: { formatted_total_for_3d_verification: '' } } };
}

/** A paid order of some customer's, for staff to look at: a free download, with its key. */
async function someonesOrder(): Promise<Record<string, string>> {
  return paidOrder({ owner: await customerOnly() });
}

/** A staff sign-in refused for its credentials counts the failure and writes it to the audit log. */
const staffAttemptCounted = () => ['operators.sign_in_state', 'audit_log'];

const STAFF_ORDER_TAMPERING = ['AFS-00000000', 'AFS-99999999', 'AFS-1', 'afs-00001000'];
const STAFF_OTP = S(true, ['000000', '123456', '12345', 'ABCD-EFGH', '1234567', ' 123 456 ']);

const CASES: readonly EndpointCase[] = [
  // ---- Session and basket ----
  { name: 'GET /data/session/', method: 'get', path: () => '/data/session/', transport: 'query', specs: { basket_ref: S(false, REFERENCE_TAMPERING) }, valid: ({ owner }) => ({ basket_ref: owner.basket.reference }) },
  {
    name: 'POST /data/session/',
    method: 'post',
    path: () => '/data/session/',
    transport: 'json',
    specs: { token: S(true, ['a'.repeat(43), 'A'.repeat(20), 'a'.repeat(129)]), redirect_to: S(false, ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/en-gb/checkout/']) },
    valid: () => ({ token: 'a'.repeat(43), redirect_to: '/en-gb/checkout/' }),
  },
  // Signing out is the success here, so only visitors and forged cookies call it (a signed-in caller is tested by SIGN_OUT).
  { name: 'DELETE /data/session/', method: 'delete', path: () => '/data/session/', transport: 'json', specs: {}, valid: () => ({}), callers: ['visitor'] },
  { name: 'GET /data/baskets/:reference', method: 'get', path: (p) => `/data/baskets/${p}`, param: ({ owner }) => owner.basket.reference, paramTampered: REFERENCE_TAMPERING, transport: 'query', specs: {}, valid: () => ({}) },
  {
    name: 'POST /data/basket/lines/',
    method: 'post',
    path: () => '/data/basket/lines/',
    transport: 'json',
    specs: {
      product_suite_reference: S(true, ['photo-2', 'no-such-suite', 'universal-v2-business', 'brush-starter']),
      choice: S(false, ['macos', 'linux', 'MACOS']),
      locale: S(false, ['en-us', 'xx-yy', 'EN-GB', 'de-de']),
    },
    valid: () => ({ product_suite_reference: 'photo-2', locale: 'en-gb' }),
  },
  { name: 'POST /data/basket/primary/', method: 'post', path: () => '/data/basket/primary/', transport: 'json', specs: { reference: S(true, REFERENCE_TAMPERING) }, valid: ({ owner }) => ({ reference: owner.basket.reference }) },
  // ---- Billing ----
  { name: 'POST /data/determine-gateway/', method: 'post', path: () => '/data/determine-gateway/', transport: 'json', specs: { basket_ref: S(true, REFERENCE_TAMPERING) }, valid: ({ owner }) => ({ basket_ref: owner.basket.reference }) },
  {
    name: 'POST /data/validate-tin/ (multipart)',
    method: 'post',
    path: () => '/data/validate-tin/',
    transport: 'multipart',
    specs: {
      tax_id: S(true, ['GB123456789', 'DE123456789', 'GB000000000', '12-3456789', 'X', 'a'.repeat(64), 'a'.repeat(65)]),
      country_code: S(true, ['GB', 'DE', 'US', 'JP', 'ZZ', 'gb']),
      postal_code: S(false, ['NG1 1AA', '']),
      __timestamp__: S(false, ['1', 'x'.repeat(41)]),
    },
    valid: () => ({ tax_id: 'GB123456789', country_code: 'GB', postal_code: 'NG1 1AA', __timestamp__: '1' }),
    // Each check is kept as evidence with the customer, a refused number too (spec 2 §7).
    allowedOnRefusal: (response) => (response.body.code === ErrorCatalogue.TAX_ID_INVALID.code ? ['tax_id_checks'] : []),
    examples: [
      // Seed 957851129: ZZ, form-encoded, without a postal code, was answered 'unverified' instead of refused.
      [
        { shape: 'object', fields: { country_code: { kind: 'value', value: 'ZZ' }, postal_code: { kind: 'null' } }, extras: [], duplicate: false },
        null,
        { who: 'owner', cookie: "afs_basket=ada' OR '1'='1" },
        { kind: 'content-type', type: 'application/x-www-form-urlencoded' },
        '10.0.0.0',
      ],
      // The same code sent the way the page sends it.
      [
        { shape: 'object', fields: { country_code: { kind: 'value', value: 'ZZ' }, postal_code: { kind: 'omit' } }, extras: [], duplicate: false },
        null,
        { who: 'owner', cookie: '' },
        { kind: 'as-expected' },
        '10.0.0.1',
      ],
    ],
  },
  {
    name: 'POST /data/compromised-password/ (multipart)',
    method: 'post',
    path: () => '/data/compromised-password/',
    transport: 'multipart',
    specs: { password: S(false, ['password', '123456', 'qwerty', 'x'.repeat(255), 'x'.repeat(3000)]), __timestamp__: S(false, ['1', '<script>']) },
    valid: () => ({ password: 'analytical engine 1843', __timestamp__: '1' }),
  },
  // ---- Tax exemption certificate ----
  {
    name: 'POST /data/account/tax-certificate/ (multipart)',
    method: 'post',
    path: () => '/data/account/tax-certificate/',
    transport: 'multipart',
    file: true,
    shopper: customerOnly,
    specs: {
      tax_authority: S(true, ['NY', 'CA', 'ZZ', 'ny', 'GB']),
      start_date: S(true, [isoDay(-30), '2026-02-30', '1959-12-31', '31/12/2025', isoDay(400), '9999-99-99']),
      end_date: S(true, [isoDay(300), isoDay(-400), '2026-13-01', '0000-00-00']),
      __timestamp__: S(false, ['1']),
    },
    valid: () => ({ tax_authority: 'NY', start_date: isoDay(-30), end_date: isoDay(300) }),
  },
  {
    name: 'GET /data/account/tax-certificate/:id/file',
    method: 'get',
    path: (p) => `/data/account/tax-certificate/${p}/file`,
    param: ({ facts }) => facts.certificate,
    paramTampered: ['00000000-0000-0000-0000-000000000000', "' OR 1=1 --", '..%2F..%2Fetc%2Fpasswd', '1'],
    transport: 'query',
    specs: {},
    valid: () => ({}),
    shopper: customerOnly,
    facts: certificate,
    binarySuccess: true,
  },
  // ---- Card checkout and saved payment methods ----
  { name: 'GET /data/braintree-checkout/', method: 'get', path: () => '/data/braintree-checkout/', transport: 'query', specs: { basket_ref: S(true, REFERENCE_TAMPERING) }, valid: ({ owner }) => ({ basket_ref: owner.basket.reference }) },
  { name: 'GET /data/account/saved-methods/', method: 'get', path: () => '/data/account/saved-methods/', transport: 'query', specs: {}, valid: () => ({}) },
  // The owner has no saved method: a well-formed reference is not theirs, and answers the catalogued 404 as any other.
  {
    name: 'POST /data/account/saved-methods/:reference/default',
    method: 'post',
    path: (p) => `/data/account/saved-methods/${p}/default`,
    param: () => `spm_${'0'.repeat(32)}`,
    paramTampered: [...REFERENCE_TAMPERING, `sba_${'0'.repeat(32)}`, `spm_${'0'.repeat(31)}`, `SPM_${'0'.repeat(32)}`, `spm_${'g'.repeat(32)}`],
    transport: 'json',
    specs: {},
    valid: () => ({}),
  },
  {
    name: 'DELETE /data/account/saved-methods/:reference',
    method: 'delete',
    path: (p) => `/data/account/saved-methods/${p}`,
    param: () => `spm_${'0'.repeat(32)}`,
    paramTampered: [...REFERENCE_TAMPERING, `sba_${'0'.repeat(32)}`, `spm_${'0'.repeat(33)}`, 'saved-venmo'],
    transport: 'json',
    specs: {},
    valid: () => ({}),
  },
  { name: 'GET /data/account/paypal-vault/', method: 'get', path: () => '/data/account/paypal-vault/', transport: 'query', specs: {}, valid: () => ({}) },
  { name: 'POST /data/account/saved-paypal/', method: 'post', path: () => '/data/account/saved-paypal/', transport: 'json', specs: { nonce: S(true) }, valid: () => ({ nonce: 'fake-paypal-billing-agreement-nonce' }) },
  // ---- Orders, downloads, invoices ----
  { name: 'GET /data/orders/', method: 'get', path: () => '/data/orders/', transport: 'query', specs: {}, valid: () => ({}) },
  {
    name: 'GET /data/orders/:number',
    method: 'get',
    shopper: customerOnly,
    path: (p) => `/data/orders/${p}`,
    param: ({ facts }) => facts.order,
    paramTampered: ['AFS-00000000', 'AFS-99999999', 'AFS-1', 'afs-00001000'],
    transport: 'query',
    specs: {},
    valid: () => ({}),
    facts: paidOrder,
  },
  {
    name: 'GET /downloads/:number/invoice.pdf',
    method: 'get',
    shopper: customerOnly,
    path: (p) => `/downloads/${p}/invoice.pdf`,
    param: ({ facts }) => facts.order,
    paramTampered: ['AFS-00000000', 'AFS-99999999'],
    transport: 'query',
    specs: {},
    valid: () => ({}),
    facts: paidOrder,
    binarySuccess: true,
  },
  {
    name: 'GET /downloads/:number/:position',
    method: 'get',
    shopper: customerOnly,
    path: (p) => `/downloads/${p}`,
    param: ({ facts }) => `${facts.order}/0`,
    paramTampered: ['AFS-00000000/0', 'AFS-99999999/-1', 'AFS-99999999/1.5', 'AFS-99999999/1e3', 'AFS-99999999/99999999999999999999', 'AFS-99999999/0x1', 'AFS-99999999/Infinity'],
    transport: 'query',
    specs: {},
    valid: () => ({}),
    facts: paidOrder,
    binarySuccess: true,
  },
  // ---- The page's render-error reports: counted per session and address, so a refusal over the limit has counted ----
  {
    name: 'POST /data/client-errors/',
    method: 'post',
    path: () => '/data/client-errors/',
    transport: 'json',
    specs: {
      message: S(true, ['', 'x'.repeat(1001)]),
      code: I(true, [-1, 1.5, 1_000_000]),
      where: S(true, ['', 'checkout:basket\n{"level":"fatal"}', '<script>', 'x'.repeat(121)]),
      stack: S(false, ['x'.repeat(8001)]),
    },
    valid: () => ({ message: 'Cannot read properties of undefined', code: 999, where: 'checkout:basket' }),
    allowedOnRefusal: () => ['rate_limit_hits'],
    // 204 with no body.
    binarySuccess: true,
  },
  // ---- The card gateway's webhooks: only what the store's keys signed is kept; every call counts against its address ----
  {
    name: 'POST /webhooks/braintree/',
    method: 'post',
    path: () => '/webhooks/braintree/',
    transport: 'json',
    specs: {
      bt_signature: S(true, ['', 'sandbox_public_key|0000000000000000000000000000000000000000', 'another_key|abc', 'x'.repeat(1001)]),
      bt_payload: S(true, ['', '<notification/>', 'PG5vdGlmaWNhdGlvbi8+', 'A'.repeat(65_537)]),
    },
    valid: () => signedCheck,
    callers: ['visitor'],
    allowedOnRefusal: () => ['rate_limit_hits'],
  },
  // ---- Catalogue, consent, health ----
  { name: 'GET /data/catalogue/', method: 'get', path: () => '/data/catalogue/', transport: 'query', specs: { locale: S(false, ['en-us', 'xx-yy', 'de-de']) }, valid: () => ({ locale: 'en-gb' }) },
  { name: 'GET /cookie-consent/', method: 'get', path: () => '/cookie-consent/', transport: 'query', specs: {}, valid: () => ({}) },
  { name: 'PUT /cookie-allow-analytics/', method: 'put', path: () => '/cookie-allow-analytics/', transport: 'json', specs: {}, valid: () => ({}) },
  { name: 'PUT /cookie-disallow-analytics/', method: 'put', path: () => '/cookie-disallow-analytics/', transport: 'json', specs: {}, valid: () => ({}) },
  { name: 'PUT /cookie-settings-viewed/', method: 'put', path: () => '/cookie-settings-viewed/', transport: 'json', specs: {}, valid: () => ({}) },
  { name: 'GET /cookie-analytics-scripts/', method: 'get', path: () => '/cookie-analytics-scripts/', transport: 'query', specs: {}, valid: () => ({}), binarySuccess: true },
  { name: 'GET /health/live', method: 'get', path: () => '/health/live', transport: 'query', specs: {}, valid: () => ({}), binarySuccess: true },
  { name: 'GET /health/ready', method: 'get', path: () => '/health/ready', transport: 'query', specs: {}, valid: () => ({}), binarySuccess: true },
  // ---- The auth service (spec 2 §7) ----
  { name: 'POST /auth/login', method: 'post', path: () => '/auth/login', transport: 'json', shopper: customerOnly, specs: { ...CREDENTIAL_SPECS, otp: OTP }, valid: credentials, allowedOnRefusal: attemptCounted },
  {
    name: 'POST /auth/update-password',
    method: 'post',
    path: () => '/auth/update-password',
    transport: 'json',
    shopper: customerOnly,
    specs: {
      username: S(true, EMAIL_TAMPERING),
      current_password: S(true, ['wrong password', '']),
      new_password: S(true, ['short', 'password', '123456', 'x'.repeat(255), 'x'.repeat(256), PASSWORD]),
      otp: OTP,
    },
    valid: (world) => ({ username: world.owner.email, current_password: PASSWORD, new_password: 'difference engine 1822' }),
    renewAfterSuccess: true,
    allowedOnRefusal: attemptCounted,
  },
  {
    name: 'POST /auth/start-password-recovery',
    method: 'post',
    path: () => '/auth/start-password-recovery',
    transport: 'json',
    shopper: customerOnly,
    specs: { email: S(true, EMAIL_TAMPERING), locale: S(false, ['en-us', 'xx-yy']) },
    valid: ({ owner }) => ({ email: owner.email, locale: 'en-gb' }),
    allowedOnRefusal: attemptCounted,
  },
  {
    name: 'POST /auth/verify-recovery-token',
    method: 'post',
    path: () => '/auth/verify-recovery-token',
    transport: 'json',
    shopper: customerOnly,
    specs: { email: S(true, EMAIL_TAMPERING), token: S(true, ['a'.repeat(43), '../../etc/passwd']) },
    valid: ({ owner }) => ({ email: owner.email, token: 'a'.repeat(43) }),
    allowedOnRefusal: attemptCounted,
  },
  {
    name: 'POST /auth/complete-password-recovery',
    method: 'post',
    path: () => '/auth/complete-password-recovery',
    transport: 'json',
    shopper: customerOnly,
    specs: { email: S(true, EMAIL_TAMPERING), token: S(true, ['a'.repeat(43)]), new_password: S(true, ['short', 'password']), type: S(false, ['reset', 'set', 'hack']) },
    valid: ({ owner }) => ({ email: owner.email, token: 'a'.repeat(43), new_password: 'difference engine 1822' }),
    allowedOnRefusal: attemptCounted,
  },
  // Email verification: a refused resend has only counted against the customer's limit.
  {
    name: 'POST /auth/send-email-verification',
    method: 'post',
    path: () => '/auth/send-email-verification',
    transport: 'json',
    shopper: customerOnly,
    specs: { locale: S(false, ['en-us', 'xx-yy', '../../']) },
    valid: () => ({ locale: 'en-gb' }),
    allowedOnRefusal: () => ['rate_limit_hits'],
  },
  {
    name: 'POST /auth/confirm-email',
    method: 'post',
    path: () => '/auth/confirm-email',
    transport: 'json',
    shopper: customerOnly,
    specs: { email: S(true, [...EMAIL_TAMPERING, 'x,victim@example.org']), token: S(true, ['a'.repeat(43), '../../etc/passwd']) },
    valid: ({ owner }) => ({ email: owner.email, token: 'a'.repeat(43) }),
  },
  { name: 'POST /auth/mfa-status', method: 'post', path: () => '/auth/mfa-status', transport: 'json', shopper: customerOnly, specs: { ...CREDENTIAL_SPECS, otp: OTP }, valid: credentials, allowedOnRefusal: attemptCounted },
  {
    name: 'POST /auth/mfa-enable',
    method: 'post',
    path: () => '/auth/mfa-enable',
    transport: 'json',
    shopper: customerOnly,
    specs: { ...CREDENTIAL_SPECS, otp: OTP, provider: S(true, ['totp', 'sms', 'TOTP']) },
    valid: (world) => ({ ...credentials(world), provider: 'totp' }),
    allowedOnRefusal: attemptCounted,
  },
  {
    name: 'POST /auth/mfa-activate',
    method: 'post',
    path: () => '/auth/mfa-activate',
    transport: 'json',
    shopper: customerOnly,
    specs: { ...CREDENTIAL_SPECS, otp: S(true, ['000000', '123456', '12345']) },
    valid: (world) => ({ ...credentials(world), otp: '000000' }),
    allowedOnRefusal: attemptCounted,
  },
  { name: 'POST /auth/mfa-disable', method: 'post', path: () => '/auth/mfa-disable', transport: 'json', shopper: customerOnly, specs: { ...CREDENTIAL_SPECS, otp: OTP }, valid: credentials, allowedOnRefusal: attemptCounted },
  {
    name: 'POST /auth/mfa-generate-backup-codes',
    method: 'post',
    path: () => '/auth/mfa-generate-backup-codes',
    transport: 'json',
    shopper: customerOnly,
    specs: { ...CREDENTIAL_SPECS, otp: OTP },
    valid: credentials,
    allowedOnRefusal: attemptCounted,
  },

  // ---- The back office: every call as an administrator, a visitor and another member of staff ----
  {
    name: 'GET /data/admin/session',
    method: 'get',
    shopper: staffMember,
    path: () => '/data/admin/session',
    transport: 'query',
    specs: {},
    valid: () => ({}),
  },
  {
    name: 'POST /data/admin/session',
    method: 'post',
    shopper: staffMember,
    path: () => '/data/admin/session',
    transport: 'json',
    specs: { email: S(true, EMAIL_TAMPERING), password: S(true, ['wrong password', '', 'x'.repeat(256)]), otp: STAFF_OTP },
    // A code is good once: after one success the same code is a replay, refused and counted.
    valid: ({ owner }) => ({ email: owner.email, password: PASSWORD, otp: '000000' }),
    allowedOnRefusal: staffAttemptCounted,
  },
  { name: 'DELETE /data/admin/session', method: 'delete', shopper: staffMember, path: () => '/data/admin/session', transport: 'json', specs: {}, valid: () => ({}), renewAfterSuccess: true },
  {
    name: 'GET /data/admin/orders',
    method: 'get',
    shopper: staffMember,
    path: () => '/data/admin/orders',
    transport: 'query',
    specs: { q: S(false, ['AFS-00000000', 'someone@example.com', "' OR 1=1 --", 'x'.repeat(300)]), from: S(false, ['2026-02-30', '26-01-01', 'yesterday']), to: S(false, ['2026-13-01', '0000-00-00']) },
    valid: ({ facts }) => ({ q: facts.order }),
    facts: someonesOrder,
    // Found by the generator: a date of the right shape that the calendar does not have was a 500.
    examples: [
      [{ shape: 'object', fields: { to: { kind: 'value', value: '2026-13-01' }, from: { kind: 'value', value: '2026-02-30' } }, extras: [], duplicate: false }, null, { who: 'owner', cookie: '__proto__=x; constructor=y' }, { kind: 'as-expected' }, '10.0.0.0'],
    ],
  },
  {
    name: 'GET /data/admin/orders/:number',
    method: 'get',
    shopper: staffMember,
    path: (p) => `/data/admin/orders/${p}`,
    param: ({ facts }) => facts.order,
    paramTampered: STAFF_ORDER_TAMPERING,
    transport: 'query',
    specs: {},
    valid: () => ({}),
    facts: someonesOrder,
  },
  {
    name: 'GET /data/admin/orders/:number/credit-notes/:file',
    method: 'get',
    shopper: staffMember,
    path: (p) => `/data/admin/orders/${p}`,
    param: ({ facts }) => `${facts.order}/credit-notes/${facts.order}-CN1.pdf`,
    paramTampered: ['AFS-00000000/credit-notes/AFS-00000000-CN1.pdf', 'AFS-99999999/credit-notes/x.pdf', 'AFS-99999999/credit-notes/AFS-99999999-CN1'],
    transport: 'query',
    specs: {},
    valid: () => ({}),
    facts: someonesOrder,
    binarySuccess: true,
  },
  {
    name: 'POST /data/admin/orders/:number/refunds',
    method: 'post',
    shopper: staffMember,
    path: (p) => `/data/admin/orders/${p}/refunds`,
    param: ({ facts }) => facts.order,
    paramTampered: STAFF_ORDER_TAMPERING,
    transport: 'json',
    specs: { positions: { type: 'any', required: true, tampered: [[0], [-1], [0, 0], [1.5], ['0'], [99]] }, reason: S(true, ['', ' ', 'x'.repeat(501)]), request_key: S(true, ['not-a-uuid', '00000000-0000-0000-0000-00000000000g']) },
    valid: () => ({ positions: null, reason: 'Customer asked', request_key: crypto.randomUUID() }),
    facts: someonesOrder,
  },
  {
    name: 'POST /data/admin/orders/:number/receipt',
    method: 'post',
    shopper: staffMember,
    path: (p) => `/data/admin/orders/${p}/receipt`,
    param: ({ facts }) => facts.order,
    paramTampered: STAFF_ORDER_TAMPERING,
    transport: 'json',
    specs: {},
    valid: () => ({}),
    facts: someonesOrder,
  },
  {
    name: 'POST /data/admin/orders/:number/keys/reissue',
    method: 'post',
    shopper: staffMember,
    path: (p) => `/data/admin/orders/${p}/keys/reissue`,
    param: ({ facts }) => facts.order,
    paramTampered: STAFF_ORDER_TAMPERING,
    transport: 'json',
    specs: { position: I(true, [-1, 1.5, 99, 10_001]) },
    valid: () => ({ position: 0 }),
    facts: someonesOrder,
  },
  { name: 'GET /data/admin/disputes', method: 'get', shopper: staffMember, path: () => '/data/admin/disputes', transport: 'query', specs: { status: S(false, ['open', 'closed', 'OPEN']) }, valid: () => ({ status: 'open' }) },
  ...(['', '/evidence', '/accept', '/contest'] as const).map(
    (suffix): EndpointCase => ({
      name: `${suffix === '' ? 'GET' : 'POST'} /data/admin/disputes/:id${suffix}`,
      method: suffix === '' ? 'get' : 'post',
      shopper: staffMember,
      path: (p) => `/data/admin/disputes/${p}${suffix}`,
      // No dispute exists here: every call is the catalogued 404 or a refusal of its input.
      param: () => 'dp_0000000000',
      paramTampered: ['dp_0000000000', 'x'.repeat(101), 'a/b'],
      transport: suffix === '' ? 'query' : 'json',
      specs: suffix === '/evidence' ? { text: S(true, ['', 'x'.repeat(4001)]) } : {},
      valid: () => (suffix === '/evidence' ? { text: 'Delivered and used.' } : {}),
    }),
  ),
  {
    name: 'POST /data/admin/disputes/:id/evidence-file (multipart)',
    method: 'post',
    shopper: staffMember,
    path: (p) => `/data/admin/disputes/${p}/evidence-file`,
    param: () => 'dp_0000000000',
    paramTampered: ['dp_0000000000', 'x'.repeat(101)],
    transport: 'multipart',
    specs: {},
    valid: () => ({}),
    file: true,
  },
  { name: 'GET /data/admin/attention', method: 'get', shopper: staffMember, path: () => '/data/admin/attention', transport: 'query', specs: {}, valid: () => ({}) },
  {
    name: 'POST /data/admin/attention/:kind/:id',
    method: 'post',
    shopper: staffMember,
    path: (p) => `/data/admin/attention/${p}`,
    param: () => 'failed-webhook/no-such-notification',
    paramTampered: ['pending-order/AFS-99999999', 'certificate/not-a-uuid', 'nothing/x', 'tax-id/00000000-0000-0000-0000-000000000000'],
    transport: 'json',
    specs: { action: S(true, ['retry', 'approve', 'delete', '']) },
    valid: () => ({ action: 'retry' }),
  },
  { name: 'GET /data/admin/operators', method: 'get', shopper: staffMember, path: () => '/data/admin/operators', transport: 'query', specs: {}, valid: () => ({}) },
  {
    name: 'POST /data/admin/operators',
    method: 'post',
    shopper: staffMember,
    path: () => '/data/admin/operators',
    transport: 'json',
    specs: { email: S(true, EMAIL_TAMPERING), first_name: S(true, ['', 'x'.repeat(101)]), last_name: S(true, ['', 'x'.repeat(101)]), role: S(true, ['root', 'ADMIN', '']) },
    valid: () => ({ email: freshEmail(), first_name: 'New', last_name: 'Staff', role: 'support' }),
  },
  {
    name: 'PATCH /data/admin/operators/:id',
    method: 'patch',
    shopper: staffMember,
    path: (p) => `/data/admin/operators/${p}`,
    // Another administrator: changing them never locks the caller out.
    param: ({ stranger }) => stranger.id,
    paramTampered: ['00000000-0000-0000-0000-000000000000', 'not-a-uuid'],
    transport: 'json',
    specs: { role: S(false, ['root', 'support', 'ADMIN']), disabled: { type: 'boolean', required: false, tampered: ['true', 1] } },
    valid: () => ({ role: 'admin' }),
  },
  {
    name: 'GET /data/admin/audit',
    method: 'get',
    shopper: staffMember,
    path: () => '/data/admin/audit',
    transport: 'query',
    specs: { subject_type: S(false, ['order', 'ORDER', 'x'.repeat(40)]), subject_id: S(false, ['AFS-00000000', "'; DROP TABLE audit_log; --"]), operator_id: S(false, ['not-a-uuid']), before: S(false, ['0', '-1', '1.5', 'abc']) },
    valid: () => ({ subject_type: 'order' }),
  },
  {
    name: 'GET /downloads/:number/credit-notes/:file',
    method: 'get',
    shopper: customerOnly,
    path: (p) => `/downloads/${p}`,
    param: ({ facts }) => `${facts.order}/credit-notes/${facts.order}-CN1.pdf`,
    paramTampered: ['AFS-00000000/credit-notes/AFS-00000000-CN1.pdf', 'AFS-99999999/credit-notes/x.pdf'],
    transport: 'query',
    specs: {},
    valid: () => ({}),
    facts: paidOrder,
    binarySuccess: true,
  },
];

/** Types the endpoint does not read its fields from (JSON in UTF-7 is still JSON to the parser, so it is not here). */
it('covers every operation of the OpenAPI document (the checkout data API has a suite of its own)', async () => {
  const documented = Object.entries((await t.http().get('/api/docs-json')).body.paths as Record<string, object>).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
  const covered = CASES.map((c) => c.name.replace(/ \(multipart\)$/, '').replace(/\/$/, '').replace(/:(\w+)/g, '{$1}')).concat('POST /data/checkout');
  expect(documented.filter((operation) => !covered.includes(operation))).toEqual([]);
});

const WRONG_CONTENT_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data; boundary=zz', 'application/octet-stream'];

/** How the request travels: mostly as the endpoint expects, sometimes in another content type or without the data header. */
const delivery = fc.oneof(
  { arbitrary: fc.constant({ kind: 'as-expected' as const }), weight: 8 },
  { arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES).map((type) => ({ kind: 'content-type' as const, type })), weight: 1 },
  { arbitrary: fc.constantFrom('', 'fetch').map((header) => ({ kind: 'header' as const, header })), weight: 1 },
);

const caller = (allowed: readonly Caller[]) =>
  fc.record({
    who: fc.constantFrom(...allowed),
    cookie: fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, { arbitrary: hostileCookie, weight: 1 }),
  });

const pathParam = (c: EndpointCase) =>
  c.param
    ? fc.oneof(
        { arbitrary: fc.constant<string | null>(null), weight: 4 },
        { arbitrary: fc.constantFrom(...(c.paramTampered ?? ['x'])), weight: 2 },
        // Not empty: that names another route (the list), not another thing.
        { arbitrary: hostileString.filter((text) => text.length > 0 && text.length < 4000), weight: 3 },
      )
    : fc.constant<string | null>(null);

/** The calls the X-Requested-With guard covers (apps/api/src/http/requested-with.guard.ts). */
const needsDataHeader = (path: string) => ['/data/', '/auth/', '/cookie-'].some((prefix) => path.startsWith(prefix));

function send(c: EndpointCase, world: World, plan: PayloadPlan, param: string | null, from: { who: Caller; cookie: string }, how: { kind: string; type?: string; header?: string }, ip: string) {
  const valid = c.valid(world);
  const cookie = [from.who === 'owner' ? world.owner.cookie : from.who === 'stranger' ? world.stranger.cookie : '', from.cookie].filter(Boolean).join('; ');
  const paramText = param === null ? (c.param?.(world) ?? '') : encodeURIComponent(param.replace(/[\uD800-\uDFFF]/g, '?'));
  const path = c.path(paramText);
  // An endpoint with no fields reads no body or query: what is sent there is ignored, not refused.
  const reads = Object.keys(c.specs).length > 0;
  const required = Object.values(c.specs).some((spec) => spec.required);
  // Refused whatever the payload: a data call without its header, or a parameter naming what is not the caller's.
  const refusedAnyway = (how.kind === 'header' && needsDataHeader(path)) || param !== null;
  const built = buildParts(plan, c.specs, valid);
  const http = t.http();
  // A query within the 8 KB most proxies take, so the app sees it (past 16 KB of request head Node's parser refuses it: see below).
  const target = c.transport === 'query' ? `${path}?${built.raw !== null ? fittedRawQuery(built.raw) : fittedQueryString(built.parts)}` : path;
  const base = http[c.method](target).set('X-Forwarded-For', ip);
  const request = how.kind === 'header' ? (how.header ? base.set('X-Requested-With', headerSafe(how.header)) : base) : base.set(XHR);
  if (cookie) request.set('Cookie', cookie);
  if (c.transport === 'json') {
    const payload = buildPayload(plan, c.specs, valid);
    const sent = request.set('Content-Type', how.kind === 'content-type' ? String(how.type) : 'application/json').send(payload.text);
    // A body in a type the endpoint does not read leaves its required fields missing.
    return { sent, mustRefuse: refusedAnyway || (reads && (how.kind === 'content-type' ? required : payload.mustRefuse)) };
  }
  if (c.transport === 'multipart') {
    if (how.kind === 'content-type' || built.raw !== null) {
      const sent = request.set('Content-Type', how.kind === 'content-type' ? String(how.type) : 'multipart/form-data; boundary=zz').send(built.raw ?? queryString(built.parts));
      return { sent, mustRefuse: refusedAnyway || required };
    }
    for (const [name, value] of built.parts) request.field(name, value);
    if (c.file) request.attach('file', pdf(), { filename: 'exemption.pdf', contentType: 'application/pdf' });
    return { sent: request, mustRefuse: refusedAnyway || built.mustRefuse };
  }
  const sent = how.kind === 'content-type' ? request.set('Content-Type', String(how.type)).send('{"__proto__":{"polluted":"yes"}}') : request;
  return { sent, mustRefuse: refusedAnyway || (reads && built.raw === null && built.mustRefuse) };
}

describe.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  it('answers hostile input from anyone with a catalogued code or a legitimate success, writing nothing when it refuses', async () => {
    const stranger = await (c.shopper ?? (() => shopperReadyToPay(t)))();
    const newWorld = async (): Promise<World> => {
      const owner = await (c.shopper ?? (() => shopperReadyToPay(t)))();
      const facts = (await c.facts?.({ owner, stranger })) ?? {};
      guard.forget();
      return { owner, stranger, facts };
    };
    let world = await newWorld();
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(payloadPlan(c.specs), pathParam(c), caller(c.callers ?? ['owner', 'owner', 'visitor', 'stranger']), delivery, address, async (plan, param, from, how, ip) => {
        // supertest sends nothing until awaited, so the request is built here and fired inside the probe.
        const built = send(c, world, plan, param, from, how, ip);
        const { outcome, response } = await probe(t, guard, () => built.sent, built, { allowedOnRefusal: c.allowedOnRefusal });
        if (outcome === 'refused') refused += 1;
        else if (!c.binarySuccess && response.status < 300) expect(response.headers['content-type']).toMatch(/^application\/json/);
        if (outcome === 'accepted' && c.renewAfterSuccess && from.who === 'owner' && response.body.success) world = await newWorld();
      }),
      propertyParameters<Draw>(c.examples),
    );
    // The generators reach refusals: a property that only ever succeeded would prove little.
    if (RUNS >= 20 && Object.keys(c.specs).length > 0) expect(refused).toBeGreaterThan(0);
  });
});

describe('a saved payment method reference that names nothing of the caller', () => {
  it('is answered NOT_FOUND (404) by choosing the default and by removing, whatever its shape (NUL aside), and writes nothing', async () => {
    const owner = await customerOnly();
    const call = (method: 'post' | 'delete', reference: string) => {
      const path = `/data/account/saved-methods/${encodeURIComponent(reference.replace(/[\uD800-\uDFFF]/g, '?'))}${method === 'post' ? '/default' : ''}`;
      return t.http()[method](path).set(XHR).set('Cookie', owner.cookie);
    };
    const before = await fingerprint(t);
    const named = [`spm_${'0'.repeat(32)}`, `sba_${'0'.repeat(32)}`, `SPM_${'0'.repeat(32)}`, `spm_${'0'.repeat(33)}`, 'saved-venmo', "spm_' OR '1'='1", '%00', ...REFERENCE_TAMPERING];
    for (const reference of named) {
      for (const method of ['post', 'delete'] as const) {
        const answer = await call(method, reference);
        expectCataloguedFailure(answer);
        expect([reference, method, answer.status, answer.body.code]).toEqual([reference, method, 404, ErrorCatalogue.NOT_FOUND.code]);
      }
    }
    await fc.assert(
      fc.asyncProperty(
        hostileString.filter((text) => text.length > 0 && text.length < 2000 && !/^\.{1,2}$/.test(text)),
        fc.constantFrom('post' as const, 'delete' as const),
        async (reference, method) => {
          const answer = await call(method, reference);
          expectCataloguedFailure(answer);
          // Text holding NUL is refused by every endpoint's input check before any lookup (PostgreSQL cannot hold it).
          const expected = reference.includes('\u0000') ? ErrorCatalogue.VALIDATION_FAILED : ErrorCatalogue.NOT_FOUND;
          expect([answer.status, answer.body.code]).toEqual([ERROR_STATUS[expected.kind], expected.code]);
        },
      ),
      propertyParameters(),
    );
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('a request head too large for Node', () => {
  it("is refused by Node's parser before the app sees it, with the catalogued 431 and nothing written", async () => {
    const before = await fingerprint(t);
    const longUrl = await t.http().get(`/data/catalogue/?locale=${'a'.repeat(20_000)}`).set(XHR);
    const longCookie = await t.http().get('/data/session/').set(XHR).set('Cookie', `afs_session=${'a'.repeat(20_000)}`);
    const encodedEmoji = await t.http().get(`/data/catalogue/?locale=${encodeURIComponent('\u202e🎉'.repeat(1_000))}`).set(XHR);
    for (const response of [longUrl, longCookie, encodedEmoji]) {
      expect(response.status).toBe(431);
      expectCataloguedFailure(response);
      expect(response.body.code).toBe(ErrorCatalogue.BAD_REQUEST.code);
    }
    expect(await fingerprint(t)).toEqual(before);
  });
});
