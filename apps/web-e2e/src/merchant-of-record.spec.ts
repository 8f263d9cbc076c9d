import type { APIRequestContext, Page, Response } from '@playwright/test';
import { CONFIGURED_MOUNT_TIMEOUT_MS, configuredDrSandboxPort, configuredPort, drSandboxPort } from '../playwright.config';
import { expect, test } from './card-gateway';
import { expectGivenUp, hold, loadProblem } from './load-limit-support';
import { addToBasket, createAccount, expectNoSeriousAxeViolations, smallPdf, XHR } from './support';

// Paying where Digital River is the merchant of record (issue 11): the real page and API, the
// API's Digital River adapter and the page's DigitalRiver.js both against the local Digital River
// sandbox (its stand-in script). Every test uses its own shopper and basket, so they run in
// parallel; the one drop-in hang (a global sandbox control) runs against the 'configured' store,
// whose sandbox no other test uses. Any request leaving the machine fails the test (card-gateway.ts).

const DR_URL = `http://127.0.0.1:${drSandboxPort}`;
const CONFIGURED_DR_URL = `http://127.0.0.1:${configuredDrSandboxPort}`;
const DR_SECRET = 'sk_test_sandbox_secret';

interface Address {
  readonly line_1: string;
  readonly city: string;
  readonly postal_code: string;
  readonly country: string;
  readonly state?: string;
  readonly vat_id?: string;
}

const payment = (page: Page) => page.locator('section[data-section="payment-details"]');
const dropIn = (page: Page) => page.locator('#mor-drop-in');
const snackbar = (page: Page) => page.locator('.snackbar__message');
/** The snackbar's words (without its dismiss button). */
const snackbarText = (page: Page) => snackbar(page).locator('span').first();

/**
 * A signed-in shopper with a basket and a billing address whose gateway is the merchant of record,
 * all through the real API (the steps before payment have their own tests).
 */
async function shopperWithBilling(page: Page, options: { type: 'personal' | 'business'; locale: 'en-us' | 'en-gb'; address: Address; suites?: string[] }) {
  await createAccount(page.request, { type: options.type, country: options.address.country, firstName: 'Ada', lastName: 'Lovelace' });
  await addToBasket(page.request, options.locale, options.suites ?? ['publisher-2']);
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const basket = session.data.basket.reference as string;
  const billed = await page.request.post('/data/checkout/', {
    headers: XHR,
    form: { action: 'CREATE_CUSTOMER_INVOICE_ADDRESS', body: JSON.stringify({ basket_reference: basket, ...options.address }) },
  });
  expect((await billed.json()).success).toBe(true);
  const decided = await page.request.post('/data/determine-gateway/', { headers: XHR, data: { basket_ref: basket } });
  expect((await decided.json()).data.gateway).toBe('digital-river');
  return basket;
}

/** The next MERCHANT_OF_RECORD_CREATE_CHECKOUT answer the page gets. */
const checkoutCreated = (page: Page) =>
  page.waitForResponse((response: Response) => response.url().endsWith('/data/checkout/') && (response.request().postData() ?? '').includes('MERCHANT_OF_RECORD_CREATE_CHECKOUT'));

interface CheckoutAnswer {
  readonly checkoutId: string;
  readonly totalTaxBreakdown: { readonly net: string; readonly tax: string; readonly gross: string };
  readonly totals: { readonly tax: { readonly amount_minor: number }; readonly gross: { readonly amount_minor: number } };
}

async function checkoutOf(response: Promise<Response>): Promise<CheckoutAnswer> {
  const body = await (await response).json();
  expect(body.success).toBe(true);
  return JSON.parse(body.data.checkout) as CheckoutAnswer;
}

/** The provider's own record of a checkout (its server API, with the secret key). */
async function providerCheckout(request: APIRequestContext, checkoutId: string) {
  const response = await request.get(`${DR_URL}/checkouts/${encodeURIComponent(checkoutId)}`, { headers: { Authorization: `Bearer ${DR_SECRET}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { totalTax: number; totalAmount: number; currency: string; sellingEntity: { name: string } };
}

/** The drop-in is there and ready (the sandbox's stand-in: a card form with a Pay Now button). */
async function dropInReady(page: Page) {
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  await expect(dropIn(page).getByRole('button', { name: 'Pay Now' })).toBeVisible({ timeout: 15_000 });
  await expect(payment(page).getByText('Loading payment methods…', { exact: true })).toHaveCount(0);
}

/** Types a card into the drop-in and presses its Pay Now button, as a shopper would. */
async function payWithCard(page: Page, number: string, expiry = `12/${(new Date().getFullYear() + 3) % 100}`) {
  const form = dropIn(page);
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date (MM/YY)').fill(expiry);
  await form.getByLabel('Security code').fill('123');
  await form.getByLabel('Name on card').fill('Ada Lovelace');
  await form.getByRole('button', { name: 'Pay Now' }).click();
}

async function expectConfirmation(page: Page, locale: string): Promise<string> {
  await expect(page).toHaveURL(new RegExp(`/${locale}/order/AFS-\\d{8}/$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  return (await page.getByTestId('order-number').textContent()) as string;
}

async function orderTotals(request: APIRequestContext, number: string) {
  const answer = await (await request.get(`/data/orders/${number}`, { headers: XHR })).json();
  return answer.data.order as { gateway: string; status: string; total: { tax: number; gross: number } };
}

test('a US business shopper with an exemption certificate pays no sales tax through the drop-in', async ({ page }) => {
  await shopperWithBilling(page, {
    type: 'business',
    locale: 'en-us',
    address: { line_1: '500 Congress Avenue', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
  });
  await page.goto('/en-us/checkout/');
  const exemption = page.locator('section[data-section="tax-exemption"]');
  await expect(exemption).toHaveAttribute('data-state', 'active');
  await exemption.getByLabel('Yes').check();
  const form = page.getByRole('form', { name: 'Tax exemption certificate' });
  await form.getByLabel('Certificate tax authority').selectOption('TX');
  await form.getByLabel('Upload your certificate').setInputFiles({ name: 'texas-exemption.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  const created = checkoutCreated(page);
  await form.getByRole('button', { name: 'Add certificate' }).click();
  const checkout = await checkoutOf(created);

  // The provider exempts the Texan organisation: its tax, not ours, is the total's.
  expect(checkout.totals.tax.amount_minor).toBe(0);
  expect((await providerCheckout(page.request, checkout.checkoutId)).totalTax).toBe(0);
  await dropInReady(page);
  await expect(payment(page).getByTestId('payment-gateway')).toHaveText('You will pay with the secure checkout of our reseller, Digital River.');
  await expect(payment(page).getByTestId('mor-tax')).toHaveText('$0.00');
  await expect(payment(page).getByTestId('mor-gross')).toHaveText(checkout.totalTaxBreakdown.gross);
  await expect(payment(page).getByTestId('payment-total')).toContainText('Digital River, Inc.');
  // No tax identifier for a US sale, no immediate-supply box outside Europe, no Mexican statement.
  await expect(payment(page).getByTestId('mor-tax-identifier')).toBeHidden();
  await expect(payment(page).getByRole('checkbox', { name: /lose my right to withdraw/ })).toHaveCount(0);
  await expect(payment(page).getByTestId('mx-compliance-statement')).toHaveCount(0);
  // The drop-in's options (spec 2 §9): the card form open, Pay Now, the terms of sale shown, no save agreement.
  await expect(dropIn(page).getByLabel('Card number')).toBeVisible();
  await expect(dropIn(page).getByText(/By clicking Pay Now, I agree to the Terms of Sale/)).toBeVisible();
  await expect(dropIn(page).getByRole('checkbox')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await payWithCard(page, '4444 2222 3333 1111');
  const number = await expectConfirmation(page, 'en-us');
  await expect(page.getByTestId('order-tax')).toHaveText('$0.00');
  const order = await orderTotals(page.request, number);
  expect(order).toMatchObject({ gateway: 'digital-river', status: 'paid', total: { tax: 0, gross: checkout.totals.gross.amount_minor } });
});

test('a German business shopper adds a valid VAT number and pays through the drop-in, with the provider’s tax', async ({ page }) => {
  await shopperWithBilling(page, {
    type: 'business',
    locale: 'en-gb',
    address: { line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117', country: 'DE', vat_id: 'DE136695976' },
  });
  const created = checkoutCreated(page);
  await page.goto('/en-gb/checkout/');
  const checkout = await checkoutOf(created);
  // Before a tax identifier, the provider charges German VAT on this sale.
  const provider = await providerCheckout(page.request, checkout.checkoutId);
  expect(Math.round(provider.totalTax * 100)).toBe(checkout.totals.tax.amount_minor);
  expect(checkout.totals.tax.amount_minor).toBeGreaterThan(0);
  await dropInReady(page);
  await expect(payment(page).getByTestId('mor-tax')).toHaveText(checkout.totalTaxBreakdown.tax);
  await expect(payment(page).getByTestId('payment-total')).toContainText(provider.sellingEntity.name);

  // The provider's tax identifier element is offered for this sale: the VAT number is attached once complete.
  const element = payment(page).getByTestId('mor-tax-identifier');
  await expect(element).toBeVisible();
  const attached = page.waitForResponse((response) => (response.request().postData() ?? '').includes('MERCHANT_OF_RECORD_ATTACH_TAX_ID'));
  await element.getByLabel('Tax ID').fill('DE136695976');
  const repriced = JSON.parse((await (await attached).json()).data.checkout) as CheckoutAnswer & { taxIdentifier: { type: string; value: string } };
  expect(repriced.taxIdentifier).toMatchObject({ type: 'de', value: 'DE136695976' });
  await expect(element.getByRole('status')).toHaveText('Tax ID DE136695976 added. The total has been updated.');
  // Reverse charge: the provider's tax, now none, is the total's.
  expect(repriced.totals.tax.amount_minor).toBe(0);
  expect((await providerCheckout(page.request, checkout.checkoutId)).totalTax).toBe(0);
  await expect(payment(page).getByTestId('mor-tax')).toHaveText(repriced.totalTaxBreakdown.tax);
  await expect(payment(page).getByTestId('mor-gross')).toHaveText(repriced.totalTaxBreakdown.gross);

  // A European consumer's immediate-supply consent comes first: paying without it is stopped at the box.
  await payWithCard(page, '5466 1600 0000 0008');
  const consent = payment(page).getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await expect(consent).toBeFocused();
  await expect(payment(page).getByText('Please tick this box to confirm')).toBeVisible();
  await consent.check();
  await dropIn(page).getByRole('button', { name: 'Pay Now' }).click();

  const number = await expectConfirmation(page, 'en-gb');
  await expect(page.getByTestId('order-tax')).toHaveText(repriced.totalTaxBreakdown.tax);
  const order = await orderTotals(page.request, number);
  expect(order).toMatchObject({ gateway: 'digital-river', status: 'paid', total: { tax: 0, gross: repriced.totals.gross.amount_minor } });
});

test('a declined card says so, and another card then pays the same order', async ({ page }) => {
  await shopperWithBilling(page, {
    type: 'personal',
    locale: 'en-us',
    address: { line_1: '350 Fifth Avenue', city: 'New York', state: 'NY', postal_code: '10118', country: 'US' },
  });
  await page.goto('/en-us/checkout/');
  await dropInReady(page);
  // New York's sales tax, from the provider.
  await expect(payment(page).getByTestId('mor-tax')).not.toHaveText('$0.00');

  const placed = page.waitForResponse((response) => (response.request().postData() ?? '').includes('action=PLACE_ORDER'));
  await payWithCard(page, '4000 0000 0000 3600');
  const refusal = await (await placed).json();
  expect(refusal).toMatchObject({ success: false, code: 710005, data: { charged: 'not-charged' } });
  await expect(snackbarText(page)).toHaveText('Your payment was declined. Please use a different payment method.');
  await expect(payment(page).getByTestId('charge-note')).toHaveText('You have not been charged, so it is safe to try again.');

  // The section is active again with the same drop-in: what was typed is kept, the refused card is
  // named beside it, and its number has the focus, selected to be typed over. The retry keeps the order number.
  await expect(payment(page).getByTestId('mor-refused')).toHaveText(
    'Your Visa ending in 3600 was not accepted. What you typed is still below: correct it, or enter a different card.',
  );
  const number = dropIn(page).getByLabel('Card number');
  await expect(number).toBeFocused();
  await expect(number).toHaveValue('4000 0000 0000 3600');
  expect(await number.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 19]);
  await expect(dropIn(page).getByLabel('Name on card')).not.toHaveValue('');
  await page.keyboard.type('4444 2222 3333 1111');
  await dropIn(page).getByRole('button', { name: 'Pay Now' }).click();
  const placedNumber = await expectConfirmation(page, 'en-us');
  expect(placedNumber).toBe(refusal.data.order_number);
  expect((await orderTotals(page.request, placedNumber)).status).toBe('paid');
});

test('drop-in errors: card field errors stay in the drop-in, a refused source has its own message', async ({ page }) => {
  await shopperWithBilling(page, {
    type: 'personal',
    locale: 'en-us',
    address: { line_1: '1 Main Street', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
  });
  await page.goto('/en-us/checkout/');
  await dropInReady(page);

  await payWithCard(page, '4444 2222');
  await expect(dropIn(page).getByText('Your card number is incomplete.')).toBeVisible();
  await expect(snackbar(page)).toHaveCount(0);
  // A cancel is quiet too.
  await dropIn(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(snackbar(page)).toHaveCount(0);

  await payWithCard(page, '4000 0000 0000 3295');
  await expect(snackbarText(page)).toHaveText('Your payment details could not be saved. Please check them and try again.');
  await expect(snackbar(page)).toHaveAttribute('data-code', '710001');
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  const orders = await (await page.request.get('/data/orders/', { headers: XHR })).json();
  expect(orders.data.orders).toEqual([]);
});

test('a Canadian business shopper adds a tax ID in the provider’s element: a refused one says so, a good one removes the tax', async ({ page }) => {
  await shopperWithBilling(page, {
    type: 'business',
    locale: 'en-us',
    address: { line_1: '100 King Street West', city: 'Toronto', state: 'ON', postal_code: 'M5X 1A9', country: 'CA' },
  });
  await page.goto('/en-us/checkout/');
  await dropInReady(page);
  const element = payment(page).getByTestId('mor-tax-identifier');
  await expect(element).toBeVisible();
  await expect(payment(page).getByTestId('mor-tax')).not.toHaveText('$0.00');

  const taxId = element.getByLabel('Tax ID');
  // Incomplete: nothing is sent.
  await taxId.fill('1234');
  await expect(element.locator('.mor-tax-id__status')).toBeEmpty();
  await taxId.fill('123456999');
  await expect(snackbarText(page)).toHaveText('The tax identifier you have entered is not valid.');
  await expect(payment(page).getByTestId('mor-tax')).not.toHaveText('$0.00');
  await snackbar(page).getByRole('button', { name: 'Dismiss message' }).click();

  await taxId.fill('123456789');
  await expect(element.getByRole('status')).toHaveText('Tax ID 123456789 added. The total has been updated.');
  await expect(payment(page).getByTestId('mor-tax')).toHaveText('$0.00');
});

test('a Mexican business shopper charged no tax sees the compliance statement', async ({ page }) => {
  await shopperWithBilling(page, {
    type: 'business',
    locale: 'en-us',
    address: { line_1: 'Paseo de la Reforma 505', city: 'Ciudad de México', postal_code: '06500', country: 'MX' },
  });
  const created = checkoutCreated(page);
  await page.goto('/en-us/checkout/');
  const checkout = await checkoutOf(created);
  expect(checkout.totals.tax.amount_minor).toBe(0);
  await dropInReady(page);
  await expect(payment(page).getByTestId('mor-tax')).toHaveText('$0.00');
  await expect(payment(page).getByTestId('mx-compliance-statement')).toHaveText(
    /sells this order to you as our authorised reseller and merchant of record\. The price shown includes all taxes that apply in Mexico.*\(CFDI\)\./,
  );
});

test('a basket change drops the drop-in and the next payment step makes a fresh checkout', async ({ page }) => {
  await shopperWithBilling(page, {
    type: 'personal',
    locale: 'en-us',
    address: { line_1: '1 Main Street', city: 'Portland', state: 'OR', postal_code: '97201', country: 'US' },
    suites: ['publisher-2', 'photo-2'],
  });
  const first = checkoutCreated(page);
  await page.goto('/en-us/checkout/');
  const before = await checkoutOf(first);
  await dropInReady(page);

  await page.getByRole('button', { name: /^Remove Affinity Photo/ }).click();
  await expect(dropIn(page)).toHaveCount(0);
  const billing = page.locator('section[data-section="billing-address"]');
  const second = checkoutCreated(page);
  await billing.getByRole('button', { name: 'Continue' }).click();
  const after = await checkoutOf(second);
  expect(after.checkoutId).not.toBe(before.checkoutId);
  expect(after.totals.gross.amount_minor).toBeLessThan(before.totals.gross.amount_minor);
  await dropInReady(page);
  await expect(payment(page).getByTestId('mor-gross')).toHaveText(after.totalTaxBreakdown.gross);
});

test.describe('against the configured store (mount limit 3 s, a Digital River sandbox of its own)', () => {
  test.use({ baseURL: `http://127.0.0.1:${configuredPort}` });
  // Its sandbox's controls are global: these tests take turns.
  test.describe.configure({ mode: 'serial' });
  const frenchShopper = (page: Page) =>
    shopperWithBilling(page, { type: 'personal', locale: 'en-gb', address: { line_1: '10 Rue de Rivoli', city: 'Paris', postal_code: '75001', country: 'FR' } });

  test('a provider that cannot create the checkout: there was a problem obtaining payment methods', async ({ page }) => {
    await frenchShopper(page);
    const forced = await page.request.post(`${CONFIGURED_DR_URL}/__sandbox/force`, { data: { resource: 'checkouts', method: 'POST', fail: 'service_unavailable', times: 3 } });
    expect(forced.ok()).toBe(true);
    try {
      await page.goto('/en-gb/checkout/');
      const problem = payment(page).getByTestId('payment-methods-problem');
      await expect(problem).toContainText('There was a problem obtaining payment methods');
      await expect(problem).toContainText('If you are browsing privately, please try again in a normal window.');
      await expect(problem).toContainText('please contact our customer support');
      await expect(snackbar(page)).toHaveAttribute('data-code', '310001');
      await expect(dropIn(page)).toHaveCount(0);
    } finally {
      await page.request.delete(`${CONFIGURED_DR_URL}/__sandbox/force`);
    }
  });

  test('a drop-in that never becomes ready gives up with the mounting error after the limit', async ({ page }) => {
    const hang = (on: boolean) => page.request.post(`${CONFIGURED_DR_URL}/__sandbox/drop-in`, { data: { hang: on } });
    await frenchShopper(page);
    expect((await hang(true)).ok()).toBe(true);
    try {
      await page.goto('/en-gb/checkout/');
      await expect(payment(page)).toHaveAttribute('data-state', 'active');
      const started = Date.now();
      // The page's own status (the hung drop-in stand-in, once mounted, shows the same words inside #mor-drop-in).
      await expect(payment(page).getByText('Loading payment methods…', { exact: true }).first()).toBeVisible();
      const error = payment(page).getByTestId('drop-in-mount-error');
      await expect(error).toHaveText('The payment form took too long to load. Please refresh the page and try again.', { timeout: CONFIGURED_MOUNT_TIMEOUT_MS + 7_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(CONFIGURED_MOUNT_TIMEOUT_MS - 1_500);
      await expect(snackbar(page)).toHaveAttribute('data-code', '710002');
      // It gave up: the drop-in is gone.
      await expect(dropIn(page)).toHaveCount(0);
    } finally {
      expect((await hang(false)).ok()).toBe(true);
    }
  });

  test('a provider script that never answers: 310001 with Retry, and Retry loads it afresh and pays', async ({ page }) => {
    // Waits out the configured store's 8 s load limit.
    test.setTimeout(60_000);
    // The provider's script at its own address; a retry asks for it with a retry query, which goes through.
    const stalled = await hold(page, /\/v1\/DigitalRiver\.js$/);
    await frenchShopper(page);
    const started = Date.now();
    await page.goto('/en-gb/checkout/');
    await expect(payment(page)).toHaveAttribute('data-state', 'active');
    await expect.poll(() => stalled.held.length).toBeGreaterThan(0);
    await expectGivenUp(page, started);
    // The hung script was taken off the page; no drop-in.
    await expect(page.locator('script[src$="/v1/DigitalRiver.js"]')).toHaveCount(0);
    await expect(dropIn(page)).toHaveCount(0);

    await loadProblem(page).getByRole('button', { name: 'Retry' }).click();
    await dropInReady(page);
    await expect(page.locator('script[src$="/v1/DigitalRiver.js?retry=1"]')).toHaveCount(1);
    // The first request is still hanging: the script came from the fresh address.
    expect(stalled.held).toHaveLength(1);
    await payment(page).getByRole('checkbox', { name: /I want my downloads and product keys straight away/ }).check();
    await payWithCard(page, '4444 2222 3333 1111');
    await expectConfirmation(page, 'en-gb');
    await page.unroute(/\/v1\/DigitalRiver\.js$/);
  });
});
