import type { Page } from '@playwright/test';
import { expect, shopperAtPayment, test } from './card-gateway';
import { NO_SAVED_METHODS, savedMethodItem, savedMethodsOf, savedMethodsSection } from './saved-methods';
import { createAccount, expectNoSeriousAxeViolations, XHR } from './support';
import { SAVED_METHODS_OPTION, savedMethod } from './checkout-saved-methods';

// PayPal's vault flow (spec 3): 'Add a PayPal account' in account details saves the account without
// paying, through the real braintree-web PayPal module and the sandbox's PayPal JS SDK stand-in; the
// store vaults the approved account, adding it to the saved payment methods, and a later order pays
// with it without opening PayPal.

/** The saved PayPal accounts, as the store lists them. */
const savedPayPal = async (page: Page) =>
  (await savedMethodsOf(page)).saved_methods.filter((method) => method.kind === 'paypal').map(({ account_name, state }) => ({ account_name, state }));

async function openPayPalFromAccount(page: Page) {
  await page.goto('/en-gb/account/details/');
  const section = savedMethodsSection(page);
  await expect(section.getByText(NO_SAVED_METHODS, { exact: false })).toBeVisible();
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
  // Listed (the only one, so the default), and the focus is on it.
  const added = savedMethodItem(page, 'PayPal sandbox-buyer@example.com');
  await expect(added).toBeFocused();
  await expect(added.getByText('Default', { exact: true })).toBeVisible();
  await expect(section.getByRole('status').filter({ hasText: 'PayPal sandbox-buyer@example.com has been saved.' })).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
  expect(await savedPayPal(page)).toEqual([{ account_name: 'sandbox-buyer@example.com', state: 'usable' }]);
  // Nothing was paid: the customer has no order.
  expect((await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders).toEqual([]);

  // The checkout opens on the saved methods, the account chosen as the default.
  await shopperAtPayment(page, { signedIn: true });
  await page.goto('/en-gb/checkout/');
  const payment = page.locator('section[data-section="payment-details"]');
  await expect(payment.getByRole('radio', { name: SAVED_METHODS_OPTION })).toBeChecked({ timeout: 15_000 });
  await expect(savedMethod(payment, 'PayPal sandbox-buyer@example.com (default)')).toBeChecked();
  const box = payment.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await box.check();
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
  await expect(section.getByRole('listitem')).toHaveCount(0);
  await expect(section.getByText(NO_SAVED_METHODS, { exact: false })).toBeVisible();
  expect(await savedPayPal(page)).toEqual([]);
});
