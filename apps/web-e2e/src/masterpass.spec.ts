import type { Page } from '@playwright/test';
import { configuredPort, configuredSandboxPort } from '../playwright.config';
import { agreeToImmediateSupply, expectConfirmation, shopperAtPayment } from './card-gateway';
// Its routing lets the browser follow the wallet page's 303 back to the module's redirect frame itself.
import { expect, test } from './local-payments';
import { expectNoSeriousAxeViolations, XHR } from './support';
import { openProviderPopup } from './provider-popup';

// Masterpass (spec 3 §3, §5, §8) through braintree-web's own masterpass module, against the card
// sandbox's stand-in for the retired wallet. Masterpass is off by default (Mastercard moved it to
// Click to Pay), so these run against the second store, which switches it on (BRAINTREE_MASTERPASS).

test.describe.configure({ timeout: 60_000 });
test.use({ baseURL: `http://127.0.0.1:${configuredPort}`, sandboxUrl: `http://127.0.0.1:${configuredSandboxPort}` });

const payment = (page: Page) => page.locator('section[data-section="payment-details"]');
const CANCELED = 'You closed Masterpass before choosing a card, so you have not been charged.';
const DECLINED = 'Your payment was unsuccessful. Please speak to your bank or use a different payment method.';

async function chooseMasterpass(page: Page) {
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  const radio = payment(page).getByRole('radio', { name: 'Masterpass' });
  await expect(radio).toBeVisible({ timeout: 15_000 });
  await radio.check();
  await agreeToImmediateSupply(page);
  return payment(page).getByTestId('masterpass-payment');
}

/** Opens Masterpass's window from our button: the module's own popup, on the sandbox's wallet page. */
const openWallet = (page: Page) =>
  openProviderPopup(page, { setUpCall: 'masterpass/request_token', opener: page.getByRole('button', { name: 'Continue to Masterpass' }), loading: 'Loading Masterpass…', heading: 'Masterpass' });

const ordersOf = async (page: Page) => (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as { status: string }[];

test('a card chosen in the Masterpass window pays the order, asked for the basket total in its currency', async ({ page }) => {
  await chooseMasterpass(page);
  await expectNoSeriousAxeViolations(page);
  const asked = page.waitForRequest((request) => request.url().endsWith('/client_api/v1/masterpass/request_token'));
  const popup = await openWallet(page);
  const requestToken = (await asked).postDataJSON().requestToken;
  // The module asks for the amount to pay and its currency (spec 3 §3), as the page shows them.
  expect(requestToken.currencyCode).toBe('GBP');
  await expect(popup.getByText(`Pay ${requestToken.subtotal} GBP`)).toBeVisible();
  expect(Number(requestToken.subtotal)).toBeGreaterThan(0);
  // The module's own window size (spec 3 §2: 450x660).
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([450, 660]);
  await popup.getByRole('radio', { name: 'Visa ending in 1111' }).check();
  await popup.getByRole('button', { name: 'Continue with this card' }).click();
  await expectConfirmation(page);
  await expect.poll(() => popup.isClosed()).toBe(true);
  expect((await ordersOf(page)).map((order) => order.status)).toEqual(['paid']);
});

test('cancelled in the Masterpass window: its words, nothing ordered, and Masterpass can be opened again', async ({ page }) => {
  await chooseMasterpass(page);
  const popup = await openWallet(page);
  await popup.getByRole('button', { name: 'Cancel and return to the shop' }).click();
  await expect(page.getByText(CANCELED)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => popup.isClosed()).toBe(true);
  const button = page.getByRole('button', { name: 'Continue to Masterpass' });
  await expect(button).not.toHaveAttribute('aria-busy', 'true');
  expect(await ordersOf(page)).toEqual([]);

  // Closing the window itself reads the same; the module lets a new attempt start at once.
  const again = await openWallet(page);
  await again.close();
  await expect(page.getByText(CANCELED)).toBeVisible({ timeout: 15_000 });
  expect(await ordersOf(page)).toEqual([]);
});

test("a wallet card the bank declines: the decline's words, no charge, and another card pays", async ({ page }) => {
  const section = await chooseMasterpass(page);
  const popup = await openWallet(page);
  await popup.getByRole('radio', { name: /Mastercard ending in 0008/ }).check();
  await popup.getByRole('button', { name: 'Continue with this card' }).click();
  await expect(page.getByText(DECLINED)).toBeVisible({ timeout: 15_000 });
  await expect(section.getByRole('button', { name: 'Continue to Masterpass' })).not.toHaveAttribute('aria-busy', 'true');
  expect((await ordersOf(page)).filter((order) => order.status === 'paid')).toEqual([]);

  const retry = await openWallet(page);
  await retry.getByRole('button', { name: 'Continue with this card' }).click();
  await expectConfirmation(page);
});
