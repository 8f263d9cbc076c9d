import type { Page } from '@playwright/test';
import { chooseLocalMethod, expect, shopperBilledIn, test, VENMO_STORE, type LocalStore } from './local-payments';

// PayPal Credit (BRAINTREE_PAYPAL_CREDIT, off by default) beside PayPal's button: only for US billing
// in US dollars. The main e2e store sends dollars to the merchant of record, so this runs on the
// configured store, whose rules send US billing to the card gateway and which switches Credit on.

const US: LocalStore = { ...VENMO_STORE, method: 'PayPal' };
const GB: LocalStore = { locale: 'en-gb', country: 'GB', address: { line_1: '1 Infinite Loop', city: 'Nottingham', postal_code: 'NG1 1AA' }, method: 'PayPal' };

const approval = (page: Page) => page.getByRole('dialog', { name: 'PayPal sandbox approval' });


test('PayPal Credit: offered to US billing in dollars, approved, its financing comes back, and the order is paid', async ({ page, sandboxUrl }) => {
  expect((await shopperBilledIn(page, US)).gateway).toBe('braintree');
  const section = await chooseLocalMethod(page, US);
  const credit = section.getByRole('button', { name: 'PayPal Credit', exact: true });
  await expect(credit).toBeVisible();
  await expect(section.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();

  const created = page.waitForRequest((request) => request.url().includes('/paypal_hermes/create_payment_resource'));
  await credit.click();
  // braintree-web's offerCredit reaches PayPal as offerPaypalCredit.
  expect((await created).postDataJSON()).toMatchObject({ offerPaypalCredit: true, currencyIsoCode: 'USD' });
  await expect(approval(page)).toContainText('PayPal Credit: 0% interest for 4 months.');
  const tokenized = page.waitForResponse((response) => response.url().includes('/payment_methods/paypal_accounts') && response.request().method() === 'POST');
  await approval(page).getByRole('button', { name: 'Approve payment' }).click();
  const account = (await (await tokenized).json()).paypalAccounts[0];
  const amount = account.details.creditFinancingOffered.totalCost.value as string;
  expect(account.details.creditFinancingOffered).toMatchObject({ term: 4, totalCost: { currency: 'USD' }, totalInterest: { value: '0.00' }, payerAcceptance: true });

  await expect(page).toHaveURL(/\/en-us\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  const orderNumber = (await page.getByTestId('order-number').textContent()) as string;
  const sales = (await (await page.request.get(`${sandboxUrl}/__sandbox/transactions`)).json()) as { orderId: string | null; amount: string }[];
  expect(sales.find((sale) => sale.orderId?.startsWith(orderNumber))).toMatchObject({ amount });
});

test('PayPal Credit is not shown to UK billing, where Pay Later still is', async ({ page }) => {
  expect((await shopperBilledIn(page, GB)).gateway).toBe('braintree');
  const section = await chooseLocalMethod(page, GB);
  await expect(section.getByRole('button', { name: 'Pay Later', exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'PayPal Credit', exact: true })).toHaveCount(0);
});
