import type { APIRequestContext, Page } from '@playwright/test';
import { configuredPort, configuredSandboxPort } from '../playwright.config';
import { chooseLocalMethod, expect, shopperBilledIn, test, VENMO_STORE, venmoContextShown } from './local-payments';
import { expectNoSeriousAxeViolations, XHR } from './support';

// Venmo on a computer (spec 3 §1, §4, §8) in Chromium through the real API and braintree-web's own
// venmo module (allowDesktop): the module's frame shows a QR code, the payer scans and approves in
// the Venmo app (the card sandbox's app page, or its control endpoint where quicker), and the module
// polls the payment context to a nonce that PLACE_ORDER charges. Venmo is for US payers in dollars;
// the main e2e store sends dollars to the merchant of record, so this runs on the 'configured'
// store, whose rules send US billing to the card gateway, with its own card sandbox.

const venmoTest = test.extend({ sandboxUrl: async ({}, use) => use(`http://127.0.0.1:${configuredSandboxPort}`) });

const act = async (request: APIRequestContext, sandboxUrl: string, id: string, action: 'scan' | 'approve' | 'cancel' | 'fail') =>
  expect((await request.post(`${sandboxUrl}/__sandbox/venmo/payment-contexts/${encodeURIComponent(id)}/${action}`)).status()).toBe(200);

const frame = (page: Page) => page.frameLocator('iframe[name="venmo-desktop-iframe"]');
const refusal = (page: Page) => page.getByRole('alert').locator('[data-code]');
const ordersOf = async (page: Page) => (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as unknown[];

venmoTest.describe('Venmo on a computer (QR code)', () => {
  venmoTest.use({ baseURL: `http://127.0.0.1:${configuredPort}` });

  venmoTest.beforeEach(async ({ page }) => {
    const shopper = await shopperBilledIn(page, VENMO_STORE);
    expect(shopper.gateway).toBe('braintree');
  });

  /** Venmo chosen at the payment step; its button opens the module's QR code; the new context's id. */
  async function openQrCode(page: Page) {
    const section = await chooseLocalMethod(page, VENMO_STORE);
    const button = section.getByRole('button', { name: 'Pay with Venmo' });
    await button.click();
    await expect(frame(page).getByText('To scan the QR code, open your Venmo app')).toBeVisible();
    return { button, id: await venmoContextShown(page) };
  }

  venmoTest('scanned and approved in the Venmo app: the order is paid with the Venmo account', async ({ page, context, sandboxUrl }) => {
    const { id } = await openQrCode(page);
    const app = await context.newPage();
    await app.goto(`https://assets.braintreegateway.com/__sandbox/venmo-app?context=${encodeURIComponent(id)}`);
    await app.getByRole('button', { name: 'Scan the QR code' }).click();
    // The scanned state's prompt, in the module's frame.
    await expect(frame(page).getByText('Authorize on your Venmo app')).toBeVisible();
    await app.getByRole('button', { name: 'Approve' }).click();
    await expect(app.getByRole('status')).toContainText('APPROVED');
    await app.close();
    await expect(page).toHaveURL(/\/en-us\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    const number = /AFS-\d{8}/.exec(page.url())?.[0];
    // One sale for the order (the sandbox's order id is the order number and the charge's key), charged once.
    const sales = (await (await page.request.get(`${sandboxUrl}/__sandbox/transactions`)).json()) as Array<{ status: string; currency: string; orderId: string | null }>;
    const ours = sales.filter((sale) => sale.orderId?.startsWith(number as string));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ status: 'submitted_for_settlement', currency: 'USD' });
    const orders = (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as Array<{ status: string }>;
    expect(orders.map((order) => order.status)).toEqual(['paid']);
  });

  venmoTest('canceled in the Venmo app: the frame says so; closing it says nothing was charged, and no order is placed', async ({ page, sandboxUrl }) => {
    const { button, id } = await openQrCode(page);
    await act(page.request, sandboxUrl, id, 'cancel');
    await expect(frame(page).getByText('The authorization was canceled')).toBeVisible();
    await frame(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(refusal(page)).toHaveAttribute('data-code', '310271');
    await expect(refusal(page)).toContainText('You closed Venmo before approving, so you have not been charged.');
    await expect(button).toBeFocused();
    expect(await ordersOf(page)).toEqual([]);
  });

  venmoTest('failed in the Venmo app: the frame says Something went wrong; Escape closes it and a new attempt can pay', async ({ page, sandboxUrl }) => {
    const { button, id } = await openQrCode(page);
    await act(page.request, sandboxUrl, id, 'scan');
    await expect(frame(page).getByText('Authorize on your Venmo app')).toBeVisible();
    await act(page.request, sandboxUrl, id, 'fail');
    await expect(frame(page).getByText('Something went wrong')).toBeVisible();
    await frame(page).getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Escape');
    await expect(refusal(page)).toHaveAttribute('data-code', '310271');
    expect(await ordersOf(page)).toEqual([]);

    // The same button again: a new QR code, approved by the control endpoint this time.
    await button.press('Enter');
    const second = await venmoContextShown(page, id);
    await act(page.request, sandboxUrl, second, 'scan');
    await act(page.request, sandboxUrl, second, 'approve');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });
  });

  venmoTest('the button by keyboard and at 320 px: reachable, named and fully visible', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const section = await chooseLocalMethod(page, VENMO_STORE);
    const button = section.getByRole('button', { name: 'Pay with Venmo' });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoSeriousAxeViolations(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(frame(page).getByText('To scan the QR code, open your Venmo app')).toBeVisible();
    await venmoContextShown(page);
    await page.keyboard.press('Escape');
    await expect(refusal(page)).toHaveAttribute('data-code', '310271');
    await expect(button).toBeFocused();
  });
});
