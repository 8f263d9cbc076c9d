import type { Locator, Page } from '@playwright/test';
import { configuredPort, configuredSandboxPort } from '../playwright.config';
import { paymentSection } from './card-gateway';
// Its routing lets the browser follow PayPal's page's 303 back to the module's redirect frame itself.
import { chooseLocalMethod, expect, MB_WAY_STORE, shopperBilledIn, test, type LocalStore } from './local-payments';
import { expectNoSeriousAxeViolations, XHR } from './support';
import { openProviderPopup } from './provider-popup';

// PayPal through braintree-web's classic paypal module (deprecated for paypal-checkout; off by
// default), in its own popup on the sandbox's PayPal page. These run against the second store,
// which switches it on for euro baskets (BRAINTREE_PAYPAL_CLASSIC, BRAINTREE_PAYPAL_CLASSIC_CURRENCIES=EUR).

test.use({ baseURL: `http://127.0.0.1:${configuredPort}`, sandboxUrl: `http://127.0.0.1:${configuredSandboxPort}` });

const ordersOf = async (page: Page) => (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as { status: string }[];

/** A euro basket billed to Portugal, which this store's card gateway takes. */
const EURO_PAYPAL: LocalStore = { ...MB_WAY_STORE, method: 'PayPal' };

async function choosePayPal(page: Page) {
  expect((await shopperBilledIn(page, EURO_PAYPAL)).gateway).toBe('braintree');
  await chooseLocalMethod(page, EURO_PAYPAL);
  const button = paymentSection(page).getByTestId('paypal-classic-button').getByRole('button', { name: 'Pay with PayPal' });
  await expect(button).toBeVisible();
  // The module's checkout has no billing agreement: saving the account is not offered with it.
  await expect(paymentSection(page).getByRole('checkbox', { name: 'Save this PayPal account for next time' })).toHaveCount(0);
  return button;
}

/** Opens the module's popup from our button, on the sandbox's PayPal page. */
const openPayPal = (page: Page, button: Locator) =>
  openProviderPopup(page, { setUpCall: 'paypal_hermes/create_payment_resource', opener: button, loading: 'Loading PayPal…', heading: 'Pay with PayPal' });

test("paid in the classic module's PayPal window: the order is placed", async ({ page }) => {
  const button = await choosePayPal(page);
  await expectNoSeriousAxeViolations(page);
  const asked = page.waitForRequest((request) => request.url().endsWith('/client_api/v1/paypal_hermes/create_payment_resource'));
  const popup = await openPayPal(page, button);
  // The module asks for the basket's total in its currency, and returns to its own frames.
  const resource = (await asked).postDataJSON();
  expect(resource).toMatchObject({ currencyIsoCode: 'EUR', intent: 'sale' });
  expect(resource.returnUrl).toMatch(/^https:\/\/checkout\.paypal\.com\/web\/3\.124\.0\/html\/redirect-frame\.min\.html\?channel=/);
  await expect(popup.getByText(`Pay ${resource.amount} EUR`)).toBeVisible();
  await popup.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/en-eu\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect.poll(() => popup.isClosed()).toBe(true);
  expect((await ordersOf(page)).map((order) => order.status)).toEqual(['paid']);
});

test('the PayPal window closed: its words, nothing ordered, and PayPal can be opened again', async ({ page }) => {
  const button = await choosePayPal(page);
  const popup = await openPayPal(page, button);
  await popup.close();
  await expect(page.getByText('The payment was cancelled on PayPal.')).toBeVisible();
  await expect(button).toBeFocused();
  expect(await ordersOf(page)).toEqual([]);
  // Opened again, the window works as before.
  const again = await openPayPal(page, button);
  await again.getByRole('button', { name: 'Cancel and return to the shop' }).click();
  await expect.poll(() => again.isClosed()).toBe(true);
  expect(await ordersOf(page)).toEqual([]);
});
