import type { Page } from '@playwright/test';
import { expect, shopperAtPayment, test } from './card-gateway';
import { createAccount, expectNoSeriousAxeViolations, XHR } from './support';

// PayPal's vault flow (spec 3): 'Add a PayPal account' in account details saves the account without
// paying, through the real braintree-web PayPal module and the sandbox's PayPal JS SDK stand-in; the
// store vaults the approved account, and a later order pays with it without opening PayPal.

const savedPayPal = async (page: Page) => (await (await page.request.get('/data/account/saved-paypal/', { headers: XHR })).json()).data.saved_paypal_account;

async function openPayPalFromAccount(page: Page) {
  await page.goto('/en-gb/account/details/');
  const section = page.getByRole('region', { name: 'Saved PayPal account' });
  await expect(section.getByText('You have no saved PayPal account.', { exact: false })).toBeVisible();
  await section.getByRole('button', { name: 'Add a PayPal account' }).click();
  const payPal = section.getByTestId('paypal-vault-button').getByRole('button', { name: 'PayPal', exact: true });
  await expect(payPal).toBeVisible({ timeout: 15_000 });
  await payPal.click();
  const approval = page.getByRole('dialog', { name: 'PayPal sandbox approval' });
  // The vault flow asks for the agreement only: PayPal's page names future charges, and no amount.
  await expect(approval).toContainText('Let Affinity Store charge your PayPal account for future purchases.');
  return { section, approval };
}

test('PayPal vault flow: saved without paying, then a later order pays with it without a PayPal window', async ({ page }) => {
  await createAccount(page.request, { firstName: 'Vera', lastName: 'Vault' });
  const { section, approval } = await openPayPalFromAccount(page);
  await approval.getByRole('button', { name: 'Approve payment' }).click();
  await expect(section.getByTestId('account-saved-paypal')).toHaveText('PayPal, sandbox-buyer@example.com');
  await expect(section.getByRole('heading', { name: 'Saved PayPal account' })).toBeFocused();
  await expect(section.getByRole('status').filter({ hasText: 'Your PayPal account sandbox-buyer@example.com has been saved.' })).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
  expect(await savedPayPal(page)).toEqual({ email: 'sandbox-buyer@example.com', usable: true });
  // Nothing was paid: the customer has no order.
  expect((await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders).toEqual([]);

  await shopperAtPayment(page, { signedIn: true });
  await page.goto('/en-gb/checkout/');
  const payment = page.locator('section[data-section="payment-details"]');
  const radio = payment.getByRole('radio', { name: 'PayPal' });
  await expect(radio).toBeVisible({ timeout: 15_000 });
  await radio.check();
  const box = payment.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await box.check();
  await expect(payment.getByTestId('saved-paypal')).toContainText('Saved PayPal account: sandbox-buyer@example.com');
  await payment.getByRole('button', { name: 'Pay with saved PayPal account' }).click();
  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'PayPal sandbox approval' })).toHaveCount(0);
});

test('PayPal vault flow cancelled: nothing is saved, and the customer is told so', async ({ page }) => {
  await createAccount(page.request, { firstName: 'Vera', lastName: 'Vault' });
  const { section, approval } = await openPayPalFromAccount(page);
  await approval.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByText('You closed PayPal before agreeing, so nothing was saved and you have not been charged.')).toBeVisible();
  await expect(section.getByTestId('account-saved-paypal')).toHaveCount(0);
  expect(await savedPayPal(page)).toBeNull();
});
