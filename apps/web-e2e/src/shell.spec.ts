import { expect, test, type Page } from '@playwright/test';
import { createAccount as createAccountThroughApi, expectNoSeriousAxeViolations, PASSWORD, uniqueEmail, XHR } from './support';

/** A new account; signed in on this page's browser, or signed out again. */
async function createAccount(page: Page, signedIn: boolean) {
  const email = await createAccountThroughApi(page.request, { email: uniqueEmail('shell') });
  if (!signedIn) await page.request.delete('/data/session/', { headers: XHR });
  return email;
}

test("a visitor's account button goes to sign-in with the way back; a visitor opening order history signs in and comes back", async ({ page }) => {
  const email = await createAccount(page, false);
  await page.goto('/en-gb/checkout/');
  await expect(page.getByRole('link', { name: 'Sign in to your account' })).toHaveAttribute('href', '/en-gb/sign-in/?redirect=%2Fen-gb%2Fcheckout%2F');

  await page.goto('/en-gb/account/orders/');
  await expect(page).toHaveURL(/\/en-gb\/sign-in\/\?redirect=%2Fen-gb%2Faccount%2Forders%2F$/);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en-gb\/account\/orders\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeFocused();
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("a customer's account menu links, each page of the account area, and sign-out with the way back", async ({ page }) => {
  await createAccount(page, true);
  await page.goto('/en-gb/');
  const account = page.getByRole('button', { name: /^Account/ });
  await account.click();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  const links = page.locator('.account-menu__list a');
  expect(await links.evaluateAll((nodes) => nodes.map((node) => [node.textContent, node.getAttribute('href')]))).toEqual([
    ['Account', '/en-gb/account/'],
    ['Order history', '/en-gb/account/orders/'],
    ['Licences and downloads', '/en-gb/account/licences/'],
    ['Downloads and product keys', '/en-gb/account/downloads/'],
    ['Account details', '/en-gb/account/details/'],
    ['Help', '/en-gb/help/'],
    ['Sign out', '/en-gb/sign-out/?redirect=%2Fen-gb%2F'],
  ]);
  await page.keyboard.press('Escape');
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  await expect(account).toBeFocused();

  for (const [path, heading] of [
    ['/en-gb/account/', 'Hello, Grace'],
    ['/en-gb/account/licences/', 'Licences and downloads'],
    ['/en-gb/account/downloads/', 'Downloads and product keys'],
    ['/en-gb/account/details/', 'Account details'],
    ['/en-gb/help/', 'Help'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
  await page.goto('/en-gb/help/#sales-tax-exemption');
  await expect(page.locator('#sales-tax-exemption')).toBeFocused();

  await page.goto('/en-gb/checkout/');
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.locator('.account-menu__list').getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en-gb\/checkout\/$/);
  await expect(page.getByRole('link', { name: 'Sign in to your account' })).toBeVisible();
});

test('the full-screen menu with the keyboard: opens, keeps focus inside, closes on Escape and on a link to this page, and gives focus back', async ({ page }) => {
  await page.goto('/en-gb/');
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toHaveAttribute('data-state', 'open');
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  for (let index = 0; index < 9; index++) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  const external = menu.getByRole('link', { name: /Affinity by Serif/ });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');

  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // A link to the page already shown just closes the menu.
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('data-state', 'open');
  await menu.getByRole('link', { name: 'Store' }).focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(page).toHaveURL(/\/en-gb\/$/);

  // Another link navigates and closes it.
  await menuButton.click();
  await menu.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/en-gb\/help\/$/);
  await expect(menu).toHaveCount(0);
});

test('a customer changes their password in account details and signs in again with it', async ({ page }) => {
  const email = await createAccount(page, true);
  await page.goto('/en-gb/account/details/');
  const form = page.getByRole('form', { name: 'Change your password' });
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm new password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The new value matches the previous one')).toBeVisible();
  const next = 'a brand new passphrase 2026';
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Confirm new password').fill(next);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/en-gb\/sign-in\//);
  await expect(page.getByText('Your password has been changed. Please sign in with your new password.')).toBeVisible();
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email address').fill(email);
  await signIn.getByLabel('Password').fill(next);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account details' })).toBeVisible();
});

test('axe finds nothing serious on the sign-in, password reset, two-step verification and not-found pages', async ({ page }) => {
  for (const [path, heading] of [
    ['/en-gb/sign-in/', 'Sign in'],
    ['/en-gb/reset-password/', /password/i],
    ['/en-gb/account/security/', /two-step|verification|security/i],
    ['/en-gb/no-such-page/', /not found|could not find/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
});

test('with consent, signing in sends the login event', async ({ page }) => {
  const email = await createAccount(page, false);
  await page.request.put('/cookie-allow-analytics/', { headers: XHR });
  await page.request.put('/cookie-settings-viewed/', { headers: XHR });
  await page.goto('/en-gb/sign-in/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en-gb\/$/);
  const events = await page.evaluate(() => (window.dataLayer as Array<{ event?: string }> | undefined)?.filter((entry) => entry.event).map((entry) => entry.event));
  expect(events).toEqual(['login']);
});
