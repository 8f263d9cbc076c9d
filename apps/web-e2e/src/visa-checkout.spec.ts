import type { Page } from '@playwright/test';
import { configuredPort, configuredSandboxPort } from '../playwright.config';
import { agreeToImmediateSupply, expect, expectConfirmation, shopperAtPayment, test } from './card-gateway';
import { expectNoSeriousAxeViolations, XHR } from './support';

// Visa Checkout (spec 3 §5, §8) through braintree-web's own visa-checkout module, with the card
// sandbox standing in for Visa's sdk.js and lightbox (Visa retired Visa Checkout for Click to Pay).
// It is off by default, so these run against the second store, which switches it on
// (BRAINTREE_VISA_CHECKOUT).

test.describe.configure({ timeout: 60_000 });
test.use({ baseURL: `http://127.0.0.1:${configuredPort}`, sandboxUrl: `http://127.0.0.1:${configuredSandboxPort}` });

const payment = (page: Page) => page.locator('section[data-section="payment-details"]');
const CANCELED = 'You closed Visa Checkout before choosing a card, so you have not been charged.';
const DECLINED = 'Your payment was unsuccessful. Please speak to your bank or use a different payment method.';

async function chooseVisaCheckout(page: Page) {
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  const radio = payment(page).getByRole('radio', { name: 'Visa Checkout' });
  await expect(radio).toBeVisible({ timeout: 15_000 });
  await radio.check();
  await agreeToImmediateSupply(page);
  return payment(page).getByRole('button', { name: 'Continue to Visa Checkout' });
}

/** Opens Visa's lightbox from our button: Visa's overlay dialog, framing the sandbox's lightbox page. */
async function openLightbox(page: Page) {
  await payment(page).getByRole('button', { name: 'Continue to Visa Checkout' }).click();
  await expect(page.getByRole('dialog', { name: 'Visa Checkout' })).toBeVisible();
  const lightbox = page.frameLocator('iframe[title="Visa Checkout"]');
  await expect(lightbox.getByRole('heading', { name: 'Visa Checkout' })).toBeVisible({ timeout: 15_000 });
  return lightbox;
}

const ordersOf = async (page: Page) => (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as { status: string }[];

test('a card chosen in the Visa Checkout lightbox pays the order, asked for the basket total in its currency', async ({ page }) => {
  await chooseVisaCheckout(page);
  await expectNoSeriousAxeViolations(page);
  const tokenized = page.waitForRequest((request) => request.url().endsWith('/client_api/v1/payment_methods/visa_checkout_cards'));
  const lightbox = await openLightbox(page);
  // The lightbox was opened with the gateway's init options and the amount to pay (spec 3 §5).
  const frame = page.frames().find((candidate) => candidate.url().includes('/visa-checkout/lightbox'));
  const asked = new URL(frame?.url() ?? 'about:blank');
  expect(asked.searchParams.get('currencyCode')).toBe('GBP');
  expect(Number(asked.searchParams.get('total'))).toBeGreaterThan(0);
  await expect(lightbox.getByText(`Pay ${asked.searchParams.get('total')} GBP`)).toBeVisible();
  // The lightbox takes the focus, on the wallet's first card.
  await expect(lightbox.getByRole('radio', { name: 'Visa ending in 1111' })).toBeFocused();
  await lightbox.getByRole('radio', { name: 'Mastercard ending in 4444' }).check();
  await lightbox.getByRole('button', { name: 'Continue with this card' }).click();
  // The module sends Visa's call id and encrypted data (spec 3 §5: callid, encKey, encPaymentData).
  const sent = (await tokenized).postDataJSON().visaCheckoutCard;
  expect(sent).toEqual({ callId: expect.stringMatching(/^vco-/), encryptedKey: expect.any(String), encryptedPaymentData: expect.any(String) });
  await expectConfirmation(page);
  expect((await ordersOf(page)).map((order) => order.status)).toEqual(['paid']);
});

test('cancelled in the lightbox: its words, nothing ordered, focus back on the button; at 320 px Escape cancels too', async ({ page }) => {
  const button = await chooseVisaCheckout(page);
  const lightbox = await openLightbox(page);
  await lightbox.getByRole('button', { name: 'Cancel and return to the shop' }).click();
  await expect(page.getByText(CANCELED)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Visa Checkout' })).toHaveCount(0);
  await expect(button).toBeFocused();
  expect(await ordersOf(page)).toEqual([]);

  // At a phone's width the lightbox fits the screen, and axe finds nothing serious with it open (its frame included).
  await page.setViewportSize({ width: 320, height: 640 });
  const again = await openLightbox(page);
  await expect(again.getByRole('radio', { name: 'Visa ending in 1111' })).toBeFocused();
  const box = await page.locator('iframe[title="Visa Checkout"]').boundingBox();
  expect(box?.width).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoSeriousAxeViolations(page);
  await again.getByRole('radio', { name: 'Visa ending in 1111' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Visa Checkout' })).toHaveCount(0);
  await expect(page.getByText(CANCELED)).toBeVisible();
  expect(await ordersOf(page)).toEqual([]);
});

test("a wallet card the bank declines: the decline's words, no charge, and another card pays", async ({ page }) => {
  const button = await chooseVisaCheckout(page);
  const lightbox = await openLightbox(page);
  await lightbox.getByRole('radio', { name: /Visa ending in 0010/ }).check();
  await lightbox.getByRole('button', { name: 'Continue with this card' }).click();
  await expect(page.getByText(DECLINED)).toBeVisible({ timeout: 15_000 });
  await expect(button).not.toHaveAttribute('aria-busy', 'true');
  expect((await ordersOf(page)).filter((order) => order.status === 'paid')).toEqual([]);

  const retry = await openLightbox(page);
  await retry.getByRole('button', { name: 'Continue with this card' }).click();
  await expectConfirmation(page);
});
