import { expect, test, type Page } from '@playwright/test';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract charges the Venmo nonce through the real server SDK, as the API does
import braintree from 'braintree';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract runs the sandbox in-process, from its sources
import { gatewayFor, startBraintreeSandbox, type RunningBraintreeSandbox } from '../../../payment-sandbox/src';
import { expectNoSeriousAxeViolations } from '../support';
import { guardMerchantPage, moduleScripts } from './provider-routing';

// The contract of the Braintree sandbox's Venmo: the real braintree-web 3.124.0 `venmo` module's
// desktop flow (allowDesktop: a QR code in its full-page frame, the payment context polled every
// second) in Chromium against the sandbox, which answers the payment context's GraphQL calls,
// serves the desktop frame and plays the payer's Venmo app. The nonce is charged through the real
// `braintree` Node SDK.

const MODULES = ['client', 'venmo'];
const APP = 'https://assets.braintreegateway.com/__sandbox/venmo-app';

const MERCHANT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Merchant Venmo test page</title></head>
  <body>
    <main><h1>Checkout</h1></main>
    ${moduleScripts(MODULES)}
  </body>
</html>`;

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;

test.beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  gateway = gatewayFor(sandbox);
  expect((await fetch(`${sandbox.url}/__sandbox/venmo-desktop-frame.js`)).status, 'the sandbox browser bundles are built (node tools/build.mjs)').toBe(200);
});
test.afterAll(async () => {
  await sandbox?.close();
});

guardMerchantPage(test, () => ({ sandboxUrl: sandbox.url, page: MERCHANT_PAGE, modules: MODULES, open: true }));

interface ContextJson {
  readonly id: string;
  readonly status: string;
  readonly customerClient: string;
  readonly paymentMethodId: string | null;
}

async function desktopContexts(): Promise<ContextJson[]> {
  const body = (await (await fetch(`${sandbox.url}/__sandbox/venmo/payment-contexts`)).json()) as { paymentContexts: ContextJson[] };
  return body.paymentContexts.filter((context) => context.customerClient === 'DESKTOP');
}

/** The desktop context the frame shows now (the newest), once the module has created it. */
async function shownContext(known: readonly string[] = []): Promise<ContextJson> {
  let found: ContextJson | undefined;
  await expect.poll(async () => (found = (await desktopContexts()).find((context) => !known.includes(context.id)))?.id ?? null).not.toBeNull();
  return found as ContextJson;
}

const act = (id: string, action: string) => fetch(`${sandbox.url}/__sandbox/venmo/payment-contexts/${encodeURIComponent(id)}/${action}`, { method: 'POST' });

/** venmo.create with the desktop QR flow, for a client token of the given merchant account; then tokenize() starts. */
async function startDesktopFlow(page: Page, merchantAccountId = 'store_USD'): Promise<string[]> {
  const before = (await desktopContexts()).map((context) => context.id);
  const token = (await gateway.clientToken.generate({ merchantAccountId })).clientToken;
  await page.evaluate(async (authorization) => {
    const w = window as any;
    const client = await w.braintree.client.create({ authorization });
    w.venmo = await w.braintree.venmo.create({ client, allowDesktop: true, paymentMethodUsage: 'single_use' });
    w.venmoSupported = w.venmo.isBrowserSupported();
    w.venmoResult = null;
    w.venmo.tokenize().then(
      (payload: unknown) => (w.venmoResult = { payload }),
      (error: { code: string; message: string }) => (w.venmoResult = { error: { code: error.code, message: error.message } }),
    );
  }, token);
  return before;
}

const result = (page: Page) => page.evaluate(() => (window as any).venmoResult);
const frame = (page: Page) => page.frameLocator('iframe[name="venmo-desktop-iframe"]');
const parentAlert = (page: Page) => page.locator('[data-venmo-desktop-id][role="alert"]');

test('desktop QR code: scan and approve in the Venmo app page, the module polls to a nonce that pays with the Venmo account', async ({ page, context }) => {
  const before = await startDesktopFlow(page);
  expect(await page.evaluate(() => (window as any).venmoSupported)).toBe(true);
  await expect(frame(page).getByText('To scan the QR code, open your Venmo app')).toBeVisible();
  await expect(frame(page).getByRole('img', { name: 'QR code to scan with your Venmo app' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(parentAlert(page)).toHaveText('To scan the QR code, open your Venmo app');
  const shown = await shownContext(before);
  expect(shown.status).toBe('CREATED');

  const app = await context.newPage();
  await app.goto(`${APP}?context=${encodeURIComponent(shown.id)}`);
  await app.getByRole('button', { name: 'Scan the QR code' }).click();
  await expect(app.getByRole('status')).toContainText('SCANNED');
  // The scanned state's prompt, in the frame and in the merchant page's alert.
  await expect(frame(page).getByText('Authorize on your Venmo app')).toBeVisible();
  await expect(parentAlert(page)).toHaveText('Authorize on your Venmo app');
  await expectNoSeriousAxeViolations(app);
  await app.getByRole('button', { name: 'Approve' }).click();
  await expect(app.getByRole('status')).toContainText('APPROVED');
  await expect(frame(page).getByText('Venmo account authorized')).toBeVisible();

  await expect.poll(() => result(page)).not.toBeNull();
  const { payload } = await result(page);
  expect(payload).toMatchObject({ type: 'VenmoAccount', details: { username: '@venmojoe', paymentContextId: shown.id, payerInfo: { userName: '@venmojoe', email: 'venmojoe@example.com' } } });
  // The module hides its frame once it has the nonce.
  await expect(page.locator('iframe[name="venmo-desktop-iframe"]')).toBeHidden();

  const sale = await gateway.transaction.sale({ amount: '12.00', paymentMethodNonce: payload.nonce, merchantAccountId: 'store_USD', options: { submitForSettlement: true } });
  expect(sale.success).toBe(true);
  expect(sale.transaction.paymentInstrumentType).toBe('venmo_account');
  // The SDK sets venmoAccountDetails from the sale's venmo-account (its typings leave it out).
  expect((sale.transaction as unknown as { venmoAccountDetails?: unknown }).venmoAccountDetails).toMatchObject({ username: '@venmojoe', venmoUserId: '1234567891234567891' });
  // A nonce pays once.
  const again = await gateway.transaction.sale({ amount: '12.00', paymentMethodNonce: payload.nonce, merchantAccountId: 'store_USD' });
  expect(again.success).toBe(false);
});

test('canceled in the app: the frame says so and offers a new code; closing it is VENMO_DESKTOP_CANCELED and cancels that context', async ({ page }) => {
  const before = await startDesktopFlow(page);
  const first = await shownContext(before);
  expect((await act(first.id, 'cancel')).status).toBe(200);
  await expect(frame(page).getByText('The authorization was canceled')).toBeVisible();
  await expect(parentAlert(page)).toHaveText('The authorization was canceled');
  // A canceled context cannot be approved afterwards.
  expect((await act(first.id, 'scan')).status).toBe(409);

  await frame(page).getByRole('button', { name: 'Try again' }).click();
  await expect(frame(page).getByText('To scan the QR code, open your Venmo app')).toBeVisible();
  const second = await shownContext([...before, first.id]);
  expect(await result(page)).toBeNull();

  await frame(page).getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => result(page)).toEqual({ error: { code: 'VENMO_DESKTOP_CANCELED', message: 'User canceled Venmo authorization by closing the Venmo Desktop modal.' } });
  await expect.poll(async () => (await desktopContexts()).find((context) => context.id === second.id)?.status).toBe('CANCELED');
});

test('failed or expired in the app: the frame says Something went wrong; Escape closes it', async ({ page }) => {
  const before = await startDesktopFlow(page);
  const failed = await shownContext(before);
  expect((await act(failed.id, 'fail')).status).toBe(409);
  expect((await act(failed.id, 'scan')).status).toBe(200);
  await expect(frame(page).getByText('Authorize on your Venmo app')).toBeVisible();
  expect((await act(failed.id, 'fail')).status).toBe(200);
  await expect(frame(page).getByText('Something went wrong')).toBeVisible();

  await frame(page).getByRole('button', { name: 'Try again' }).click();
  const expired = await shownContext([...before, failed.id]);
  expect((await act(expired.id, 'expire')).status).toBe(200);
  await expect(frame(page).getByText('Something went wrong')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect.poll(() => result(page)).toMatchObject({ error: { code: 'VENMO_DESKTOP_CANCELED' } });
});

test('Venmo is for US dollar merchant accounts: another currency is VENMO_NOT_ENABLED', async ({ page }) => {
  const token = (await gateway.clientToken.generate({ merchantAccountId: 'store_GBP' })).clientToken;
  const error = await page.evaluate(async (authorization) => {
    const w = window as any;
    // The module's own set-up promise rejects too, with nobody to catch it (braintree-web's, not the test's).
    window.addEventListener('unhandledrejection', (event) => {
      if (event.reason?.code === 'VENMO_NOT_ENABLED') event.preventDefault();
    });
    const client = await w.braintree.client.create({ authorization });
    return w.braintree.venmo.create({ client, allowDesktop: true }).then(
      () => null,
      (failure: { code: string }) => failure.code,
    );
  }, token);
  expect(error).toBe('VENMO_NOT_ENABLED');
});

test("a payment context answers its shopper's client tokens only (a phone's return brings a new one); the control refuses unknown contexts and actions", async () => {
  const [shopper, other] = [(await gateway.customer.create({})).customer.id, (await gateway.customer.create({})).customer.id];
  const fingerprintOf = async (customerId: string) => {
    const token = (await gateway.clientToken.generate({ merchantAccountId: 'store_USD', customerId })).clientToken;
    return (JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { authorizationFingerprint: string }).authorizationFingerprint;
  };
  const graphQL = async (fingerprint: string, query: string, variables: unknown) =>
    (await (await fetch(`${sandbox.url}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${fingerprint}` }, body: JSON.stringify({ query, variables }) })).json()) as any;
  const [mine, mineLater, theirs] = [await fingerprintOf(shopper), await fingerprintOf(shopper), await fingerprintOf(other)];
  const created = await graphQL(mine, 'mutation CreateVenmoPaymentContext($input: CreateVenmoPaymentContextInput!) { createVenmoPaymentContext(input: $input) { venmoPaymentContext { id merchantId createdAt expiresAt } } }', {
    input: { intent: 'PAY_FROM_APP', paymentMethodUsage: 'SINGLE_USE', customerClient: 'DESKTOP' },
  });
  const { id, createdAt, expiresAt } = created.data.createVenmoPaymentContext.venmoPaymentContext;
  expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(5 * 60_000);
  const status = 'query PaymentContext($id: ID!) { node(id: $id) { ... on VenmoPaymentContext { status paymentMethodId userName } } }';
  expect((await graphQL(mine, status, { id })).data.node).toMatchObject({ status: 'CREATED', paymentMethodId: null });
  expect((await graphQL(mineLater, status, { id })).data.node).toMatchObject({ status: 'CREATED' });
  expect((await graphQL(theirs, status, { id })).data.node).toBeNull();
  const update = 'mutation UpdateVenmoPaymentContextStatus($input: UpdateVenmoPaymentContextStatusInput!) { updateVenmoPaymentContextStatus(input: $input) { clientMutationId } }';
  expect((await graphQL(theirs, update, { input: { id, status: 'CANCELED' } })).errors[0].extensions.errorClass).toBe('NOT_FOUND');
  const invalid = await graphQL(mine, 'mutation CreateVenmoPaymentContext($input: CreateVenmoPaymentContextInput!) { createVenmoPaymentContext(input: $input) { venmoPaymentContext { id } } }', { input: { intent: 'NOPE', paymentMethodUsage: 'SINGLE_USE' } });
  expect(invalid.errors[0].extensions.errorClass).toBe('VALIDATION');

  expect((await act('bm9wZQ==', 'approve')).status).toBe(404);
  expect((await act(id, 'dance')).status).toBe(400);
  expect((await act(id, 'approve')).status).toBe(409);
});

test.describe("on a phone: the module switches the tab to the Venmo app, which returns to the merchant's page", () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', viewport: { width: 390, height: 844 } });

  /** venmo.create on this page load with a new client token, as a merchant page does each time it loads. */
  async function createOnPhone(page: Page): Promise<{ supported: boolean; returned: boolean }> {
    const token = (await gateway.clientToken.generate({ merchantAccountId: 'store_USD' })).clientToken;
    return page.evaluate(async (authorization) => {
      const w = window as any;
      const client = await w.braintree.client.create({ authorization });
      w.venmo = await w.braintree.venmo.create({ client, paymentMethodUsage: 'single_use', allowNewBrowserTab: false, mobileWebFallBack: true, ignoreHistoryChanges: true });
      return { supported: w.venmo.isBrowserSupported(), returned: w.venmo.hasTokenizationResult() };
    }, token);
  }

  /** tokenize() on the returned page: the payload, or the error's code. */
  const finish = (page: Page) =>
    page.evaluate(() =>
      (window as any).venmo.tokenize().then(
        (payload: unknown) => ({ payload }),
        (error: { code: string }) => ({ error: error.code }),
      ),
    );

  async function switchToApp(page: Page): Promise<string> {
    expect(await createOnPhone(page)).toEqual({ supported: true, returned: false });
    await page.evaluate(() => void (window as any).venmo.tokenize());
    await page.waitForURL(/^https:\/\/venmo\.com\/go\/checkout\?/);
    const app = new URL(page.url());
    expect(app.searchParams.get('x-success')).toBe('https://merchant.test/#venmoSuccess=1');
    expect(app.searchParams.get('x-cancel')).toBe('https://merchant.test/#venmoCancel=1');
    expect(app.searchParams.get('x-error')).toBe('https://merchant.test/#venmoError=1');
    const id = app.searchParams.get('resource_id') as string;
    const context = (await (await fetch(`${sandbox.url}/__sandbox/venmo/payment-contexts`)).json()).paymentContexts.find((each: ContextJson) => each.id === id);
    expect(context).toMatchObject({ status: 'CREATED', customerClient: 'MOBILE_WEB' });
    await expectNoSeriousAxeViolations(page);
    return id;
  }

  test('approved in the app: back on the page, a new module reads the return, asks the context and pays with the Venmo account', async ({ page }) => {
    const id = await switchToApp(page);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.origin === 'https://merchant.test' && url.searchParams.get('resource_id') === id && url.hash.startsWith('#venmoSuccess=1'));
    expect(await createOnPhone(page)).toEqual({ supported: true, returned: true });
    const { payload } = await finish(page);
    expect(payload).toMatchObject({ type: 'VenmoAccount', details: { username: '@venmojoe', paymentContextId: id, payerInfo: { email: 'venmojoe@example.com' } } });
    const sale = await gateway.transaction.sale({ amount: '12.00', paymentMethodNonce: payload.nonce, merchantAccountId: 'store_USD', options: { submitForSettlement: true } });
    expect(sale.success).toBe(true);
    expect(sale.transaction.paymentInstrumentType).toBe('venmo_account');
  });

  test('canceled in the app: the return rejects with VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED', async ({ page }) => {
    const canceled = await switchToApp(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.searchParams.get('resource_id') === canceled && url.hash.startsWith('#venmoCancel=1'));
    expect((await createOnPhone(page)).returned).toBe(true);
    expect(await finish(page)).toEqual({ error: 'VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED' });
  });

  test('failed in the app: the return comes back without a nonce', async ({ page }) => {
    const failed = await switchToApp(page);
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.waitForURL((url) => url.searchParams.get('resource_id') === failed && url.hash.startsWith('#venmoError=1'));
    expect((await createOnPhone(page)).returned).toBe(true);
    // The module falls back to the fragment for a FAILED context, which carries no nonce.
    const { payload } = await finish(page);
    expect(payload.nonce).toBeUndefined();
  });

  test('the app page: unknown contexts and actions are refused, NOOP return addresses leave the payer to go back by hand', async ({ page }) => {
    await page.goto('https://venmo.com/braintree/checkout?resource_id=bm9wZQ%3D%3D');
    await expect(page.getByRole('alert')).toHaveText('No such payment request.');
    await page.goto('https://merchant.test/');
    const id = await switchToApp(page);
    const manual = new URL(page.url());
    for (const ending of ['x-success', 'x-cancel', 'x-error']) manual.searchParams.set(ending, 'NOOP');
    await page.goto(manual.href);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('status')).toContainText('APPROVED');
    await expect(page.getByText('Nothing more to do here: go back to the shop to finish.')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('resource_id')).toBe(id);
    const refused = await fetch(`${sandbox.url}/braintree/checkout?resource_id=${encodeURIComponent(id)}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'action=dance' });
    expect(refused.status).toBe(400);
    const late = await fetch(`${sandbox.url}/braintree/checkout?resource_id=${encodeURIComponent(id)}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'action=cancel' });
    expect(late.status).toBe(409);
  });
});
