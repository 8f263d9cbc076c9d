import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support';

test('a shopper adds a product and sees it in the checkout basket', async ({ page }) => {
  await page.goto('/en-gb/');
  const photo = page.getByRole('article', { name: 'Affinity Photo 2' });
  await expect(photo.getByText('£41.99')).toBeVisible();
  await photo.getByLabel('Platform').selectOption('windows');
  await photo.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Affinity Photo 2 for Windows added to your basket' })).toBeAttached();
  await expect(page.getByRole('link', { name: /Basket \(1\)/ })).toBeVisible();

  await page.getByRole('link', { name: /Basket/ }).click();
  await expect(page).toHaveURL(/\/en-gb\/checkout\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order summary' })).toBeFocused();
  const lines = page.getByRole('list', { name: 'Products in your basket' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Affinity Photo 2');
  await expect(lines.first()).toContainText('Windows');
  await expect(page.getByText('Total (including tax)')).toBeVisible();
  await expect(page.getByTestId('basket-total')).toHaveText('£41.99');

  const sections = page.locator('section[data-section]');
  // The sales tax exemption section shows only when it applies (spec 2 §4): a US organisation after billing.
  await expect(sections).toHaveCount(6);
  expect(await sections.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section')))).toEqual([
    'basket',
    'account',
    'account-details',
    'billing-address',
    'payment-details',
    'place-order',
  ]);
  await expectNoSeriousAxeViolations(page);

  // The basket survives a reload: it lives in Postgres, found again through the cookie.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Products in your basket' }).getByRole('listitem')).toHaveCount(1);
});

test('an empty basket says so', async ({ page }) => {
  await page.goto('/en-gb/checkout/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your basket is empty' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('an unknown locale is redirected to the default, keeping the page', async ({ page }) => {
  await page.goto('/zz-zz/checkout/');
  await expect(page).toHaveURL(/\/en-gb\/checkout\/$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/en-gb\/$/);
});

test('the store page shows every display rule of the demo catalogue', async ({ page }) => {
  await page.goto('/en-gb/');
  await expect(page.getByRole('article', { name: 'Brush Starter Pack' }).getByText('Free', { exact: true })).toBeVisible();
  const textures = page.getByRole('article', { name: 'Grunge Texture Pack' });
  await expect(textures.locator('.price__current')).toHaveText('now Free');
  await expect(textures.locator('s')).toHaveText('Was £14.99');
  await expect(page.getByRole('article', { name: 'Affinity Photo 3' })).toContainText('Pre-order. Available: 1 June 2027');
  await expect(page.getByRole('article', { name: 'The Affinity Photo Workbook' })).toContainText('Out of stock. Expected: 15 March 2027');
  await expect(page.getByRole('article', { name: 'Affinity V2 Universal Licence', exact: true })).toContainText('Includes');
  await expect(page.getByRole('article', { name: 'Affinity Designer 2 for iPad' }).getByLabel('Platform')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('a multi-user product starts at its minimum and US prices exclude tax', async ({ page }) => {
  await page.goto('/en-us/');
  const team = page.getByRole('article', { name: 'Affinity V2 Universal Licence for Teams' });
  await expect(team.getByText('excl. tax')).toBeVisible();
  await team.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('link', { name: /Basket \(5\)/ })).toBeVisible();
  await page.goto('/en-us/checkout/');
  await expect(page.getByLabel('Quantity of Affinity V2 Universal Licence for Teams')).toHaveValue('5');
  await expect(page.getByText('Subtotal (excluding tax)')).toBeVisible();
  await expect(page.getByTestId('basket-total')).toHaveText('$649.95');
});

test("the checkout's later sections arrive without the stylesheet being fetched again", async ({ page }) => {
  // The app's one stylesheet is written into the page; a lazily loaded part of the app that asked
  // for it again would download it and restyle the whole page after it had painted.
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || new URL(request.url()).pathname.endsWith('.css')) stylesheets.push(request.url());
  });
  await page.goto('/en-gb/');
  const photo = page.getByRole('article', { name: 'Affinity Photo 2' });
  await photo.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('link', { name: /Basket \(1\)/ })).toBeVisible();
  await page.getByRole('link', { name: /Basket/ }).click();
  // The account section's form comes with the journey's own chunk, after the basket has painted.
  await expect(page.locator('section[data-section="account"]').getByLabel('Email address')).toBeVisible();
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
  expect(stylesheets).toEqual([]);
});
