import type { APIRequestContext, Page } from '@playwright/test';
import { configuredPort, configuredSandboxPort } from '../playwright.config';
import { basketBilledIn, chooseLocalMethod, expect, shopperBilledIn, test, VENMO_STORE, venmoContextShown } from './local-payments';
import { savedMethodItem, savedMethodsOf, savedMethodsSection } from './saved-methods';
import { expectNoSeriousAxeViolations, XHR } from './support';
import { SAVED_METHODS_OPTION, savedMethod } from './checkout-saved-methods';

// A saved Venmo account in Chromium through the real API, braintree-web's own venmo module and the
// card sandbox: ticking 'Save Venmo for next time' makes the module again for a multi-use payment
// context, the sale vaults the approved account, the next checkout offers it by the payer's
// username and pays it with the token the server stored (no QR code, no Venmo window), and account
// details remove it. Runs on the configured store, whose rules send US billing to the card gateway.

test.describe.configure({ timeout: 90_000 });
test.use({ baseURL: `http://127.0.0.1:${configuredPort}`, sandboxUrl: `http://127.0.0.1:${configuredSandboxPort}` });


interface ContextJson {
  readonly id: string;
  readonly customerClient: string;
  readonly paymentMethodUsage: string | null;
}

const desktopContexts = async (request: APIRequestContext, sandboxUrl: string): Promise<ContextJson[]> =>
  ((await (await request.get(`${sandboxUrl}/__sandbox/venmo/payment-contexts`)).json()) as { paymentContexts: ContextJson[] }).paymentContexts.filter(
    (context) => context.customerClient === 'DESKTOP',
  );

const act = async (request: APIRequestContext, sandboxUrl: string, id: string, action: 'scan' | 'approve') =>
  expect((await request.post(`${sandboxUrl}/__sandbox/venmo/payment-contexts/${encodeURIComponent(id)}/${action}`)).status()).toBe(200);

/** Another basket for the same shopper, billed as before, its gateway decided. */
const nextBasket = async (page: Page) => expect(await basketBilledIn(page, VENMO_STORE)).toBe('braintree');

const thanked = (page: Page) => expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 20_000 });

/** The saved Venmo accounts as account details read them. */
const savedVenmoOf = async (page: Page) =>
  (await savedMethodsOf(page)).saved_methods.filter((method) => method.kind === 'venmo').map(({ description, state }) => ({ description, state }));

/** The card gateway's set-up for the shopper's current basket. */
async function cardCheckout(page: Page) {
  const basket = (await (await page.request.get('/data/session/', { headers: XHR })).json()).data.basket;
  const checkout = (await (await page.request.get(`/data/braintree-checkout/?basket_ref=${basket.reference}`, { headers: XHR })).json()).data;
  return { basket, checkout };
}

/**
 * A first order saved Venmo without this page (the test before covers the page doing it): the
 * module's calls for a multi-use payment context, the payer approving it, and PLACE_ORDER with the
 * nonce and 'Save Venmo' ticked, as the page would send them.
 */
async function venmoSavedByAnEarlierOrder(page: Page, sandboxUrl: string) {
  const { basket, checkout } = await cardCheckout(page);
  const fingerprint = JSON.parse(Buffer.from(checkout.client_token, 'base64').toString('utf8')).authorizationFingerprint as string;
  const graphQL = async (query: string, variables: object) =>
    (await (await page.request.post(`${sandboxUrl}/graphql`, { headers: { Authorization: `Bearer ${fingerprint}`, 'Braintree-Version': '2018-05-10' }, data: { query, variables } })).json()).data;
  const created = await graphQL('mutation C($input: CreateVenmoPaymentContextInput!) { createVenmoPaymentContext(input: $input) { venmoPaymentContext { id } } }', {
    input: { paymentMethodUsage: 'MULTI_USE', intent: 'CONTINUE', customerClient: 'DESKTOP' },
  });
  const id = created.createVenmoPaymentContext.venmoPaymentContext.id as string;
  await act(page.request, sandboxUrl, id, 'scan');
  await act(page.request, sandboxUrl, id, 'approve');
  const nonce = (await graphQL('query S($id: ID!) { node(id: $id) { ... on VenmoPaymentContext { paymentMethodId } } }', { id })).node.paymentMethodId as string;
  const placed = await page.request.post('/data/checkout/', {
    headers: XHR,
    form: {
      action: 'PLACE_ORDER',
      body: JSON.stringify({ basket_reference_id: basket.reference, basket_stale_hash: basket.stale_hash, gateway: 'braintree', payment_method_type: 'venmo', token: nonce, vault_payment_method: true, withdrawal_consent: false, locale: 'en-us' }),
    },
  });
  expect((await placed.json()).success).toBe(true);
  expect(await savedVenmoOf(page)).toEqual([{ description: 'Venmo @venmojoe', state: 'usable' }]);
}

test('ticking Save Venmo for next time makes a multi-use payment context, and the approved order saves the account', async ({ page, sandboxUrl }) => {
  expect((await shopperBilledIn(page, VENMO_STORE)).gateway).toBe('braintree');
  const section = await chooseLocalMethod(page, VENMO_STORE);
  await expect(section.getByRole('radio', { name: SAVED_METHODS_OPTION })).toHaveCount(0);
  await section.getByRole('checkbox', { name: 'Save Venmo for next time' }).check();
  await section.getByRole('button', { name: 'Pay with Venmo' }).click();
  // One module's frame only: the single-use module was torn down when the box was ticked.
  await expect(page.frameLocator('iframe[name="venmo-desktop-iframe"]').getByText('To scan the QR code, open your Venmo app')).toBeVisible();
  const shown = await venmoContextShown(page);
  const created = (await desktopContexts(page.request, sandboxUrl)).find((context) => context.id === shown);
  expect(created?.paymentMethodUsage).toBe('MULTI_USE');
  await act(page.request, sandboxUrl, created?.id as string, 'scan');
  await act(page.request, sandboxUrl, created?.id as string, 'approve');
  await thanked(page);
  expect(await savedVenmoOf(page)).toEqual([{ description: 'Venmo @venmojoe', state: 'usable' }]);
});

test('the saved Venmo pays the next order without the QR code, until removed in account details', async ({ page, sandboxUrl }) => {
  expect((await shopperBilledIn(page, VENMO_STORE)).gateway).toBe('braintree');
  await venmoSavedByAnEarlierOrder(page, sandboxUrl);

  // The next order opens on the saved methods: the account, named by the payer, paid with no Venmo window.
  await nextBasket(page);
  const next = await chooseLocalMethod(page, { ...VENMO_STORE, method: SAVED_METHODS_OPTION });
  await expect(savedMethod(next, 'Venmo @venmojoe (default)')).toBeChecked();
  const saved = next.getByRole('button', { name: 'Pay with your saved Venmo (@venmojoe)' });
  await expect(saved).toBeVisible();
  // No payment context asked of Venmo by this page (other tests' contexts do not count).
  const contextsAsked: string[] = [];
  page.on('request', (request) => {
    if (/createVenmoPaymentContext/i.test(request.postData() ?? '')) contextsAsked.push(request.url());
  });
  await saved.click();
  await thanked(page);
  expect(contextsAsked).toEqual([]);
  const orders = (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as Array<{ status: string }>;
  expect(orders.map((order) => order.status)).toEqual(['paid', 'paid']);

  // Account details name it and remove it (keyboard); the next checkout no longer offers it.
  await page.goto('/en-us/account/details/');
  const account = savedMethodItem(page, 'Venmo @venmojoe');
  await expect(account).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await account.getByRole('button', { name: 'Remove Venmo @venmojoe' }).focus();
  await page.keyboard.press('Enter');
  await expect(savedMethodsSection(page).getByRole('heading', { level: 2, name: 'Saved payment methods' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Venmo @venmojoe has been removed.' })).toHaveCount(1);
  await expect(account).toHaveCount(0);
  expect(await savedVenmoOf(page)).toEqual([]);
  await nextBasket(page);
  expect((await cardCheckout(page)).checkout.saved_methods).toEqual([]);
});

test.describe('on a phone (app switch)', () => {
  // Chrome on Android, as venmo-mobile.spec.ts dresses it: the module switches this tab to the app.
  test.use({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  });

  test("the choice to save survives the app switch: the checkout the app returns to saves the account", async ({ page, sandboxUrl }) => {
    expect((await shopperBilledIn(page, VENMO_STORE)).gateway).toBe('braintree');
    const section = await chooseLocalMethod(page, VENMO_STORE);
    await section.getByRole('checkbox', { name: 'Save Venmo for next time' }).check();
    await section.getByRole('button', { name: 'Pay with Venmo' }).click();
    await expect(page).toHaveURL(/^https:\/\/venmo\.com\/go\/checkout\?/);
    const id = new URL(page.url()).searchParams.get('resource_id');
    const context = ((await (await page.request.get(`${sandboxUrl}/__sandbox/venmo/payment-contexts`)).json()) as { paymentContexts: (ContextJson & { status: string })[] }).paymentContexts.find(
      (each) => each.id === id,
    );
    expect(context).toMatchObject({ customerClient: 'MOBILE_WEB', paymentMethodUsage: 'MULTI_USE' });
    await page.getByRole('button', { name: 'Approve' }).click();
    await thanked(page);
    expect(await savedVenmoOf(page)).toEqual([{ description: 'Venmo @venmojoe', state: 'usable' }]);
    // Used once: a later return in this tab does not save again unasked.
    expect(await page.evaluate(() => window.sessionStorage.getItem('store.venmo.save-on-return'))).toBeNull();
  });
});
