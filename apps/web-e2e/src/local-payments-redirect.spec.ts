import { expectNoSeriousAxeViolations } from './support';
import { BLIK_STORE, chooseLocalMethod, expect, orderNumberOn, orderOf, shopperBilledIn, startedPaymentId, startLocalPaymentCall, test } from './local-payments';

// BLIK by redirect (spec 3 §2, §4): on a phone-sized screen the provider's page opens in the same
// tab, which comes back to the store's return page with btLpToken, btLpPaymentId and btLpPayerId
// (or wasCanceled); the return page tokenizes with the real braintree-web module and places the
// order the checkout reserved, or ends it and goes back to the payment step with the reason.

test.use({ viewport: { width: 360, height: 780 } });
test.describe.configure({ timeout: 90_000 });

const CANCELLED = 'You cancelled the payment, so you have not been charged. You can try again or choose another way to pay.';

test('at 360 px: BLIK in this tab, approved, back at the store the order is paid', async ({ page }) => {
  expect((await shopperBilledIn(page, BLIK_STORE)).gateway).toBe('braintree');
  const section = await chooseLocalMethod(page, BLIK_STORE);
  await expectNoSeriousAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const started = startLocalPaymentCall(page);
  await section.getByRole('button', { name: 'Continue to BLIK in this tab' }).click();
  const paymentId = startedPaymentId(await started);
  await expect(page.getByRole('heading', { name: 'BLIK payment' })).toBeVisible({ timeout: 20_000 });
  expect(page.url()).toContain(`/__sandbox/lpm/${paymentId}`);
  await page.getByLabel('BLIK code').fill('123456');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page).toHaveURL(/\/en-pl\/order\/AFS-\d{8}\/$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 30_000 });
  expect((await orderOf(page.request, await orderNumberOn(page))).status).toBe('paid');
  await expectNoSeriousAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('at 360 px: BLIK in this tab, cancelled, back at the payment step with the reason and nothing charged', async ({ page }) => {
  expect((await shopperBilledIn(page, BLIK_STORE)).gateway).toBe('braintree');
  const section = await chooseLocalMethod(page, BLIK_STORE);
  await section.getByRole('button', { name: 'Continue to BLIK in this tab' }).click();
  await expect(page.getByRole('heading', { name: 'BLIK payment' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/en-pl\/checkout\/$/, { timeout: 30_000 });
  await expect(page.getByText(CANCELLED)).toBeVisible();
  const orders = (await (await page.request.get('/data/orders/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()).data.orders;
  expect(orders).toEqual([expect.objectContaining({ status: 'failed' })]);
  await expect(page.locator('section[data-section="payment-details"]').getByRole('radio', { name: 'BLIK', exact: true })).toBeVisible({ timeout: 20_000 });
});

test('the return page opened without a payment kept in the tab says where the order is', async ({ page }) => {
  expect((await shopperBilledIn(page, BLIK_STORE)).gateway).toBe('braintree');
  await page.goto('/en-pl/checkout/local-payment/?btLpToken=EC-1&btLpPaymentId=PAY-1&btLpPayerId=P');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not finish this payment here' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/en-pl/account/orders/');
  await expectNoSeriousAxeViolations(page);
});
