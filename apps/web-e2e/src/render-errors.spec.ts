import { expect, test, type Page, type Response } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { API_LOG_FILE } from '../playwright.config';
import { addToBasket, expectNoSeriousAxeViolations, uniqueEmail } from './support';

/**
 * Render errors (spec 2 §8: "a render error adds the generic code and is rethrown"). Nothing in the
 * store's code is switched on for these tests: the session the real API answers is altered on its
 * way to the page into a shape the page cannot draw, as a broken or half-deployed server would send.
 * A checkout section that cannot draw shows the generic message with its code in its own place while
 * the rest of the checkout goes on working; a page that cannot draw shows the store's error screen,
 * not the router's. Either way the error reaches the API's log and is rethrown to the window.
 */

const GENERIC = 'Something went wrong. Please try again.';
const SESSION = /\/data\/session\/?(\?.*)?$/;

type Session = { data?: { basket?: Record<string, unknown> & { lines?: Array<Record<string, unknown>> } } };

/** Alters every session answer while `active()` holds; the API itself is untouched. */
async function alterSession(page: Page, change: (session: Session) => void, active: () => boolean = () => true): Promise<void> {
  await page.route(SESSION, async (route) => {
    const response = await route.fetch();
    if (!active()) return route.fulfill({ response });
    const session = (await response.json()) as Session;
    change(session);
    return route.fulfill({ response, json: session });
  });
}

const reportSent = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/data/client-errors/') && response.request().method() === 'POST');

/** The API's log line for the report answered by `response` (matched by its request id), once written. */
async function loggedReport(response: Response): Promise<Record<string, unknown> | undefined> {
  const requestId = await response.headerValue('x-request-id');
  for (let wait = 0; wait < 50; wait++) {
    const lines = (existsSync(API_LOG_FILE) ? readFileSync(API_LOG_FILE, 'utf8') : '').split('\n').filter((line) => line.includes(requestId ?? '-'));
    const found = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'Client render error');
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/** The page's uncaught errors: the rethrown render errors land here. */
function uncaughtErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a basket line the page cannot draw fails the basket section alone, which reports it and recovers with Try again', async ({ page }) => {
  let corrupt = true;
  // A line whose bonus-product list is missing: the basket section reads it, nothing else does.
  await alterSession(
    page,
    (session) => {
      for (const line of session.data?.basket?.lines ?? []) line.products_included = null;
    },
    () => corrupt,
  );
  const errors = uncaughtErrors(page);
  const reports: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/data/client-errors/')) reports.push(request.postData() ?? '');
  });
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  const sent = reportSent(page);
  await page.goto('/en-gb/checkout/');

  // The section keeps its heading and place; in it, the generic message with its code and a way out.
  const basket = page.locator('section[data-section="basket"]');
  await expect(basket.getByRole('heading', { name: 'Basket' })).toBeVisible();
  const failure = basket.getByTestId('render-error');
  await expect(failure.getByRole('alert')).toContainText(GENERIC);
  await expect(failure.getByRole('alert')).toContainText('Error code: 999');
  await expect(failure).toHaveAttribute('data-code', '999');
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Reported to the API, which logged it as a structured line; and rethrown to the window.
  const response = await sent;
  expect(response.status()).toBe(204);
  const report = response.request().postDataJSON() as { message: string; code: number; where: string; stack?: string };
  expect(report).toMatchObject({ code: 999, where: 'checkout:basket' });
  expect(report.message).toMatch(/null|length/);
  const logged = await loggedReport(response);
  expect(logged?.clientError).toMatchObject({ code: 999, where: 'checkout:basket', message: report.message });
  await expect.poll(() => errors.some((message) => message === report.message)).toBe(true);

  // The rest of the checkout still works: a new shopper's email is reserved through the real API.
  const account = page.locator('section[data-section="account"]');
  await account.getByRole('tab', { name: 'New customer' }).click();
  await account.getByLabel('Email address').fill(uniqueEmail('render-error'));
  await account.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('form', { name: 'Create your account' })).toBeVisible();
  await expect(failure).toBeVisible();

  // Once the session is whole again, Try again (by keyboard) reads it and draws the basket.
  corrupt = false;
  await failure.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(basket.getByRole('list', { name: 'Products in your basket' })).toContainText('Affinity Photo 2');
  await expect(failure).toHaveCount(0);
  // The focus, on Try again when it went, stays in the section rather than falling to the page.
  await expect(basket.locator(':focus')).toHaveCount(1);
  await expect(page.getByRole('form', { name: 'Create your account' })).toBeVisible();
  // One failure, one report and one rethrow: the retry drew the section with the new session only.
  expect(reports).toHaveLength(1);
  expect(errors).toEqual([report.message]);
});

test('a checkout page that cannot draw shows the store error screen inside the layout, not the router one', async ({ page }) => {
  let corrupt = true;
  // A basket without its pricing: the checkout page itself reads it before any section.
  await alterSession(
    page,
    (session) => {
      if (session.data?.basket) session.data.basket.pricing = null;
    },
    () => corrupt,
  );
  const errors = uncaughtErrors(page);
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  const sent = reportSent(page);
  await page.goto('/en-gb/checkout/');

  const screen = page.getByTestId('route-error');
  await expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeFocused();
  await expect(screen.getByRole('alert')).toContainText(GENERIC);
  await expect(screen.getByRole('alert')).toContainText('Error code: 999');
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  // The store's header is still there, with the basket it counts.
  await expect(page.getByRole('link', { name: /Basket \(1/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const response = await sent;
  expect(response.status()).toBe(204);
  const report = response.request().postDataJSON() as { code: number; where: string; message: string };
  expect(report).toMatchObject({ code: 999, where: 'route:/en-gb/checkout/' });
  expect((await loggedReport(response))?.clientError).toMatchObject({ code: 999, where: 'route:/en-gb/checkout/' });
  await expect.poll(() => errors.includes(report.message)).toBe(true);

  // Away from the failed page the store works again.
  corrupt = false;
  await screen.getByRole('link', { name: 'Go to the store' }).click();
  await expect(page.getByRole('article', { name: 'Affinity Photo 2', exact: true })).toBeVisible();
  await expect(screen).toHaveCount(0);
});

test('a layout that cannot draw still shows the store error screen, and Try again reloads the page', async ({ page }) => {
  let corrupt = true;
  // No basket lines at all: the header's basket count cannot be worked out, so the layout fails.
  await alterSession(
    page,
    (session) => {
      if (session.data?.basket) session.data.basket.lines = null as unknown as [];
    },
    () => corrupt,
  );
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  const sent = reportSent(page);
  await page.goto('/en-gb/');
  const screen = page.getByTestId('route-error');
  await expect(screen.getByRole('alert')).toContainText(GENERIC);
  await expect(screen.getByRole('alert')).toContainText('Error code: 999');
  expect((await sent).request().postDataJSON()).toMatchObject({ code: 999, where: 'route:/en-gb/' });

  corrupt = false;
  await screen.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link', { name: /Basket \(1/ })).toBeVisible();
  await expect(screen).toHaveCount(0);
});

test('at 320 px the section failure and its Try again fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await alterSession(page, (session) => {
    for (const line of session.data?.basket?.lines ?? []) line.products_included = null;
  });
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  await page.goto('/en-gb/checkout/');
  const failure = page.locator('section[data-section="basket"]').getByTestId('render-error');
  await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();
  const box = await failure.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
