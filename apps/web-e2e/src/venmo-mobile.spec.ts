import type { APIRequestContext, Page } from '@playwright/test';
import { configuredPort, configuredSandboxPort } from '../playwright.config';
import { paymentSection } from './card-gateway';
import { chooseLocalMethod, expect, shopperBilledIn, test, VENMO_STORE } from './local-payments';
import { XHR } from './support';

// Venmo on a phone (spec 3 §1, §4, §8) in Chromium dressed as a phone (its user agent, 390 px,
// touch), which is all braintree-web's browser detection reads, through the real API and the real
// venmo module's mobile flow: 'Pay with Venmo' switches this tab to the Venmo app (the card
// sandbox's app page under venmo.com), the app sends the shopper back to the checkout with the
// outcome in the address, the checkout loads afresh, the module reads the return and asks the
// payment context's status, and PLACE_ORDER charges the nonce. As venmo.spec.ts, this runs on the
// 'configured' store, whose rules send US billing to the card gateway.

const venmoTest = test.extend({ sandboxUrl: async ({}, use) => use(`http://127.0.0.1:${configuredSandboxPort}`) });


/** Chrome on Android (the module switches by sending this tab to the app's address) and Safari on iPhone (the same, with mobileWebFallBack). */
const PHONES = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
} as const;

interface ContextJson {
  readonly id: string;
  readonly status: string;
  readonly customerClient: string;
  readonly paymentMethodUsage: string | null;
}

async function contextOf(request: APIRequestContext, sandboxUrl: string, id: string): Promise<ContextJson | undefined> {
  const body = (await (await request.get(`${sandboxUrl}/__sandbox/venmo/payment-contexts`)).json()) as { paymentContexts: ContextJson[] };
  return body.paymentContexts.find((context) => context.id === id);
}

const refusal = (page: Page) => page.getByRole('alert').locator('[data-code]');
const ordersOf = async (page: Page) => (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as unknown[];

/** Venmo chosen at the payment step; its button switches this tab to the Venmo app. The app's payment context id. */
async function switchToApp(page: Page): Promise<string> {
  const section = await chooseLocalMethod(page, VENMO_STORE);
  await section.getByRole('button', { name: 'Pay with Venmo' }).click();
  // mobileWebFallBack: the address that opens the app, or Venmo's web login without it.
  await expect(page).toHaveURL(/^https:\/\/venmo\.com\/go\/checkout\?/);
  await expect(page.getByRole('heading', { level: 1, name: /^Venmo: pay / })).toBeVisible();
  const app = new URL(page.url());
  // Where the app goes back to: this checkout, its outcome in the fragment.
  expect(app.searchParams.get('x-success')).toMatch(/\/en-us\/checkout\/#venmoSuccess=1$/);
  expect(app.searchParams.get('x-cancel')).toMatch(/\/en-us\/checkout\/#venmoCancel=1$/);
  return app.searchParams.get('resource_id') as string;
}

/** Back at the checkout: the address is tidied once the return is read, and the payment step is there. */
async function expectBackAtCheckout(page: Page) {
  await expect(page).toHaveURL(/\/en-us\/checkout\/$/, { timeout: 15_000 });
}

venmoTest.describe('Venmo on a phone (app switch and return)', () => {
  venmoTest.use({ baseURL: `http://127.0.0.1:${configuredPort}`, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  venmoTest.beforeEach(async ({ page }) => {
    const shopper = await shopperBilledIn(page, VENMO_STORE);
    expect(shopper.gateway).toBe('braintree');
  });

  venmoTest.describe('iphone', () => {
    venmoTest.use({ userAgent: PHONES.iphone });

    venmoTest('canceled in the Venmo app: back at the checkout, its words say nothing was charged; Venmo can be chosen again', async ({ page, sandboxUrl }) => {
      const id = await switchToApp(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expectBackAtCheckout(page);
      await expect(refusal(page)).toHaveAttribute('data-code', '310271');
      await expect(refusal(page)).toContainText('You closed Venmo before approving, so you have not been charged.');
      expect((await contextOf(page.request, sandboxUrl, id))?.status).toBe('CANCELED');
      expect(await ordersOf(page)).toEqual([]);
      // Venmo is there to choose once more, with a fresh payment request behind its button.
      const section = paymentSection(page);
      await section.getByRole('radio', { name: 'Venmo', exact: true }).check();
      await expect(section.getByRole('button', { name: 'Pay with Venmo' })).toBeVisible();
    });
  });

  venmoTest.describe('android', () => {
    venmoTest.use({ userAgent: PHONES.android });

    venmoTest('approved in the Venmo app: back at the checkout, the order is paid with the Venmo account', async ({ page, sandboxUrl }) => {
      const id = await switchToApp(page);
      expect(await contextOf(page.request, sandboxUrl, id)).toMatchObject({ status: 'CREATED', customerClient: 'MOBILE_WEB', paymentMethodUsage: 'SINGLE_USE' });
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page).toHaveURL(/\/en-us\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
      const number = /AFS-\d{8}/.exec(page.url())?.[0] as string;
      // One sale for the order, charged once; the approved context's nonce paid it.
      expect((await contextOf(page.request, sandboxUrl, id))?.status).toBe('APPROVED');
      const sales = (await (await page.request.get(`${sandboxUrl}/__sandbox/transactions`)).json()) as Array<{ status: string; currency: string; orderId: string | null }>;
      const ours = sales.filter((sale) => sale.orderId?.startsWith(number));
      expect(ours).toHaveLength(1);
      expect(ours[0]).toMatchObject({ status: 'submitted_for_settlement', currency: 'USD' });
      const orders = (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as Array<{ status: string }>;
      expect(orders.map((order) => order.status)).toEqual(['paid']);
    });

    venmoTest('failed in the Venmo app: back at the checkout, its words say nothing was charged', async ({ page, sandboxUrl }) => {
      const id = await switchToApp(page);
      await page.getByRole('button', { name: 'Fail' }).click();
      await expectBackAtCheckout(page);
      await expect(refusal(page)).toHaveAttribute('data-code', '310274');
      await expect(refusal(page)).toContainText('Venmo could not authorize the payment, so you have not been charged.');
      expect((await contextOf(page.request, sandboxUrl, id))?.status).toBe('FAILED');
      expect(await ordersOf(page)).toEqual([]);
    });

    venmoTest('the request expired while in the app: back to the shop, its words say it expired and nothing was charged', async ({ page, sandboxUrl }) => {
      const id = await switchToApp(page);
      // The sandbox's control in place of five minutes' wait; the app then offers only the way back.
      expect((await page.request.post(`${sandboxUrl}/__sandbox/venmo/payment-contexts/${encodeURIComponent(id)}/expire`)).status()).toBe(200);
      await page.reload();
      await expect(page.getByRole('status')).toContainText('EXPIRED');
      await page.getByRole('link', { name: 'Back to the shop' }).click();
      await expectBackAtCheckout(page);
      await expect(refusal(page)).toHaveAttribute('data-code', '310272');
      await expect(refusal(page)).toContainText('The Venmo request expired before you approved it, so you have not been charged.');
      expect(await ordersOf(page)).toEqual([]);
    });
  });
});

// Spec 3 §3, §8: braintree-web's preferred-payment-methods query. The sandbox takes a phone's
// browser to have the Venmo app (venmoPreferred) and a computer not to; a failed query is both false.
const methodNames = async (page: Page) => {
  const section = await chooseLocalMethod(page, VENMO_STORE);
  const radios = section.getByRole('group', { name: 'Choose your payment method' }).getByRole('radio');
  return { section, names: await radios.evaluateAll((inputs) => inputs.map((input) => input.parentElement?.textContent?.trim())) };
};

venmoTest.describe('Venmo first where the shopper prefers it', () => {
  venmoTest.use({ baseURL: `http://127.0.0.1:${configuredPort}` });

  venmoTest.beforeEach(async ({ page }) => {
    expect((await shopperBilledIn(page, VENMO_STORE)).gateway).toBe('braintree');
  });

  venmoTest.describe('on a phone', () => {
    venmoTest.use({ userAgent: PHONES.iphone, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    venmoTest('a phone with the Venmo app: Venmo is listed first, and the card stays the choice the section opens on', async ({ page }) => {
      const { section, names } = await methodNames(page);
      expect(names[0]).toBe('Venmo');
      expect(names).toContain('Credit/debit card');
      await page.reload();
      await expect(section.getByRole('radio', { name: 'Credit/debit card' })).toBeChecked({ timeout: 15_000 });
    });

    venmoTest('the preferred query fails: both flags are false, so Venmo keeps its usual place', async ({ page }) => {
      let asked = 0;
      await page.route(/^https:\/\/payments\.sandbox\.braintree-api\.com\/graphql/, (route) => {
        if (!/preferredPaymentMethods/.test(route.request().postData() ?? '')) return route.fallback();
        asked += 1;
        return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Internal error' }] }) });
      });
      const { names } = await methodNames(page);
      expect(asked).toBeGreaterThan(0);
      expect(names[0]).toBe('Credit/debit card');
      expect(names).toContain('Venmo');
    });
  });

  venmoTest('on a computer (no Venmo app): Venmo keeps its usual place', async ({ page }) => {
    const { names } = await methodNames(page);
    expect(names[0]).toBe('Credit/debit card');
    expect(names).toContain('Venmo');
  });
});
