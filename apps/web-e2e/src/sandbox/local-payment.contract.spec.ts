import { expect, test, type Page } from '@playwright/test';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract charges the nonces through the real server SDK, as the API does
import braintree from 'braintree';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract runs the sandbox in-process, from its sources
import { DEFAULT_CONFIG, gatewayFor, startBraintreeSandbox, startLocalPayment, type RunningBraintreeSandbox } from '../../../payment-sandbox/src';
import { expectNoSeriousAxeViolations } from '../support';
import { guardMerchantPage, MERCHANT, moduleScripts } from './provider-routing';

// The contract of the card sandbox's local payments: the real braintree-web 3.124.0 local-payment
// module in Chromium, by popup (its frame service, the sandbox's landing page and redirect frame)
// and by redirect (the same tab), with the providers' hostnames routed to the sandbox. Any request
// to another host is refused and fails the test. Each nonce is charged through the real SDK.

const MODULES = ['client', 'local-payment'];

const MERCHANT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Merchant local payment test page</title></head>
  <body>
    <main>
      <h1>Checkout</h1>
      <button type="button" id="pay">Pay with BLIK</button>
    </main>
    ${moduleScripts(MODULES)}
    <script>
      window.events = [];
      window.paymentIds = [];
      // startPayment runs from the click, as braintree-web needs for its popup.
      document.getElementById('pay').addEventListener('click', function () {
        window.localPayment
          .startPayment({
            paymentType: 'blik',
            amount: '25.00',
            currencyCode: 'PLN',
            givenName: 'Jan',
            surname: 'Kowalski',
            fallback: { url: '${MERCHANT}/return', buttonText: 'Return to the shop' },
            onPaymentStart: function (data, start) {
              window.paymentIds.push(data.paymentId);
              if (start) start();
            },
          })
          .then(function (payload) { window.events.push({ payload: payload }); })
          .catch(function (error) { window.events.push({ error: error.code }); });
      });
    </script>
  </body>
</html>`;

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;

test.beforeAll(async () => {
  sandbox = await startBraintreeSandbox({ config: { merchantAccounts: { ...DEFAULT_CONFIG.merchantAccounts, store_PLN: 'PLN' } } });
  gateway = gatewayFor(sandbox);
  expect((await fetch(`${sandbox.url}/__sandbox/frame-service.js`)).status, 'the sandbox browser bundles are built (node tools/build.mjs)').toBe(200);
});
test.afterAll(async () => {
  await sandbox?.close();
});

guardMerchantPage(test, () => ({ sandboxUrl: sandbox.url, page: MERCHANT_PAGE, modules: MODULES, open: false }));

const clientToken = async () => (await gateway.clientToken.generate({})).clientToken;

/** The merchant page with braintree-web's client and local-payment instances (redirect flow when a URL is given). */
async function openMerchantPage(page: Page, url = `${MERCHANT}/`, redirectUrl?: string): Promise<void> {
  await page.goto(url);
  await page.evaluate(
    async ({ token, redirectUrl }) => {
      const w = window as any;
      w.client = await w.braintree.client.create({ authorization: token });
      w.localPayment = await w.braintree.localPayment.create({ client: w.client, merchantAccountId: 'store_PLN', ...(redirectUrl ? { redirectUrl } : {}) });
    },
    { token: await clientToken(), redirectUrl },
  );
}

const events = (page: Page) => page.evaluate(() => (window as any).events as any[]);

/** Clicks Pay and answers the popup's landing page. */
async function payInPopup(page: Page, answer: (popup: Page) => Promise<void>): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay with BLIK' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'BLIK payment' })).toBeVisible();
  await expect(popup.getByText('Pay 25.00 PLN to Affinity Store.')).toBeVisible();
  await answer(popup);
  return popup;
}

const paymentOf = async (page: Page) => sandbox.context.store.state.localPayments[(await page.evaluate(() => (window as any).paymentIds as string[]))[0]];

test('popup: the code typed and approved, the nonce comes back and sells as a local payment', async ({ page }) => {
  await openMerchantPage(page);
  const popup = await payInPopup(page, async (landing) => {
    await landing.getByLabel('BLIK code').fill('000000');
    await landing.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(landing.getByRole('alert')).toHaveText('Your bank refused this BLIK code. Generate a new code and try again.');
    await expect(landing.getByLabel('BLIK code')).toHaveAttribute('aria-invalid', 'true');
    await landing.getByLabel('BLIK code').fill('777123');
    await landing.getByRole('button', { name: 'Approve', exact: true }).click();
  });
  await expect.poll(() => events(page)).toHaveLength(1);
  const [{ payload }] = await events(page);
  expect(payload).toMatchObject({ type: 'PayPalAccount', details: { firstName: 'Jan', lastName: 'Kowalski', payerId: 'SBXLOCALPAYER' }, correlationId: expect.stringMatching(/^EC-/) });
  await expect.poll(() => popup.isClosed()).toBe(true);

  const result = await gateway.transaction.sale({ amount: '25.00', paymentMethodNonce: payload.nonce, merchantAccountId: 'store_PLN', options: { submitForSettlement: true } });
  expect(result.success).toBe(true);
  expect(result.transaction.paymentInstrumentType).toBe('local_payment');
  expect((await paymentOf(page)).status).toBe('sold');
});

test('popup: Cancel rejects with LOCAL_PAYMENT_CANCELED; Fail with LOCAL_PAYMENT_START_PAYMENT_FAILED', async ({ page }) => {
  await openMerchantPage(page);
  await payInPopup(page, (landing) => landing.getByRole('button', { name: 'Cancel' }).click());
  await expect.poll(() => events(page)).toEqual([{ error: 'LOCAL_PAYMENT_CANCELED' }]);
  expect((await paymentOf(page)).status).toBe('canceled');

  await payInPopup(page, (landing) => landing.getByRole('button', { name: 'Fail' }).click());
  await expect.poll(() => events(page)).toEqual([{ error: 'LOCAL_PAYMENT_CANCELED' }, { error: 'LOCAL_PAYMENT_START_PAYMENT_FAILED' }]);
});

test('popup: closing the window rejects with LOCAL_PAYMENT_WINDOW_CLOSED; "Approve later" too, and the payment completes by webhook', async ({ page }) => {
  await openMerchantPage(page);
  await payInPopup(page, (landing) => landing.close());
  await expect.poll(() => events(page)).toEqual([{ error: 'LOCAL_PAYMENT_WINDOW_CLOSED' }]);
  expect((await paymentOf(page)).status).toBe('created');

  // The closed window cleared braintree-web's in-progress flag: the same instance starts again.
  const popup = await payInPopup(page, (landing) => landing.getByRole('button', { name: 'Approve later in the bank app' }).click());
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect.poll(() => events(page)).toEqual([{ error: 'LOCAL_PAYMENT_WINDOW_CLOSED' }, { error: 'LOCAL_PAYMENT_WINDOW_CLOSED' }]);
  const ids = await page.evaluate(() => (window as any).paymentIds as string[]);
  const later = sandbox.context.store.state.localPayments[ids[1]];
  expect(later.status).toBe('approved');
  expect(Object.values(sandbox.context.store.state.webhooks).filter((delivery) => delivery.subjectId === later.paymentId).map((delivery) => delivery.kind)).toEqual(['local_payment_completed']);
});

test('redirect: the same tab goes to the landing page and back with btLpToken, and tokenize gives the nonce', async ({ page }) => {
  const back = `${MERCHANT}/?flow=redirect`;
  await openMerchantPage(page, `${MERCHANT}/`, back);
  await page.getByRole('button', { name: 'Pay with BLIK' }).click();
  await expect(page.getByRole('heading', { name: 'BLIK payment' })).toBeVisible();
  await page.getByLabel('BLIK code').fill('123456');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await page.waitForURL(/\?flow=redirect&btLpToken=EC-[A-Z0-9]+&btLpPaymentId=PAY-[A-Z0-9]+&btLpPayerId=SBXLOCALPAYER$/);

  await page.evaluate(async ({ token, back }) => {
    const w = window as any;
    w.client = await w.braintree.client.create({ authorization: token });
    w.localPayment = await w.braintree.localPayment.create({ client: w.client, merchantAccountId: 'store_PLN', redirectUrl: back });
    w.hasParams = w.localPayment.hasTokenizationParams();
    w.payload = await w.localPayment.tokenize();
  }, { token: await clientToken(), back });
  expect(await page.evaluate(() => (window as any).hasParams)).toBe(true);
  const payload = await page.evaluate(() => (window as any).payload);
  const result = await gateway.transaction.sale({ amount: '25.00', paymentMethodNonce: payload.nonce, merchantAccountId: 'store_PLN' });
  expect(result.success).toBe(true);
  expect(result.transaction.paymentInstrumentType).toBe('local_payment');
});

test('redirect: Cancel comes back with wasCanceled, and tokenize rejects with LOCAL_PAYMENT_CANCELED', async ({ page }) => {
  const back = `${MERCHANT}/?flow=redirect`;
  await openMerchantPage(page, `${MERCHANT}/`, back);
  await page.getByRole('button', { name: 'Pay with BLIK' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\?flow=redirect&wasCanceled=true&btLpToken=EC-/);
  const code = await page.evaluate(async ({ token, back }) => {
    const w = window as any;
    const client = await w.braintree.client.create({ authorization: token });
    const localPayment = await w.braintree.localPayment.create({ client, merchantAccountId: 'store_PLN', redirectUrl: back });
    return localPayment.tokenize().then(() => 'resolved', (error: any) => error.code);
  }, { token: await clientToken(), back });
  expect(code).toBe('LOCAL_PAYMENT_CANCELED');
});

test('the landing page works from the keyboard at 360 px, is axe clean, and its fallback link returns to the shop', async ({ page }) => {
  const { clientToken: token } = await gateway.clientToken.generate({});
  const fingerprint = JSON.parse(Buffer.from(token, 'base64').toString('utf8')).authorizationFingerprint;
  const started = await startLocalPayment({ url: sandbox.url, merchantId: sandbox.config.merchantId }, fingerprint, { paymentType: 'blik', amount: '25.00', currency: 'PLN', merchantAccountId: 'store_PLN' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(started.redirectUrl as string);
  await expect(page.getByRole('heading', { name: 'BLIK payment' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('BLIK code')).toBeFocused();
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  // No opener here (the payer opened the page themselves): the redirect frame offers the fallback link.
  const link = page.getByRole('link', { name: 'Return' });
  await expect(link).toHaveAttribute('href', new RegExp(`^https://merchant\\.test/return\\?btLpToken=EC-[A-Z0-9]+&btLpPaymentId=${started.paymentId}&btLpPayerId=SBXLOCALPAYER$`));
  await expectNoSeriousAxeViolations(page);
});
