import { expect, test } from '@playwright/test';
import { ANALYTICS_TAG } from '../playwright.config';
import { addToBasket, createAccount, fillBillingAddress } from './support';

// Runs against the second store of playwright.config.ts: PAYMENT_GATEWAY_RULES=FR=digital-river,GBP=braintree,EUR=braintree,US=braintree
// (no gateway for dollars billed outside the US) and an analytics tag.

test('no gateway for a dollar order: the payment-unavailable notice names the app stores', async ({ page }) => {
  await createAccount(page.request, { type: 'business', country: 'CA' });
  await addToBasket(page.request, 'en-us', ['publisher-2']);
  await page.goto('/en-us/checkout/');
  const form = page.getByRole('form', { name: 'Billing address' });
  await fillBillingAddress(form, { line1: '100 Queen Street West', city: 'Toronto', postalCode: 'M5H 2N2' });
  await form.getByLabel('Province/Territory').selectOption('ON');
  await form.getByRole('button', { name: 'Continue' }).click();
  const notice = page.locator('section[data-section="payment-details"]').getByTestId('gateway-unavailable');
  await expect(notice).toContainText('Sorry, the store cannot take payments for this order at the moment.');
  await expect(notice).toContainText('App Store');
  await expect(page.locator('section[data-section="tax-exemption"]')).toHaveCount(0);
});

test('the analytics tag is appended to the head and runs only after consent', async ({ page }) => {
  let served = 0;
  await page.route(ANALYTICS_TAG, (route) => {
    served += 1;
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__analyticsTagRan = true;' });
  });
  await page.goto('/en-gb/');
  await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.locator(`head script[src="${ANALYTICS_TAG}"]`).count()).toBe(0);
  expect(served).toBe(0);

  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accept all' }).click();
  await expect(page.locator(`head script[src="${ANALYTICS_TAG}"]`)).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __analyticsTagRan?: boolean }).__analyticsTagRan)).toBe(true);

  // On the next visit the saved consent loads it straight away.
  await page.reload();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __analyticsTagRan?: boolean }).__analyticsTagRan)).toBe(true);
  expect(served).toBe(2);
});
