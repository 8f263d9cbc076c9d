import { expect, test, type Page } from '@playwright/test';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract charges the wallets' nonces through the real server SDK, as the API does
import braintree from 'braintree';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract runs the sandbox in-process, from its sources
import { gatewayFor, startBraintreeSandbox, type RunningBraintreeSandbox } from '../../../payment-sandbox/src';
import { expectNoSeriousAxeViolations } from '../support';
import { guardMerchantPage, MERCHANT, moduleScripts } from './provider-routing';

// The contract of the Braintree sandbox's wallets: the real braintree-web 3.124.0 bundles
// (paypal-checkout, google-payment, apple-pay, preferred-payment-methods) in Chromium against the
// sandbox and its stand-ins for PayPal's JS SDK, Google's pay.js and Safari's ApplePaySession, with
// the providers' hostnames routed to it. Any request to another host is refused and fails the test.
// Each nonce is then charged through the real `braintree` Node SDK.

const MODULES = ['client', 'paypal-checkout', 'google-payment', 'apple-pay', 'preferred-payment-methods'];

const MERCHANT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Merchant wallets test page</title></head>
  <body>
    <main>
      <h1>Checkout</h1>
      <div id="paypal-button"></div>
      <div id="google-pay-button"></div>
    </main>
    ${moduleScripts(MODULES)}
  </body>
</html>`;

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;

test.beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  gateway = gatewayFor(sandbox);
  for (const script of ['/sdk/js?client-id=x', '/gp/p/js/pay.js', '/__sandbox/apple-pay-session.js']) {
    expect((await fetch(`${sandbox.url}${script}`)).status, `the sandbox browser bundles are built (node tools/build.mjs): ${script}`).toBe(200);
  }
});
test.afterAll(async () => {
  await sandbox?.close();
});


guardMerchantPage(test, () => ({ sandboxUrl: sandbox.url, page: MERCHANT_PAGE, modules: MODULES, open: false }));

/** A client token as the sandbox's gateway mints them, through the SDK. */
async function clientToken(): Promise<string> {
  return (await gateway.clientToken.generate({})).clientToken;
}

async function openMerchantPage(page: Page): Promise<void> {
  await page.goto(`${MERCHANT}/`);
  await page.evaluate(async (token) => {
    const w = window as any;
    w.client = await w.braintree.client.create({ authorization: token });
  }, await clientToken());
}

const charge = (nonce: string, amount: string) =>
  gateway.transaction.sale({ amount, paymentMethodNonce: nonce, options: { submitForSettlement: true, threeDSecure: { required: true } } });

/** paypalCheckout.create, loadPayPalSDK and the PayPal button, wired as braintree-web documents. */
async function renderPayPalButton(page: Page, sdk: { env?: string }): Promise<void> {
  await page.evaluate(async ({ env }) => {
    const w = window as any;
    w.paypalCheckout = await w.braintree.paypalCheckout.create({ client: w.client });
    await w.paypalCheckout.loadPayPalSDK({ currency: 'GBP', intent: 'capture', ...(env ? { env } : {}) });
    w.paypalEvents = [];
    const buttons = w.paypal.Buttons({
      fundingSource: w.paypal.FUNDING.PAYPAL,
      createOrder: () => w.paypalCheckout.createPayment({ flow: 'checkout', amount: '10.00', currency: 'GBP', intent: 'capture' }),
      onApprove: (data: unknown) => w.paypalCheckout.tokenizePayment(data).then((payload: any) => w.paypalEvents.push({ approved: payload })),
      onCancel: (data: unknown) => w.paypalEvents.push({ cancelled: data }),
      onError: (error: unknown) => w.paypalEvents.push({ error: String(error) }),
    });
    w.paypalEligible = buttons.isEligible();
    await buttons.render('#paypal-button');
  }, sdk);
}

const paypalEvents = (page: Page) => page.evaluate(() => (window as any).paypalEvents as any[]);

test('PayPal checkout: the PayPal button, approval in the sandbox dialog, tokenizePayment, then a sale', async ({ page }) => {
  await openMerchantPage(page);
  await renderPayPalButton(page, {});
  expect(await page.evaluate(() => (window as any).paypalEligible)).toBe(true);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'PayPal sandbox approval' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Amount: 10.00 GBP')).toBeVisible();
  await expect(dialog.getByText('Signed in as sandbox-buyer@example.com')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve payment' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Approve payment' }).click();

  await expect.poll(() => paypalEvents(page)).toHaveLength(1);
  const [{ approved }] = await paypalEvents(page);
  expect(approved).toMatchObject({ type: 'PayPalAccount', details: { email: 'sandbox-buyer@example.com', payerId: 'SBXBUYER7QH2L', firstName: 'Sandbox', lastName: 'Buyer' } });
  await expect(dialog).toHaveCount(0);

  const result = await charge(approved.nonce, '10.00');
  expect(result.success).toBe(true);
  expect(result.transaction.paymentInstrumentType).toBe('paypal_account');
  expect(result.transaction.paypalAccount?.payerEmail).toBe('sandbox-buyer@example.com');
});

test('PayPal checkout (the SDK from www.sandbox.paypal.com): Cancel payment calls onCancel and makes no nonce', async ({ page }) => {
  await openMerchantPage(page);
  await renderPayPalButton(page, { env: 'sandbox' });
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await page.getByRole('dialog', { name: 'PayPal sandbox approval' }).getByRole('button', { name: 'Cancel payment' }).click();
  await expect.poll(() => paypalEvents(page)).toEqual([{ cancelled: { orderID: expect.stringMatching(/^EC-[A-Z0-9]{17}$/) } }]);
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeFocused();
  const [{ cancelled }] = await paypalEvents(page);
  expect(sandbox.context.store.state.paypalOrders[cancelled.orderID].status).toBe('cancelled');
});

/** Google's pay.js (the stand-in), googlePayment.create for version 2, and the Google Pay button. */
async function setUpGooglePay(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const w = window as any;
    await new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = 'https://pay.google.com/gp/p/js/pay.js';
      script.onload = resolve;
      script.onerror = reject;
      document.head.append(script);
    });
    w.googlePayment = await w.braintree.googlePayment.create({ client: w.client, googlePayVersion: 2, googleMerchantId: 'BCR2DN4TSANDBOX' });
    w.paymentsClient = new w.google.payments.api.PaymentsClient({ environment: 'TEST' });
    w.ready = await w.paymentsClient.isReadyToPay({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: w.googlePayment.createPaymentDataRequest().allowedPaymentMethods });
    w.googlePayResults = [];
    const button = w.paymentsClient.createButton({
      buttonColor: 'black',
      buttonType: 'buy',
      onClick: () => {
        const request = w.googlePayment.createPaymentDataRequest({
          merchantInfo: { merchantName: 'Affinity Store', merchantId: 'BCR2DN4TSANDBOX' },
          transactionInfo: { currencyCode: 'GBP', totalPriceStatus: 'FINAL', totalPrice: '15.00' },
        });
        w.paymentsClient
          .loadPaymentData(request)
          .then((paymentData: unknown) => w.googlePayment.parseResponse(paymentData))
          .then(
            (payload: unknown) => w.googlePayResults.push({ payload }),
            (error: any) => w.googlePayResults.push({ error: error.statusCode ?? error.code }),
          );
      },
    });
    document.getElementById('google-pay-button')?.append(button);
  });
}

const googlePayResults = (page: Page) => page.evaluate(() => (window as any).googlePayResults as any[]);

test('Google Pay: the sheet shows the amount, Pay gives paymentData braintree-web parses into a nonce that pays; Cancel is CANCELED', async ({ page }) => {
  await openMerchantPage(page);
  await setUpGooglePay(page);
  expect(await page.evaluate(() => (window as any).ready)).toEqual({ result: true });

  await page.getByRole('button', { name: 'Google Pay', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay sandbox' });
  await expect(sheet.getByText('Amount: 15.00 GBP')).toBeVisible();
  await expect(sheet.getByText('Card: Visa •••• 1111')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect.poll(() => googlePayResults(page)).toHaveLength(1);
  const [{ payload }] = await googlePayResults(page);
  expect(payload).toMatchObject({ type: 'AndroidPayCard', description: 'Android Pay', details: { cardType: 'Visa', lastFour: '1111', isNetworkTokenized: false } });
  const result = await charge(payload.nonce, '15.00');
  expect(result.success).toBe(true);
  expect(result.transaction.androidPayCard).toMatchObject({ cardType: 'Visa', last4: '1111' });

  await page.getByRole('button', { name: 'Google Pay', exact: true }).click();
  await page.getByRole('dialog', { name: 'Google Pay sandbox' }).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect.poll(async () => (await googlePayResults(page))[1]).toEqual({ error: 'CANCELED' });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/**
 * An Apple Pay session as braintree-web documents it, started from the page; the outcome lands in
 * window.appleResults. With `declined`, the merchant reports a failed payment after tokenizing.
 */
const beginApplePay = (page: Page, amount: string, declined = false) =>
  page.evaluate(({ total, declined }) => {
    const w = window as any;
    const session = new w.ApplePaySession(3, w.applePay.createPaymentRequest({ total: { label: 'Affinity Store', amount: total } }));
    session.onvalidatemerchant = (event: any) =>
      w.applePay.performValidation({ validationURL: event.validationURL, displayName: 'Affinity Store' }).then(
        (merchantSession: unknown) => session.completeMerchantValidation(merchantSession),
        (error: any) => {
          w.appleResults.push({ error: error.code });
          session.abort();
        },
      );
    session.onpaymentauthorized = (event: any) =>
      w.applePay.tokenize({ token: event.payment.token }).then(
        (payload: unknown) => {
          w.appleResults.push({ payload });
          session.completePayment(declined ? w.ApplePaySession.STATUS_FAILURE : w.ApplePaySession.STATUS_SUCCESS);
        },
        (error: any) => {
          w.appleResults.push({ error: error.code });
          session.completePayment(w.ApplePaySession.STATUS_FAILURE);
        },
      );
    session.oncancel = () => w.appleResults.push({ cancelled: true });
    session.begin();
  }, { total: amount, declined });

const appleResults = (page: Page) => page.evaluate(() => (window as any).appleResults as any[]);

test('Apple Pay: the ApplePaySession stand-in, merchant validation and tokenize give a nonce that pays; a failed payment keeps the sheet open until Cancel calls oncancel', async ({ page }) => {
  const standIn = await (await fetch(`${sandbox.url}/__sandbox/apple-pay-session.js`)).text();
  await page.addInitScript({ content: standIn });
  await openMerchantPage(page);
  await page.evaluate(async () => {
    const w = window as any;
    w.canPay = w.ApplePaySession.supportsVersion(3) && w.ApplePaySession.canMakePayments();
    w.applePay = await w.braintree.applePay.create({ client: w.client });
    w.appleResults = [];
  });
  expect(await page.evaluate(() => (window as any).canPay)).toBe(true);

  await beginApplePay(page, '20.00');
  const sheet = page.getByRole('dialog', { name: 'Apple Pay sandbox' });
  await expect(sheet.getByText('Amount: 20.00 GBP')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  await expectNoSeriousAxeViolations(page);
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect.poll(() => appleResults(page)).toHaveLength(1);
  const [{ payload }] = await appleResults(page);
  expect(payload).toMatchObject({ type: 'ApplePayCard', details: { cardType: 'Visa', dpanLastTwo: '11' } });
  await expect(sheet).toHaveCount(0);
  const result = await charge(payload.nonce, '20.00');
  expect(result.success).toBe(true);
  expect(result.transaction.applePayCard).toMatchObject({ cardType: 'Apple Pay - Visa', last4: '1111' });

  // A payment the merchant reports as failed leaves the sheet open, as Safari does, until the buyer cancels.
  await beginApplePay(page, '2000.00', true);
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(sheet.getByRole('status')).toHaveText('Payment not completed');
  await expect(sheet.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  await sheet.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect.poll(async () => (await appleResults(page)).slice(1)).toEqual([{ payload: expect.objectContaining({ type: 'ApplePayCard' }) }, { cancelled: true }]);
  await expect(sheet).toHaveCount(0);
});

test('preferredPaymentMethods: false for both until the control endpoint prefers PayPal', async ({ page }) => {
  await openMerchantPage(page);
  const fetchPreferred = () =>
    page.evaluate(async () => {
      const w = window as any;
      const preferred = await w.braintree.preferredPaymentMethods.create({ client: w.client });
      return preferred.fetchPreferredPaymentMethods();
    });
  expect(await fetchPreferred()).toEqual({ paypalPreferred: false, venmoPreferred: false });
  try {
    await fetch(`${sandbox.url}/__sandbox/preferred`, { method: 'POST', body: JSON.stringify({ paypalPreferred: true }) });
    expect(await fetchPreferred()).toEqual({ paypalPreferred: true, venmoPreferred: false });
  } finally {
    await fetch(`${sandbox.url}/__sandbox/preferred`, { method: 'POST', body: JSON.stringify({ paypalPreferred: false }) });
  }
});
