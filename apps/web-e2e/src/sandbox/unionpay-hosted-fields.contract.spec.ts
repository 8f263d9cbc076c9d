import { expect, test, type Page } from '@playwright/test';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract runs the sandbox in-process, from its sources
import { startBraintreeSandbox, type RunningBraintreeSandbox } from '../../../payment-sandbox/src';
import { guardMerchantPage, moduleScripts } from './provider-routing';
import { fillFields } from '../frame-fields';

// The sandbox's stand-in for braintree-web's UnionPay Hosted Fields frame, driven by the real
// braintree-web 3.124.0 unionpay module given a real Hosted Fields instance: the frame reads the card
// from the card frames and makes the module's calls, which the sandbox answers.

const MODULES = ['client', 'hosted-fields', 'unionpay'];
const NEXT_YEAR = String(new Date().getFullYear() + 1);

const MERCHANT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Merchant test page</title>
    <style>.field { height: 2.5rem; border: 1px solid #767676; margin: 0 0 1rem; }</style>
  </head>
  <body>
    <form>
      <label for="card-number">Card number</label><div id="card-number" class="field"></div>
      <label for="cvv">Security code</label><div id="cvv" class="field"></div>
      <label for="expiration-month">Expiry month</label><div id="expiration-month" class="field"></div>
      <label for="expiration-year">Expiry year</label><div id="expiration-year" class="field"></div>
    </form>
    ${moduleScripts(MODULES)}
  </body>
</html>`;

let sandbox: RunningBraintreeSandbox;

test.beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  const frameScript = await fetch(`${sandbox.url}/__sandbox/unionpay-hosted-fields-frame.js`);
  expect(frameScript.status, 'the sandbox browser bundles are built (node tools/build.mjs)').toBe(200);
});
test.afterAll(async () => {
  await sandbox?.close();
});

function clientToken(): string {
  const { config, store } = sandbox.context;
  const fingerprint = `contract${Math.random().toString(36).slice(2)}`;
  store.state.clientTokens[fingerprint] = { fingerprint, customerId: null, merchantAccountId: null, createdAt: new Date().toISOString() };
  const clientApiUrl = `${config.clientApiOrigin}/merchants/${config.merchantId}/client_api`;
  const token = { version: 2, authorizationFingerprint: fingerprint, configUrl: `${clientApiUrl}/v1/configuration`, clientApiUrl, assetsUrl: config.assetsOrigin, environment: 'sandbox', merchantId: config.merchantId };
  return Buffer.from(JSON.stringify(token)).toString('base64');
}

guardMerchantPage(test, () => ({ sandboxUrl: sandbox.url, page: MERCHANT_PAGE, modules: MODULES, open: true }));

// The security code's label follows the card type (UnionPay's is not 'CVV'), so inputs are found by frame.
const hostedField = (page: Page, name: string) => page.frameLocator(`iframe[name="braintree-hosted-field-${name}"]`).locator('input');

async function cardForm(page: Page, number: string): Promise<void> {
  await page.evaluate(async (token) => {
    const w = window as any;
    w.client = await w.braintree.client.create({ authorization: token });
    w.hostedFields = await w.braintree.hostedFields.create({
      client: w.client,
      fields: { number: { container: '#card-number' }, cvv: { container: '#cvv' }, expirationMonth: { container: '#expiration-month' }, expirationYear: { container: '#expiration-year' } },
    });
    w.unionPay = await w.braintree.unionpay.create({ client: w.client });
  }, clientToken());
  await fillFields([
    { input: hostedField(page, 'number'), value: number },
    { input: hostedField(page, 'expirationMonth'), value: '12' },
    { input: hostedField(page, 'expirationYear'), value: NEXT_YEAR },
    { input: hostedField(page, 'cvv'), value: '123' },
  ]);
}

/**
 * A unionpay call with the Hosted Fields instance: its answer, or the error's code. The module sends
 * the instance through its frame bus as JSON, and braintree-web 3.124.0's own instance cannot become
 * JSON (its bus keeps the merchant's window, whose card frames are another origin's), so the page
 * passes a view of it: the instance's bus, which the module checks, and as JSON only the bus's
 * channel, which names the card frames the UnionPay frame reads.
 */
const call = (page: Page, method: 'fetchCapabilities' | 'enroll' | 'tokenize', options: Record<string, unknown> = {}) =>
  page.evaluate(
    ({ method, options }) => {
      const w = window as any;
      const bus = w.hostedFields._bus;
      const hostedFields = { _bus: bus, toJSON: () => ({ _bus: { channel: bus.channel } }) };
      return w.unionPay[method]({ hostedFields, ...options }).then(
        (payload: any) => ({ payload }),
        (error: any) => ({ code: error.code as string }),
      );
    },
    { method, options },
  );

const MOBILE = { mobile: { countryCode: '86', number: '13800138000' } };

test('the Hosted Fields instance itself cannot cross the bus: braintree-web 3.124.0 fails before any call', async ({ page }) => {
  await cardForm(page, '6212 3456 7890 1265');
  const failure = await page.evaluate(() => {
    const w = window as any;
    return w.unionPay.fetchCapabilities({ hostedFields: w.hostedFields }).then(
      () => null,
      (error: Error) => error.message,
    );
  });
  expect(failure).toMatch(/^Could not stringify event/);
});

test('a card that needs its SMS code: capabilities, enrollment, a wrong code refused, the right code tokenizes', async ({ page }) => {
  await cardForm(page, '6212 3456 7890 1265');
  expect(await call(page, 'fetchCapabilities')).toEqual({ payload: expect.objectContaining({ isUnionPay: true, unionPay: expect.objectContaining({ isSupported: true }) }) });
  expect(await call(page, 'enroll', { mobile: { countryCode: '86', number: '12' } })).toEqual({ code: 'UNIONPAY_ENROLLMENT_CUSTOMER_INPUT_INVALID' });
  const enrolled = (await call(page, 'enroll', MOBILE)) as { payload: { enrollmentId: string; smsCodeRequired: boolean } };
  expect(enrolled.payload).toEqual({ enrollmentId: expect.any(String), smsCodeRequired: true });
  const { enrollmentId } = enrolled.payload;
  expect(await call(page, 'tokenize', { enrollmentId, smsCode: '222222' })).toEqual({ code: 'UNIONPAY_FAILED_TOKENIZATION' });
  const tokenized = (await call(page, 'tokenize', { enrollmentId, smsCode: '111111' })) as { payload: { nonce: string; details: { lastFour: string } } };
  expect(tokenized.payload.nonce).toEqual(expect.any(String));
  expect(tokenized.payload.details.lastFour).toBe('1265');
});

test('a debit card that needs no code tokenizes with its enrollment alone; a card-rails UnionPay card is not UnionPay-supported', async ({ page }) => {
  await cardForm(page, '6212 3456 7890 1273');
  expect(await call(page, 'fetchCapabilities')).toEqual({ payload: expect.objectContaining({ isUnionPay: true, isDebit: true }) });
  const enrolled = (await call(page, 'enroll', MOBILE)) as { payload: { enrollmentId: string; smsCodeRequired: boolean } };
  expect(enrolled.payload.smsCodeRequired).toBe(false);
  expect(await call(page, 'tokenize', { enrollmentId: enrolled.payload.enrollmentId })).toEqual({ payload: expect.objectContaining({ nonce: expect.any(String) }) });

  await fillFields([{ input: hostedField(page, 'number'), value: '6212 3456 7890 1232' }]);
  expect(await call(page, 'fetchCapabilities')).toEqual({ payload: expect.objectContaining({ isUnionPay: true, unionPay: expect.objectContaining({ isSupported: false }) }) });
});
