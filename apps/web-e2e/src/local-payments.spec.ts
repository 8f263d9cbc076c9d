import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support';
import {
  BANCOMAT_STORE,
  bankApp,
  BLIK_STORE,
  chooseLocalMethod,
  expect,
  MB_WAY_STORE,
  orderNumberOn,
  orderOf,
  receiptFor,
  sandboxPayment,
  shopperBilledIn,
  startedPaymentId,
  startLocalPaymentCall,
  test,
  type LocalStore,
} from './local-payments';

// The local payment methods (spec 3 §1) in Chromium through the real API and the real braintree-web
// local-payment module against the card sandbox: BLIK on its own page in a popup, BLIK with the code
// typed here, MB WAY, Bancomat Pay and pay upon invoice, which the payer approves elsewhere (the
// sandbox's control stands in for their bank's app) and whose orders wait for the provider's word.

const ORDER_PAGE = (locale: string) => new RegExp(`/${locale}/order/AFS-\\d{8}/$`);

// The shopper's words for each ending (the error catalogue's 3102xx entries).
const CANCELLED = 'You cancelled the payment, so you have not been charged. You can try again or choose another way to pay.';
const WINDOW_CLOSED = 'The payment window was closed before the payment was approved, so you have not been charged. You can try again.';
const WINDOW_BLOCKED = 'The payment window could not open. Please allow pop-up windows for this site and try again.';
const FAILED = 'The payment could not be started, so you have not been charged. Please try again or choose another way to pay.';
const TIMED_OUT = 'The payment was not approved in time, so you have not been charged. Please try again.';

const paymentSectionOf = (page: Page) => page.locator('section[data-section="payment-details"]');

test.describe.configure({ timeout: 90_000 });

async function atPayment(page: Page, store: LocalStore) {
  const shopper = await shopperBilledIn(page, store);
  expect(shopper.gateway).toBe('braintree');
  return { ...shopper, section: await chooseLocalMethod(page, store) };
}

/** Opens BLIK's page in the popup from our button; the START_LOCAL_PAYMENT call's payment id too. */
async function openBlikPopup(page: Page) {
  const started = startLocalPaymentCall(page);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue to BLIK', exact: true }).click();
  const popup = await popupOpened;
  const paymentId = startedPaymentId(await started);
  await expect(popup.getByRole('heading', { name: 'BLIK payment' })).toBeVisible({ timeout: 15_000 });
  return { popup, paymentId };
}

/** The orders of the signed-in shopper, as the API lists them. */
const ordersOf = async (page: Page) => ((await (await page.request.get('/data/orders/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()).data.orders as Array<{ number: string; status: string }>);

test.describe('BLIK on its own page, in a popup', () => {
  test('approved with a code typed there: the nonce pays the order, and the confirmation has the keys', async ({ page, sandboxUrl }) => {
    const { section } = await atPayment(page, BLIK_STORE);
    await expect(section.getByTestId('payment-total')).toContainText('219,99\u00a0zł');
    await expectNoSeriousAxeViolations(page);
    const { popup, paymentId } = await openBlikPopup(page);
    await expect(popup.getByText(/Pay 219\.99 PLN to/)).toBeVisible();
    // One payment at a time (spec 3 §4): while the window is open every way to pay waits.
    await expect(section.getByRole('button', { name: 'Pay with BLIK code' })).toHaveAttribute('aria-busy', 'true');
    await popup.getByLabel('BLIK code').fill('777123');
    await popup.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page).toHaveURL(ORDER_PAGE('en-pl'), { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 30_000 });
    const number = await orderNumberOn(page);
    expect((await orderOf(page.request, number)).status).toBe('paid');
    expect((await sandboxPayment(page.request, sandboxUrl, paymentId)).status).toBe('sold');
  });

  test('cancelled there: the order ends unpaid, the shopper hears so, and may start again', async ({ page, sandboxUrl }) => {
    await atPayment(page, BLIK_STORE);
    const { popup, paymentId } = await openBlikPopup(page);
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(CANCELLED)).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => ordersOf(page)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect((await sandboxPayment(page.request, sandboxUrl, paymentId)).status).toBe('canceled');
    // The section is free again: the BLIK page can be opened anew.
    await expect(page.getByRole('button', { name: 'Continue to BLIK', exact: true })).not.toHaveAttribute('aria-busy', 'true');
  });

  test('the window closed by the shopper: nothing charged, and said so', async ({ page }) => {
    await atPayment(page, BLIK_STORE);
    const { popup } = await openBlikPopup(page);
    await popup.close();
    await expect(page.getByText(WINDOW_CLOSED)).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => ordersOf(page)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  test("the provider's failure in the window: nothing charged, and said so", async ({ page }) => {
    await atPayment(page, BLIK_STORE);
    const { popup } = await openBlikPopup(page);
    await popup.getByRole('button', { name: 'Fail' }).click();
    await expect(page.getByText(FAILED)).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => ordersOf(page)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  test('left open past 15 minutes: the window closes, the order ends as timed out, nothing charged', async ({ page }) => {
    await page.clock.install();
    await atPayment(page, BLIK_STORE);
    const { popup } = await openBlikPopup(page);
    await page.clock.fastForward('15:01');
    await expect(page.getByText(TIMED_OUT)).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect.poll(() => ordersOf(page)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  test('a blocked popup reserves nothing and offers BLIK in this tab instead', async ({ page }) => {
    // A popup blocker: window.open gives nothing back.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await atPayment(page, BLIK_STORE);
    let starts = 0;
    page.on('request', (request) => {
      if (new URLSearchParams(request.postData() ?? '').get('action') === 'START_LOCAL_PAYMENT') starts += 1;
    });
    await page.getByRole('button', { name: 'Continue to BLIK', exact: true }).click();
    await expect(page.getByText(WINDOW_BLOCKED)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Continue to BLIK in this tab' })).toBeVisible();
    expect(starts).toBe(0);
    expect(await ordersOf(page)).toEqual([]);
  });
});

test.describe('BLIK with the code typed on our page (level 0)', () => {
  test('the code is checked here, and a code the bank refuses is said at the field', async ({ page }) => {
    const { section } = await atPayment(page, BLIK_STORE);
    const code = section.getByLabel('BLIK code');
    await section.getByRole('button', { name: 'Pay with BLIK code' }).click();
    await expect(code).toHaveAccessibleDescription(/Enter the 6-digit BLIK code from your banking app\./);
    await expect(code).toBeFocused();
    await code.fill('12345');
    await section.getByRole('button', { name: 'Pay with BLIK code' }).click();
    await expect(code).toHaveAccessibleDescription(/A BLIK code is 6 digits\./);
    await code.fill('000000');
    await section.getByRole('button', { name: 'Pay with BLIK code' }).click();
    await expect(code).toHaveAccessibleDescription(/Your bank did not accept this code/, { timeout: 15_000 });
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousAxeViolations(page);
  });

  test('one-click BLIK, first use: the code, the customer\'s reference and the alias label go to the provider (spec 3 §5)', async ({ page }) => {
    const { email, section } = await atPayment(page, BLIK_STORE);
    await section.getByLabel('BLIK code').fill('246 810');
    await section.getByRole('checkbox', { name: 'Register this shop in my banking app for one-click BLIK' }).check();
    const create = page.waitForRequest(/\/client_api\/v1\/local_payments\/create/);
    await section.getByRole('button', { name: 'Pay with BLIK code' }).click();
    const sent = (await create).postDataJSON();
    const session = await (await page.request.get('/data/session/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json();
    expect(sent).toMatchObject({
      fundingSource: 'blik',
      amount: '219.99',
      currencyIsoCode: 'PLN',
      firstName: 'Jan',
      lastName: 'Kowalski',
      payerEmail: email,
      countryCode: 'PL',
      line1: 'ul. Marszałkowska 1',
      postalCode: '00-624',
      experienceProfile: { noShipping: true },
      blikOptions: { oneClick: { authCode: '246810', consumerReference: session.data.customer.public_id, aliasLabel: 'Affinity Store' } },
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeVisible({ timeout: 20_000 });
  });

  test('approved in the bank app after the shopper closed the tab: the webhook pays the order and the receipt has the keys', async ({ page, context, sandboxUrl }) => {
    const { email, section } = await atPayment(page, BLIK_STORE);
    await section.getByLabel('BLIK code').fill('123456');
    const started = startLocalPaymentCall(page);
    await section.getByRole('button', { name: 'Pay with BLIK code' }).click();
    const paymentId = startedPaymentId(await started);
    await expect(page).toHaveURL(ORDER_PAGE('en-pl'), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Confirm the payment in your banking app.' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const number = await orderNumberOn(page);
    expect(await orderOf(page.request, number)).toMatchObject({ status: 'pending', local_payment: { method: 'blik', state: 'waiting' } });

    // The shopper closes the tab; the payer approves in the bank's app later.
    const request = context.request;
    await page.close();
    await bankApp(request, sandboxUrl, paymentId, 'approve');
    await expect.poll(async () => (await orderOf(request, number)).status, { timeout: 40_000 }).toBe('paid');
    const receipt = await receiptFor(request, email, number);
    const order = (await (await request.get(`/data/orders/${number}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()).data.order;
    const key = order.lines.find((line: { product_key: string | null }) => line.product_key)?.product_key as string;
    expect(key).toBeTruthy();
    expect(receipt).toContain(key);
  });
});

for (const store of [MB_WAY_STORE, BANCOMAT_STORE] as const) {
  test.describe(`${store.method}, approved in the payer's app`, () => {
    test('the phone number is asked in two parts and checked here; approved, the waiting page turns into the confirmation', async ({ page, sandboxUrl }) => {
      const { section } = await atPayment(page, store);
      const code = section.getByLabel('Country code');
      const number = section.getByLabel('Phone number');
      await expect(code).toHaveValue(store.country === 'PT' ? '351' : '39');
      await code.fill('');
      await section.getByRole('button', { name: `Pay with ${store.method}` }).click();
      await expect(code).toHaveAccessibleDescription(/Enter the country calling code, such as 351\./);
      await expect(number).toHaveAccessibleDescription(/Enter your mobile phone number\./);
      await expect(code).toBeFocused();
      await code.fill('+351');
      await number.fill('12 34');
      await section.getByRole('button', { name: `Pay with ${store.method}` }).click();
      await expect(number).toHaveAccessibleDescription(/6 to 14 digits/);
      await expectNoSeriousAxeViolations(page);

      await number.fill('912 345 678');
      const started = startLocalPaymentCall(page);
      await section.getByRole('button', { name: `Pay with ${store.method}` }).click();
      const paymentId = startedPaymentId(await started);
      await expect(page).toHaveURL(ORDER_PAGE('en-eu'), { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeVisible();
      const orderNumber = await orderNumberOn(page);
      await page.goto('/en-eu/account/orders/');
      await expect(page.getByRole('row', { name: new RegExp(orderNumber) })).toContainText('Waiting for your payment');
      await page.goto(`/en-eu/order/${orderNumber}/`);
      await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeVisible();

      await bankApp(page.request, sandboxUrl, paymentId, 'approve');
      // The page asks again by itself.
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 40_000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeFocused();
    });

    test('left to expire: the order page says so and offers the basket again', async ({ page, sandboxUrl }) => {
      const { section } = await atPayment(page, store);
      await section.getByLabel('Phone number').fill('912345678');
      const started = startLocalPaymentCall(page);
      await section.getByRole('button', { name: `Pay with ${store.method}` }).click();
      const paymentId = startedPaymentId(await started);
      await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your payment' })).toBeVisible({ timeout: 20_000 });
      await bankApp(page.request, sandboxUrl, paymentId, 'expire');
      await expect(page.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible({ timeout: 40_000 });
      await expect(page.getByRole('alert').filter({ hasText: 'The time to approve your payment ran out. You have not been charged for this order.' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('link', { name: 'Back to your basket to pay another way' }).click();
      await expect(page).toHaveURL(/\/en-eu\/checkout\/$/);
    });
  });
}

test("the provider not answering a deferred start in time: the shopper hears so, and nothing is reserved", async ({ page }) => {
  await page.clock.install();
  await atPayment(page, MB_WAY_STORE);
  let starts = 0;
  page.on('request', (request) => {
    if (new URLSearchParams(request.postData() ?? '').get('action') === 'START_LOCAL_PAYMENT') starts += 1;
  });
  // local_payments/create is sent and never answered.
  let create: () => void = () => undefined;
  const sent = new Promise<void>((resolve) => {
    create = resolve;
  });
  await page.route(/\/client_api\/v1\/local_payments\/create/, () => create());
  await paymentSectionOf(page).getByLabel('Phone number').fill('912345678');
  await paymentSectionOf(page).getByRole('button', { name: 'Pay with MB WAY' }).click();
  await sent;
  // The checkout's load limit (120 s by default) passes.
  await page.clock.fastForward('02:01');
  await expect(page.getByText(TIMED_OUT)).toBeVisible({ timeout: 15_000 });
  await expect(paymentSectionOf(page).getByRole('button', { name: 'Pay with MB WAY' })).not.toHaveAttribute('aria-busy', 'true');
  expect(starts).toBe(0);
  expect(await ordersOf(page)).toEqual([]);
});

test('a deferred start the provider answers with a page to go to (START_PAYMENT_DEFERRED_PAYMENT_FAILED): said as a failure, nothing reserved', async ({ page, sandboxUrl }) => {
  await atPayment(page, MB_WAY_STORE);
  let starts = 0;
  page.on('request', (request) => {
    if (new URLSearchParams(request.postData() ?? '').get('action') === 'START_LOCAL_PAYMENT') starts += 1;
  });
  // The provider misbehaves: a type that opens no window comes back with a landing page.
  await page.route(/\/client_api\/v1\/local_payments\/create/, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${sandboxUrl}${url.pathname}${url.search}` });
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, paymentResource: { ...body.paymentResource, redirectUrl: 'https://www.sandbox.paypal.com/__sandbox/lpm/unexpected' } } });
  });
  await paymentSectionOf(page).getByLabel('Phone number').fill('912345678');
  await paymentSectionOf(page).getByRole('button', { name: 'Pay with MB WAY' }).click();
  await expect(page.getByText(FAILED)).toBeVisible({ timeout: 15_000 });
  expect(starts).toBe(0);
  expect(await ordersOf(page)).toEqual([]);
});


