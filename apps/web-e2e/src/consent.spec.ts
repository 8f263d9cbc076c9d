import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addToBasket, dataLayerEvents, expectNoSeriousAxeViolations } from './support';


async function consentCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  const value = (name: string) => cookies.find((cookie) => cookie.name === name)?.value ?? null;
  return { allow: value('afs_allow_analytics'), viewed: value('afs_manage_cookies_viewed') };
}

async function checkoutWithBasket(page: Page) {
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  await page.goto('/en-gb/checkout/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your order summary' })).toBeVisible();
}

test('without a choice nothing is sent: no dataLayer, no analytics scripts', async ({ page }) => {
  const scriptCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/cookie-analytics-scripts/')) scriptCalls.push(request.url());
  });
  await checkoutWithBasket(page);
  await expect(page.getByRole('region', { name: 'Cookies' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await dataLayerEvents(page)).toBeNull();
  expect(scriptCalls).toEqual([]);
});

test('Reject non-essential: analytics off after a reload, the notice gone, nothing sent', async ({ page, context }) => {
  await page.goto('/en-gb/');
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Reject non-essential' }).click();
  await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
  await expect.poll(() => consentCookies(context)).toEqual({ allow: 'false', viewed: 'true' });
  await checkoutWithBasket(page);
  await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(await dataLayerEvents(page)).toBeNull();
});

test('a choice is a data call like the others: the page is busy until the store has stored it', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/cookie-disallow-analytics/', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en-gb/');
  const notice = page.getByRole('region', { name: 'Cookies' });
  // The app's own bar (not the one drawn into the page, whose taps the page's script answers).
  await expect(page.locator('[data-store-drawn]')).toHaveCount(0);
  await expect(page.locator('body')).toHaveAttribute('data-readiness', 'READY');
  await notice.getByRole('button', { name: 'Reject non-essential' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-readiness', 'PROGRESS');
  await expect(page.locator('#main')).toHaveAttribute('aria-busy', 'true');
  await expect(notice).toBeVisible();
  release();
  await expect(notice).toHaveCount(0);
  await expect(page.locator('body')).toHaveAttribute('data-readiness', 'READY');
});

test('Accept all: analytics on after a reload, and the checkout sends view_cart with the basket', async ({ page, context }) => {
  await page.goto('/en-gb/');
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => consentCookies(context)).toEqual({ allow: 'true', viewed: 'true' });
  await checkoutWithBasket(page);
  await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
  await expect.poll(() => dataLayerEvents(page)).toEqual(['view_cart']);
  const ecommerce = await page.evaluate(() => (window.dataLayer as Array<{ event?: string; ecommerce?: unknown }>).find((entry) => entry.event === 'view_cart')?.ecommerce);
  expect(ecommerce).toEqual({
    currency: 'GBP',
    value: '41.99',
    coupon: null,
    items: [{ item_id: 'photo-2-macos', item_name: 'Affinity Photo 2', item_variant: 'macOS', price: '41.99', quantity: 1 }],
  });
});

test('Manage cookies with the keyboard alone: the switch and Save preference; later the footer reopens it', async ({ page, context }) => {
  await page.goto('/en-gb/');
  const notice = page.getByRole('region', { name: 'Cookies' });
  // The notice drawn into the page is inert until the app has started and drawn its own (focus()
  // does not wait for that, as a click does).
  await expect(notice).not.toHaveAttribute('inert');
  await notice.getByRole('button', { name: 'Manage cookies' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Manage cookies' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // Focus is inside the dialog and stays there.
  for (let index = 0; index < 8; index++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  // Escape closes without saving and gives focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(notice.getByRole('button', { name: 'Manage cookies' })).toBeFocused();
  expect((await consentCookies(context)).viewed).toBeNull();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const analytics = dialog.getByRole('switch', { name: 'Analytics cookies' });
  await analytics.focus();
  await page.keyboard.press('Space');
  await expect(analytics).toBeChecked();
  await dialog.getByRole('button', { name: 'Save preference' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  await expect.poll(() => consentCookies(context)).toEqual({ allow: 'true', viewed: 'true' });

  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(dialog.getByRole('switch', { name: 'Analytics cookies' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Reject non-essential' }).click();
  await expect.poll(() => consentCookies(context)).toEqual({ allow: 'false', viewed: 'true' });
});

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('a first-time visitor already sees the cookie notice, drawn by the page itself; a shopper who chose does not', async ({ page, context, baseURL }) => {
    await page.goto('/en-gb/checkout/');
    const notice = page.locator('section.cookie-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('We use essential cookies to run the store.');
    // Not to be used until the app takes it over: a click now would be lost.
    await expect(notice).toHaveAttribute('inert', '');

    await context.addCookies(['afs_allow_analytics', 'afs_manage_cookies_viewed'].map((name) => ({ name, value: name === 'afs_allow_analytics' ? 'false' : 'true', url: baseURL as string })));
    await page.goto('/en-gb/checkout/');
    await expect(page.locator('#root')).toBeEmpty();
  });
});
