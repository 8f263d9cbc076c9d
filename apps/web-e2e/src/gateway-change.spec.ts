import type { Page } from '@playwright/test';
import { expect, shopperAtPayment, test } from './card-gateway';
import { addToBasket, createAccount, fillBillingAddress, XHR } from './support';

// Spec 2 §4: when billing moves the basket to the other gateway, the page reloads, so that one
// provider's scripts never share a page with the other's. The main store's rules: German billing
// addresses pay the merchant of record (Digital River), British ones the card gateway (Braintree).

const payment = (page: Page) => page.locator('section[data-section="payment-details"]');
const billing = (page: Page) => page.locator('section[data-section="billing-address"]');

/** What each provider's code looks like on the wire: our braintree-web chunks, or DigitalRiver.js. */
const BRAINTREE_CHUNK = /\/assets\/(client|hosted-fields|three-d-secure|data-collector|vault-manager)-[\w-]+\.js$/;
const DIGITAL_RIVER_SCRIPT = /\/v1\/DigitalRiver\.js(\?.*)?$/;

/** Every request the page makes, by the page (document) it was made from: 1 for the first, 2 after a reload. */
function requestsByPage(page: Page) {
  const pages: string[][] = [];
  page.on('request', (request) => {
    if (request.frame() !== page.mainFrame()) return;
    // A new document (not the router's own address changes, which keep the page).
    if (request.isNavigationRequest()) pages.push([]);
    pages.at(-1)?.push(request.url());
  });
  return pages;
}

/** What the page itself has loaded: its resource timings and its script tags. */
const loadedByPage = (page: Page) =>
  page.evaluate(() => [
    ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ...[...document.scripts].map((script) => script.src).filter(Boolean),
  ]);

/** A marker on this page's window: gone once the page has reloaded. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { firstPage: boolean }).firstPage = true));
const isFirstPage = (page: Page) => page.evaluate(() => (window as unknown as { firstPage?: boolean }).firstPage === true);

async function changeBillingTo(page: Page, country: 'DE' | 'GB') {
  await billing(page).getByRole('button', { name: 'Change billing address' }).click();
  const form = page.getByRole('form', { name: 'Billing address' });
  await form.getByLabel('Country').selectOption(country);
  if (country === 'DE') await fillBillingAddress(form, { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117' });
  else await fillBillingAddress(form, { line1: '1 Infinite Loop', city: 'Nottingham', postalCode: 'NG1 1AA' });
  await form.getByRole('button', { name: 'Continue' }).click();
}

async function expectDropInReady(page: Page) {
  await expect(payment(page)).toHaveAttribute('data-state', 'active', { timeout: 15_000 });
  await expect(page.locator('#mor-drop-in').getByRole('button', { name: 'Pay Now' })).toBeVisible({ timeout: 15_000 });
}

async function expectCardFormReady(page: Page) {
  await expect(payment(page)).toHaveAttribute('data-state', 'active', { timeout: 15_000 });
  await expect(payment(page).getByRole('group', { name: 'Choose your payment method' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeAttached();
}

test('billing that moves the basket from the card gateway to Digital River reloads the page, and only Digital River loads', async ({ page }) => {
  const requests = requestsByPage(page);
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  await expectCardFormReady(page);
  expect(requests).toHaveLength(1);
  expect(requests[0].some((url) => BRAINTREE_CHUNK.test(url))).toBe(true);
  await markPage(page);

  await changeBillingTo(page, 'DE');
  await expectDropInReady(page);
  expect(await isFirstPage(page)).toBe(false);
  await expect(page).toHaveURL(/\/en-gb\/checkout\/\?stage=billing$/);
  await expect(billing(page).getByTestId('billing-summary')).toContainText('Germany');

  // The first page never asked for Digital River; the new one asked for nothing of Braintree's.
  expect(requests).toHaveLength(2);
  expect(requests[0].filter((url) => DIGITAL_RIVER_SCRIPT.test(url))).toEqual([]);
  expect(requests[1].filter((url) => DIGITAL_RIVER_SCRIPT.test(url))).toHaveLength(1);
  expect(requests[1].filter((url) => BRAINTREE_CHUNK.test(url) || url.includes('braintreegateway.com'))).toEqual([]);
  const loaded = await loadedByPage(page);
  expect(loaded.filter((url) => DIGITAL_RIVER_SCRIPT.test(url)).length).toBeGreaterThan(0);
  expect(loaded.filter((url) => BRAINTREE_CHUNK.test(url) || url.includes('braintree'))).toEqual([]);
  await expect(page.locator('iframe[name^="braintree-hosted-field"]')).toHaveCount(0);
});

test('billing that moves the basket from Digital River to the card gateway reloads the page, and only the card gateway loads', async ({ page }) => {
  const requests = requestsByPage(page);
  await createAccount(page.request, { country: 'DE', firstName: 'Ada', lastName: 'Lovelace' });
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const basket = session.data.basket.reference as string;
  const billed = await page.request.post('/data/checkout/', {
    headers: XHR,
    form: { action: 'CREATE_CUSTOMER_INVOICE_ADDRESS', body: JSON.stringify({ basket_reference: basket, line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE' }) },
  });
  expect((await billed.json()).success).toBe(true);
  const decided = await page.request.post('/data/determine-gateway/', { headers: XHR, data: { basket_ref: basket } });
  expect((await decided.json()).data.gateway).toBe('digital-river');

  await page.goto('/en-gb/checkout/');
  await expectDropInReady(page);
  expect(requests[0].filter((url) => DIGITAL_RIVER_SCRIPT.test(url))).toHaveLength(1);
  await markPage(page);

  await changeBillingTo(page, 'GB');
  await expectCardFormReady(page);
  expect(await isFirstPage(page)).toBe(false);
  await expect(billing(page).getByTestId('billing-summary')).toContainText('United Kingdom');

  expect(requests).toHaveLength(2);
  expect(requests[0].filter((url) => BRAINTREE_CHUNK.test(url))).toEqual([]);
  expect(requests[1].filter((url) => BRAINTREE_CHUNK.test(url)).length).toBeGreaterThan(0);
  expect(requests[1].filter((url) => DIGITAL_RIVER_SCRIPT.test(url))).toEqual([]);
  const loaded = await loadedByPage(page);
  expect(loaded.filter((url) => /digitalriver/i.test(url))).toEqual([]);
  expect(await page.evaluate(() => 'DigitalRiver' in window)).toBe(false);
  await expect(page.locator('#mor-drop-in')).toHaveCount(0);
});

test('a billing change that keeps the gateway does not reload the page, and the card form is made afresh', async ({ page }) => {
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  await expectCardFormReady(page);
  await markPage(page);
  await billing(page).getByRole('button', { name: 'Change billing address' }).click();
  const form = page.getByRole('form', { name: 'Billing address' });
  await fillBillingAddress(form, { line1: '2 Infinite Loop', city: 'Leeds', postalCode: 'LS1 1AA' });
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(billing(page).getByTestId('billing-summary')).toContainText('2 Infinite Loop');
  await expectCardFormReady(page);
  await expect(payment(page).getByTestId('payment-methods-problem')).toHaveCount(0);
  await expect(payment(page).getByRole('button', { name: 'Pay with card' })).toBeEnabled();
  expect(await isFirstPage(page)).toBe(true);
});
