import type { Page } from '@playwright/test';
import { agreeToImmediateSupply, expect, expectConfirmation, paymentSection, shopperAtPayment, test } from './card-gateway';
import { expectNoSeriousAxeViolations, XHR } from './support';

// The browser's Payment Request API through the real braintree-web payment-request module. This
// Chromium has the API but cannot pay with either method the module asks for: basic-card is gone
// from Chrome, and Google Pay needs Google's payment handler, out of reach offline (canMakePayment
// answers false for both). So, as wallets.spec.ts does for Apple Pay, these tests replace only the
// browser's PaymentRequest, in every frame: the page's code, the module and the sandbox's stand-in
// for the provider's payment request frame stay as they are. The stand-in behaves as Chrome with
// Google Pay: it answers canMakePayment for https://google.com/pay, and show() does what Google's
// payment handler does, asking the gateway named in the request's tokenization parameters for its
// token (the sandbox's Google Pay tokenization, which the pay.js stand-in uses too).

type Outcome = 'pay' | 'cancel' | 'refused';

function browserWithGooglePay(outcome: Outcome) {
  const GOOGLE_PAY = 'https://google.com/pay';
  type MethodData = { supportedMethods: string; data?: Record<string, unknown> };
  const seen: MethodData[][] = [];
  (window as unknown as { __paymentRequestsSeen: MethodData[][] }).__paymentRequestsSeen = seen;
  class StandInPaymentRequest {
    private readonly methods: MethodData[];
    constructor(methods: MethodData[], details: { total?: unknown }) {
      if (!Array.isArray(methods) || methods.length === 0) throw new TypeError('At least one payment method is required');
      if (!details?.total) throw new TypeError("Required member 'total' is missing");
      this.methods = methods;
      seen.push(JSON.parse(JSON.stringify(methods)));
    }
    async canMakePayment() {
      return this.methods.some((method) => method.supportedMethods === GOOGLE_PAY);
    }
    async show() {
      const googlePay = this.methods.find((method) => method.supportedMethods === GOOGLE_PAY);
      if (!googlePay) throw new DOMException('The payment method is not supported', 'NotSupportedError');
      if (outcome === 'cancel') throw new DOMException('User closed the Payment Request UI.', 'AbortError');
      const tokenization = googlePay.data?.paymentMethodTokenizationParameters as { parameters?: Record<string, unknown> } | undefined;
      const answer = await fetch('/__sandbox/google-pay/tokenize', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ parameters: tokenization?.parameters ?? {}, cardNetwork: 'VISA' }),
      });
      const body = (await answer.json()) as { token?: string };
      const token = outcome === 'refused' ? JSON.stringify({ error: { message: 'Credit card number is invalid' } }) : body.token;
      const response = {
        methodName: GOOGLE_PAY,
        details: { paymentMethodToken: { tokenizationType: 'PAYMENT_GATEWAY', token }, cardInfo: { cardNetwork: 'VISA', cardDetails: '1111' } },
        complete: async () => undefined,
        toJSON: () => ({ methodName: response.methodName, details: response.details }),
      };
      return response;
    }
    async abort() {
      return undefined;
    }
  }
  Object.defineProperty(window, 'PaymentRequest', { value: StandInPaymentRequest, configurable: true, writable: true });
}

async function chooseBrowserPayment(page: Page) {
  await page.goto('/en-gb/checkout/');
  const section = paymentSection(page);
  const radio = section.getByRole('radio', { name: 'Browser payment' });
  await expect(radio).toBeVisible({ timeout: 15_000 });
  await radio.check();
  await agreeToImmediateSupply(page);
  return section;
}

const orders = async (page: Page) => ((await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as Array<{ status: string }>);

test('Google Pay through the browser’s payment request pays, asked with the spec’s methods and card networks', async ({ page }) => {
  await page.addInitScript(browserWithGooglePay, 'pay' as Outcome);
  await shopperAtPayment(page);
  const section = await chooseBrowserPayment(page);
  const button = section.getByRole('button', { name: 'Pay with your browser' });
  await expect(button).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // What the module asked the browser, inside the provider's frame: basic-card with the account's
  // networks in the browser's names, and Google Pay with the gateway's tokenization parameters.
  const frame = page.frame({ name: 'braintree-payment-request-frame' });
  expect(frame).not.toBeNull();
  const asked = (await frame?.evaluate(() => (window as unknown as { __paymentRequestsSeen: unknown[] }).__paymentRequestsSeen)) as Array<Array<{ supportedMethods: string; data: Record<string, any> }>>;
  const methods = asked[0];
  expect(methods.map((method) => method.supportedMethods)).toEqual(['basic-card', 'https://google.com/pay']);
  expect(methods[0].data.supportedNetworks).toEqual(expect.arrayContaining(['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay', 'maestro']));
  for (const network of methods[0].data.supportedNetworks) expect(['visa', 'mastercard', 'amex', 'diners', 'discover', 'jcb', 'unionpay', 'maestro']).toContain(network);
  expect(methods[1].data.paymentMethodTokenizationParameters.parameters.gateway).toBe('braintree');

  await button.click();
  await expectConfirmation(page);
  expect((await orders(page)).filter((order) => order.status === 'paid')).toHaveLength(1);
});

test('the shopper closing the browser’s sheet is quiet: nothing charged, the button is there again', async ({ page }) => {
  await page.addInitScript(browserWithGooglePay, 'cancel' as Outcome);
  await shopperAtPayment(page);
  const section = await chooseBrowserPayment(page);
  const button = section.getByRole('button', { name: 'Pay with your browser' });
  await button.click();
  await expect(button).toBeEnabled();
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/not been charged|cancelled/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/en-gb\/checkout\/$/);
  expect(await orders(page)).toEqual([]);
});

test('a failure says its words: Google Pay’s card refused by the gateway', async ({ page }) => {
  await page.addInitScript(browserWithGooglePay, 'refused' as Outcome);
  await shopperAtPayment(page);
  const section = await chooseBrowserPayment(page);
  const button = section.getByRole('button', { name: 'Pay with your browser' });
  await button.click();
  await expect(page.getByText('Google Pay could not pass on your card, so you have not been charged. Please try again or choose another way to pay.')).toBeVisible();
  await expect(button).toBeEnabled();
  expect((await orders(page)).filter((order) => order.status === 'paid')).toEqual([]);
});

test('a browser that cannot pay with it (this Chromium, untouched) is not offered it', async ({ page }) => {
  await shopperAtPayment(page);
  // The module is set up and asks the browser from its frame; told no, the page tears it down.
  const askedAndRefused = page.waitForEvent('framedetached', { predicate: (frame) => frame.name() === 'braintree-payment-request-frame', timeout: 15_000 });
  await page.goto('/en-gb/checkout/');
  const methods = paymentSection(page).getByRole('group', { name: 'Choose your payment method' });
  await expect(methods.getByRole('radio', { name: 'Google Pay' })).toBeVisible({ timeout: 15_000 });
  await askedAndRefused;
  await expect(methods.getByRole('radio', { name: 'Browser payment' })).toHaveCount(0);
  await expect(methods.getByRole('radio', { name: 'Credit/debit card' })).toBeChecked();
});
