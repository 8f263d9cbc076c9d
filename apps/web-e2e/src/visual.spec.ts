import { expect, test, type Page } from '@playwright/test';
import { addToBasket, XHR } from './support';


async function acceptCookies(page: Page) {
  await page.request.put('/cookie-allow-analytics/', { headers: XHR });
  await page.request.put('/cookie-settings-viewed/', { headers: XHR });
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 780 : 900 } });

    test('the store with the cookie notice', async ({ page }) => {
      await page.goto('/en-gb/');
      await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page).toHaveScreenshot(`store-cookie-notice-${width}.png`);
    });

    test('the full-screen menu', async ({ page }) => {
      await acceptCookies(page);
      await page.goto('/en-gb/');
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveAttribute('data-state', 'open');
      await expect(page).toHaveScreenshot(`menu-${width}.png`);
    });

    test('the checkout', async ({ page }) => {
      await acceptCookies(page);
      await addToBasket(page.request, 'en-gb', ['photo-2', 'universal-v2']);
      await page.goto('/en-gb/checkout/');
      await expect(page.getByTestId('basket-total')).toHaveText('£141.98');
      await expect(page).toHaveScreenshot(`checkout-${width}.png`, { fullPage: true });
    });
  });
}
