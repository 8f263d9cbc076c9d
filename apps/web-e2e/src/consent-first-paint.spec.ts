import { expect, test, type BrowserContext, type Page } from '@playwright/test';

// The cookie notice is drawn into the page before the app starts; on a slow phone that start takes
// seconds. These tests tap it as a shopper would and reload at once: the choice must be kept.

async function consentCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  const value = (name: string) => cookies.find((cookie) => cookie.name === name)?.value ?? null;
  return { allow: value('afs_allow_analytics'), viewed: value('afs_manage_cookies_viewed') };
}

/** A phone: a 6x slower CPU and a network round trip of 150 ms (Chromium's DevTools protocol). */
async function phone(page: Page, { cpu = true } = {}) {
  const cdp = await page.context().newCDPSession(page);
  if (cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 });
}

/** A tap where the button is drawn, without waiting for it to be ready as Playwright's click does. */
async function tap(page: Page, name: string) {
  const button = page.locator('section.cookie-notice').getByText(name, { exact: true });
  // The drawn bar may be swapped for the app's identical one between finding it and measuring it.
  let box = await button.boundingBox();
  for (let tries = 0; !box && tries < 5; tries++) box = await button.boundingBox();
  if (!box) throw new Error(`no ${name} button on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('keeps Accept all tapped as soon as the notice is drawn on a 6x slower CPU, through an immediate reload', async ({ page, context }) => {
  await phone(page);
  await page.goto('/en-gb/', { waitUntil: 'commit' });
  const notice = page.locator('section.cookie-notice');
  await expect(notice).toBeVisible();
  await tap(page, 'Accept all');
  await expect(notice).toHaveCount(0, { timeout: 5000 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('section.cookie-notice')).toHaveCount(0);
  expect(await consentCookies(context)).toEqual({ allow: 'true', viewed: 'true' });
  // The page the server wrote after the reload says so too: analytics allowed.
  expect(JSON.parse((await page.locator('meta[name="store-consent"]').getAttribute('content')) ?? 'null')).toEqual({ analytics: true, viewed: true });
});

test('keeps Reject non-essential tapped before the app has started, through an immediate reload', async ({ page, context }) => {
  await phone(page);
  await page.goto('/en-gb/', { waitUntil: 'commit' });
  const notice = page.locator('section.cookie-notice');
  await expect(notice).toBeVisible();
  await tap(page, 'Reject non-essential');
  await expect(notice).toHaveCount(0, { timeout: 5000 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('section.cookie-notice')).toHaveCount(0);
  expect(await consentCookies(context)).toEqual({ allow: 'false', viewed: 'true' });
});

test('keeps Reject non-essential through a reload the moment the notice hides', async ({ page, context }) => {
  await phone(page, { cpu: false });
  await page.goto('/en-gb/');
  const notice = page.getByRole('region', { name: 'Cookies' });
  await notice.getByRole('button', { name: 'Reject non-essential' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('section.cookie-notice')).toHaveCount(0);
  expect(await consentCookies(context)).toEqual({ allow: 'false', viewed: 'true' });
});

test('keeps Save preference through a reload the moment the dialog closes', async ({ page, context }) => {
  await phone(page, { cpu: false });
  await page.goto('/en-gb/');
  const notice = page.getByRole('region', { name: 'Cookies' });
  await notice.getByRole('button', { name: 'Manage cookies' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage cookies' });
  await dialog.getByRole('switch', { name: 'Analytics cookies' }).check();
  await dialog.getByRole('button', { name: 'Save preference' }).click();
  await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('section.cookie-notice')).toHaveCount(0);
  expect(await consentCookies(context)).toEqual({ allow: 'true', viewed: 'true' });
});
