import type { Page } from '@playwright/test';
import { agreeToImmediateSupply, expect, shopperAtPayment, test } from './card-gateway';
import { SAVED_METHODS_OPTION, savedMethod } from './checkout-saved-methods';
import { NO_SAVED_METHODS, savedMethodItem, savedMethodsOf, savedMethodsSection } from './saved-methods';
import { expectNoSeriousAxeViolations, XHR } from './support';

// Paying with the card gateway's wallets through the real braintree-web modules, against the
// sandbox's stand-ins for PayPal's JS SDK, Google's pay.js and (in Chromium, which has none) the
// ApplePaySession API; each payment ends on the order confirmation page.

const payment = (page: Page) => page.locator('section[data-section="payment-details"]');

async function chooseWallet(page: Page, name: 'PayPal' | 'Google Pay' | 'Apple Pay') {
  await page.goto('/en-gb/checkout/');
  const section = payment(page);
  const radio = section.getByRole('radio', { name });
  await expect(radio).toBeVisible({ timeout: 15_000 });
  await radio.check();
  const box = section.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  return section;
}

async function expectConfirmation(page: Page) {
  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
}

const paidOrders = async (page: Page) =>
  ((await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as Array<{ status: string }>).filter((order) => order.status === 'paid');

test('PayPal: approved in its window, the order is placed', async ({ page }) => {
  await shopperAtPayment(page);
  const section = await chooseWallet(page, 'PayPal');
  await expect(section.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await section.getByRole('button', { name: 'PayPal', exact: true }).click();
  const approval = page.getByRole('dialog', { name: 'PayPal sandbox approval' });
  await approval.getByRole('button', { name: 'Approve payment' }).click();
  await expectConfirmation(page);
});

test('the immediate-supply consent comes before the PayPal button, and PayPal without it is refused beside the box', async ({ page }) => {
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  const section = payment(page);
  const radio = section.getByRole('radio', { name: 'PayPal' });
  await expect(radio).toBeVisible({ timeout: 15_000 });
  await radio.check();
  const box = section.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  const button = section.getByRole('button', { name: 'PayPal', exact: true });
  await expect(button).toBeVisible();
  // In reading and tabbing order the box is met first.
  const boxFirst = await box.evaluate((element, other) => Boolean(element.compareDocumentPosition(other as Node) & Node.DOCUMENT_POSITION_FOLLOWING), await button.elementHandle());
  expect(boxFirst).toBe(true);
  await button.click();
  await expect(section.getByRole('alert').filter({ hasText: 'Please tick this box to confirm' })).toBeVisible();
  await expect(box).toBeFocused();
  await expect(page.getByRole('dialog', { name: 'PayPal sandbox approval' })).toHaveCount(0);
});

test('PayPal: cancelled in its window, the shopper is told and nothing is ordered', async ({ page }) => {
  await shopperAtPayment(page);
  const section = await chooseWallet(page, 'PayPal');
  await section.getByRole('button', { name: 'PayPal', exact: true }).click();
  await page.getByRole('dialog', { name: 'PayPal sandbox approval' }).getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByText('The payment was cancelled on PayPal.')).toBeVisible();
  expect(await paidOrders(page)).toEqual([]);
});

test('PayPal saved: checkout with a billing agreement saves the account, the next order pays with it, and it can be removed', async ({ page }) => {
  await shopperAtPayment(page);
  let section = await chooseWallet(page, 'PayPal');
  await expect(section.getByRole('radio', { name: SAVED_METHODS_OPTION })).toHaveCount(0);
  await section.getByRole('checkbox', { name: 'Save this PayPal account for next time' }).check();
  await section.getByRole('button', { name: 'PayPal', exact: true }).click();
  await page.getByRole('dialog', { name: 'PayPal sandbox approval' }).getByRole('button', { name: 'Approve payment' }).click();
  await expectConfirmation(page);
  const saved = (await savedMethodsOf(page)).saved_methods;
  expect(saved).toMatchObject([{ kind: 'paypal', account_name: 'sandbox-buyer@example.com', state: 'usable' }]);

  // The next order opens on the saved methods, the account chosen: paying takes no PayPal window.
  await shopperAtPayment(page, { signedIn: true, suites: ['publisher-2'] });
  await page.goto('/en-gb/checkout/');
  section = payment(page);
  await expect(section.getByRole('radio', { name: SAVED_METHODS_OPTION })).toBeChecked({ timeout: 15_000 });
  await expect(savedMethod(section, 'PayPal sandbox-buyer@example.com (default)')).toBeChecked();
  await agreeToImmediateSupply(page);
  await expectNoSeriousAxeViolations(page);
  await section.getByRole('button', { name: 'Pay with saved PayPal account' }).click();
  await expectConfirmation(page);
  expect(await paidOrders(page)).toHaveLength(2);

  // Removed in account details: gone from the gateway too, and no longer offered.
  await page.goto('/en-gb/account/details/');
  const account = savedMethodItem(page, 'PayPal sandbox-buyer@example.com');
  await account.getByRole('button', { name: 'Remove PayPal sandbox-buyer@example.com' }).click();
  await expect(savedMethodsSection(page).getByText(NO_SAVED_METHODS, { exact: false })).toBeVisible();
  await expect(savedMethodsSection(page).getByRole('heading', { name: 'Saved payment methods' })).toBeFocused();
  expect((await savedMethodsOf(page)).saved_methods).toEqual([]);
  await shopperAtPayment(page, { signedIn: true, suites: ['photo-workbook'] });
  section = await chooseWallet(page, 'PayPal');
  await expect(section.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  await expect(section.getByRole('radio', { name: SAVED_METHODS_OPTION })).toHaveCount(0);
});

test('Google Pay pays; its own cancel is quiet', async ({ page }) => {
  await shopperAtPayment(page);
  const section = await chooseWallet(page, 'Google Pay');
  await section.getByRole('button', { name: 'Google Pay', exact: true }).click();
  await page.getByRole('dialog', { name: 'Google Pay sandbox' }).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Google Pay sandbox' })).toHaveCount(0);
  await expect(page.getByText('The payment was cancelled.')).toHaveCount(0);

  await section.getByRole('button', { name: 'Google Pay', exact: true }).click();
  await page.getByRole('dialog', { name: 'Google Pay sandbox' }).getByRole('button', { name: 'Pay', exact: true }).click();
  await expectConfirmation(page);
});

test('Apple Pay (the browser API stood in for) pays', async ({ page, sandboxUrl }) => {
  // Chromium has no Apple Pay: the sandbox's ApplePaySession stand-in is put in the page first.
  const standIn = await (await page.request.get(`${sandboxUrl}/__sandbox/apple-pay-session.js`)).text();
  await page.addInitScript({ content: standIn });
  await shopperAtPayment(page);
  const section = await chooseWallet(page, 'Apple Pay');
  await section.getByRole('button', { name: 'Pay with Apple Pay' }).click();
  await page.getByRole('dialog', { name: 'Apple Pay sandbox' }).getByRole('button', { name: 'Pay', exact: true }).click();
  await expectConfirmation(page);
});

test('wallets follow the card: Apple Pay is not offered in a browser without it', async ({ page }) => {
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  const methods = payment(page).getByRole('group', { name: 'Choose your payment method' });
  await expect(methods.getByRole('radio', { name: 'Google Pay' })).toBeVisible({ timeout: 15_000 });
  const names = await methods.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.parentElement?.textContent?.trim()));
  expect(names).toEqual(['Credit/debit card', 'PayPal', 'Google Pay']);
  await expect(methods.getByRole('radio', { name: 'Credit/debit card' })).toBeChecked();
});
