import { expect, test as base, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { configuredSandboxPort, sandboxPort } from '../playwright.config';
import { PROVIDER_HOSTS } from './sandbox/provider-routing';
import { addToBasket, createAccount, XHR } from './support';
import { fillFields } from './frame-fields';

/**
 * The card gateway's browser library only talks to the provider's own https domains, so the tests
 * route those hostnames to the local Braintree sandbox (the SDK's domain check stays untouched), and
 * any other request that would leave the machine is refused and fails the test.
 */
const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|data:|blob:|about:)/;

export const SANDBOX_URL = `http://127.0.0.1:${sandboxPort}`;

/** The sandbox of the store a test runs against (the 'configured' project has its own). */
const sandboxOf = (project: string) => `http://127.0.0.1:${project === 'configured' ? configuredSandboxPort : sandboxPort}`;

export const test = base.extend<{ unrouted: string[]; sandboxUrl: string }>({
  sandboxUrl: async ({}, use, testInfo) => use(sandboxOf(testInfo.project.name)),
  unrouted: [
    async ({ context, sandboxUrl }, use) => {
      const unrouted: string[] = [];
      await context.route(
        (url) => !LOCAL.test(url.href),
        (route) => {
          unrouted.push(route.request().url());
          return route.abort('blockedbyclient');
        },
      );
      await context.route(PROVIDER_HOSTS, async (route) => {
        const request = route.request();
        const url = new URL(request.url());
        const response = await route.fetch({ url: `${sandboxUrl}${url.pathname}${url.search}` });
        await route.fulfill({ response });
      });
      await use(unrouted);
      // braintree-web's analytics calls may still be in flight as a test ends: let them finish.
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      expect(unrouted, 'requests that would have left the machine').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The sandbox's control endpoints (force an outcome, expire a saved card, list an order's sales). */
export const sandboxControl = async (request: APIRequestContext, path: string, data?: unknown, sandboxUrl = SANDBOX_URL) => {
  const response = await request.post(`${sandboxUrl}${path}`, { data: data ?? {} });
  expect(response.ok()).toBe(true);
};

/**
 * A signed-in shopper with products in the basket, a UK billing address and the card gateway
 * chosen, all through the real API (the steps before payment have their own tests).
 */
export async function shopperAtPayment(page: Page, options: { signedIn?: boolean; suites?: string[] } = {}): Promise<void> {
  if (!options.signedIn) await createAccount(page.request, { firstName: 'Carla', lastName: 'Card' });
  await addToBasket(page.request, 'en-gb', options.suites ?? ['photo-2']);
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const basket = session.data.basket.reference;
  const billed = await page.request.post('/data/checkout/', {
    headers: XHR,
    form: {
      action: 'CREATE_CUSTOMER_INVOICE_ADDRESS',
      body: JSON.stringify({ basket_reference: basket, line_1: '1 Infinite Loop', city: 'Nottingham', postal_code: 'NG1 1AA', country: 'GB' }),
    },
  });
  expect((await billed.json()).success).toBe(true);
  const decided = await page.request.post('/data/determine-gateway/', { headers: XHR, data: { basket_ref: basket } });
  expect((await decided.json()).data.gateway).toBe('braintree');
}

const field = (page: Page, name: string): FrameLocator => page.frameLocator(`iframe[name="braintree-hosted-field-${name}"]`);

/** Types a card into the gateway's frames, as a shopper would (each field checked: see fillFields). */
export async function enterCard(page: Page, card: { number: string; month?: string; year?: string; cvv?: string; name?: string }): Promise<void> {
  const payment = page.locator('section[data-section="payment-details"]');
  await fillFields([
    { input: payment.getByLabel('Cardholder name'), value: card.name ?? 'Carla Card' },
    { input: field(page, 'number').locator('input'), value: card.number },
    { input: field(page, 'expirationMonth').locator('input'), value: card.month ?? '12' },
    { input: field(page, 'expirationYear').locator('input'), value: card.year ?? String(new Date().getFullYear() + 3) },
    { input: field(page, 'cvv').locator('input'), value: card.cvv ?? '123' },
  ]);
}

/** The sandbox's 3-D Secure challenge (ours, standing in for the bank's page). */
export const challenge = (page: Page) => page.frameLocator('iframe[title="3-D Secure challenge"]');

export const paymentSection = (page: Page) => page.locator('section[data-section="payment-details"]');

export async function openPayment(page: Page) {
  await page.goto('/en-gb/checkout/');
  const payment = paymentSection(page);
  await expect(payment).toHaveAttribute('data-state', 'active');
  await expect(payment.getByRole('group', { name: 'Choose your payment method' })).toBeVisible();
  // The card form's frames are in place (hidden while the saved card is chosen).
  await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeAttached();
  return payment;
}

/**
 * Ticks the immediate-supply box from the keyboard: focus moving between the card frames (each its
 * own process) can scroll the page a moment after typing, so a click there could land elsewhere.
 */
export async function agreeToImmediateSupply(page: Page) {
  const box = paymentSection(page).getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

export async function expectConfirmation(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  return (await page.getByTestId('order-number').textContent()) as string;
}

/** The saved card's vault token, as the card gateway's set-up call gives it for a fresh basket. */
export async function savedCardToken(page: Page): Promise<string> {
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const checkout = await (await page.request.get(`/data/braintree-checkout/?basket_ref=${session.data.basket?.reference ?? ''}`, { headers: XHR })).json();
  return checkout.data.existing_card_token;
}

/** A new shopper pays for Affinity Photo 2 with a Visa card and saves it, ending on the confirmation; returns the order's number. */
export async function payAndSaveCard(page: Page): Promise<string> {
  await shopperAtPayment(page);
  const payment = await openPayment(page);
  await enterCard(page, { number: '4111111111111111' });
  await payment.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  return expectConfirmation(page);
}
