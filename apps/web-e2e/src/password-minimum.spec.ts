import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support';

// The page asks for the password minimum the server holds every password to (PASSWORD_MIN_LENGTH,
// given in the session): the spec's six with its words by default, here also a store asking for 8
// (the session answer is rewritten to say so; the API's own tests run a store set to 8).

async function accountForm(page: Page) {
  await page.goto('/en-gb/');
  await page.getByRole('article', { name: 'Affinity Photo 2', exact: true }).getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('link', { name: /Basket \([1-9]/ })).toBeVisible();
  await page.goto('/en-gb/checkout/');
  const account = page.locator('section[data-section="account"]');
  await account.getByRole('tab', { name: 'New customer' }).click();
  await account.getByLabel('Email address').fill(uniqueEmail('minimum'));
  await account.getByRole('button', { name: 'Continue' }).click();
  return page.getByRole('form', { name: 'Create your account' });
}

test("by default the page asks for the spec's six characters", async ({ page }) => {
  const form = await accountForm(page);
  await expect(form.getByText('At least six characters. Popular passwords are not allowed.')).toBeVisible();
  await form.getByLabel('Password').fill('abcde');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Your password must be at least six characters')).toBeVisible();
});

test('a store asking for 8 characters is followed by the page, hint and message', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/data/session/',
    async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = await response.json();
      if (body?.data) body.data.password_min_length = 8;
      return route.fulfill({ response, json: body });
    },
  );
  const form = await accountForm(page);
  await expect(form.getByText('At least 8 characters. Popular passwords are not allowed.')).toBeVisible();
  await form.getByLabel('Password').fill('abcdefg');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Your password must be at least 8 characters')).toBeVisible();
  await form.getByLabel('Password').fill('abcdefgh stays');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Your password must be at least 8 characters')).toHaveCount(0);
});
