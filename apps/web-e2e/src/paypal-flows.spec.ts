import type { Page } from '@playwright/test';
import { expect, expectConfirmation, paymentSection, shopperAtPayment, test } from './card-gateway';
import { addToBasket, XHR } from './support';

// PayPal's checkout beyond its plain button, through the real braintree-web paypal-checkout module
// and the sandbox's PayPal: the basket's items and discounts shown at PayPal, Pay Later, and a
// basket changed while PayPal's window was open.

const approval = (page: Page) => page.getByRole('dialog', { name: 'PayPal sandbox approval' });

/** A changed basket voids the payment set up for it (spec 2 §4): the billing step is confirmed again. */
async function continueFromBilling(page: Page) {
  await page.getByRole('region', { name: 'Billing address' }).getByRole('button', { name: 'Continue', exact: true }).click();
}

async function choosePayPal(page: Page) {
  const section = paymentSection(page);
  const radio = section.getByRole('radio', { name: 'PayPal' });
  await expect(radio).toBeVisible({ timeout: 15_000 });
  await radio.check();
  const box = section.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  return section;
}

interface SessionBasket {
  readonly lines: { name: string; quantity: number; total: { amount_minor: number } }[];
  readonly pricing: { amount_to_pay: { amount_minor: number } };
}

const sessionBasket = async (page: Page): Promise<SessionBasket> => (await (await page.request.get('/data/session/', { headers: XHR })).json()).data.basket;
const pounds = (minor: number) => (minor / 100).toFixed(2);

/** The sandbox's sale for an order: what the gateway charged. */
async function saleFor(page: Page, sandboxUrl: string, orderNumber: string) {
  const sales = (await (await page.request.get(`${sandboxUrl}/__sandbox/transactions`)).json()) as { orderId: string | null; amount: string; status: string }[];
  return sales.find((sale) => sale.orderId?.startsWith(orderNumber));
}

test('PayPal shows the basket’s items and the discount, adding up to what is charged', async ({ page, sandboxUrl }) => {
  await shopperAtPayment(page, { suites: ['photo-2', 'publisher-2'] });
  await page.goto('/en-gb/checkout/');
  await page.getByRole('textbox', { name: 'Discount code', exact: true }).fill('welcome10');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByTestId('applied-discount')).toContainText('WELCOME10');
  await continueFromBilling(page);
  const section = await choosePayPal(page);
  const basket = await sessionBasket(page);

  await section.getByRole('button', { name: 'PayPal', exact: true }).click();
  const dialog = approval(page);
  const itemTotal = basket.lines.reduce((sum, line) => sum + line.total.amount_minor, 0);
  const toPay = basket.pricing.amount_to_pay.amount_minor;
  const expected = [
    ...basket.lines.map((line) => `Item: ${line.name}, ${line.quantity} × ${pounds(line.total.amount_minor / line.quantity)} GBP`),
    `Item total: ${pounds(itemTotal)} GBP`,
    `Discount: -${pounds(itemTotal - toPay)} GBP`,
    `Amount: ${pounds(toPay)} GBP`,
  ];
  await expect(dialog.locator('p').filter({ hasText: /^(Item|Item total|Discount|Amount): / })).toHaveText(expected);
  expect(itemTotal - toPay).toBeGreaterThan(0);

  await dialog.getByRole('button', { name: 'Approve payment' }).click();
  const orderNumber = await expectConfirmation(page);
  expect(await saleFor(page, sandboxUrl, orderNumber)).toMatchObject({ amount: pounds(toPay) });
});

test('Pay Later: offered beside PayPal on the UK storefront, approved, the payer’s financing comes back, and the order is paid', async ({ page, sandboxUrl }) => {
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  const section = await choosePayPal(page);
  const payLater = section.getByRole('button', { name: 'Pay Later', exact: true });
  await expect(payLater).toBeVisible();
  await expect(section.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  const toPay = (await sessionBasket(page)).pricing.amount_to_pay.amount_minor;

  await payLater.click();
  const dialog = approval(page);
  await expect(dialog).toContainText('Pay Later: Pay in 3 interest-free payments.');
  const tokenized = page.waitForResponse((response) => response.url().includes('/payment_methods/paypal_accounts') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Approve payment' }).click();
  const account = (await (await tokenized).json()).paypalAccounts[0];
  expect(account.details.creditFinancingOffered).toMatchObject({ term: 3, totalCost: { value: pounds(toPay), currency: 'GBP' }, totalInterest: { value: '0.00' }, payerAcceptance: true });
  const orderNumber = await expectConfirmation(page);
  expect(await saleFor(page, sandboxUrl, orderNumber)).toMatchObject({ amount: pounds(toPay) });
});

test('Pay Later cancelled in PayPal’s window: its words, nothing charged or ordered, and Pay Later is there again', async ({ page }) => {
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  const section = await choosePayPal(page);
  const payLater = section.getByRole('button', { name: 'Pay Later', exact: true });
  await expect(payLater).toBeVisible();
  await payLater.click();
  await expect(approval(page)).toContainText('Pay Later: Pay in 3 interest-free payments.');
  await approval(page).getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByText('The payment was cancelled on PayPal.')).toBeVisible();
  expect(await ordersOf(page)).toEqual([]);
  await expect(section.getByRole('button', { name: 'Pay Later', exact: true })).toBeVisible();
});

/** The PayPal payment createPayment makes, as the sandbox's PayPal holds it (its EC token rides in redirectUrl). */
function payPalPaymentOf(page: Page, sandboxUrl: string) {
  const created = page.waitForResponse((response) => response.url().includes('/paypal_hermes/create_payment_resource') && response.request().method() === 'POST');
  return async () => {
    const redirect = String((await (await created).json()).paymentResource.redirectUrl);
    const token = new URL(redirect).searchParams.get('token');
    return (await (await page.request.get(`${sandboxUrl}/__sandbox/paypal/orders/${token}`)).json()) as { amount: string; updates?: number; lineItems?: { name: string; quantity: string; unitAmount: string }[] };
  };
}

/** Another tab of the same browser removes a product from the basket, through the checkout's own basket. */
async function removeInAnotherTab(page: Page, name: string) {
  const other = await page.context().newPage();
  await other.goto('/en-gb/checkout/');
  // The page takes the line off its list at once and sends the edit behind it: the tab stays open
  // until the store has answered, since closing it can cancel the edit on its way (behind nginx the
  // proxy drops a request whose browser went away, and the basket stays as it was).
  const removed = other.waitForResponse((response) => response.url().endsWith('/data/checkout/') && (response.request().postData() ?? '').includes('REMOVE_LINE'));
  await other.getByRole('button', { name: `Remove ${name}` }).click();
  expect((await removed).ok()).toBe(true);
  await expect(other.getByRole('list', { name: 'Products in your basket' }).getByText(name, { exact: true })).toHaveCount(0);
  await other.close();
}

/**
 * The shopper's orders. A sale is made only by PLACE_ORDER, which records the order first, so a
 * shopper with none was charged nothing; the sandbox's own list counts every test's sales at once.
 */
const ordersOf = async (page: Page) => (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as unknown[];

test('a basket lowered in another tab while PayPal’s window is open: PayPal’s payment is updated to it, and the new total is paid', async ({ page, sandboxUrl }) => {
  await shopperAtPayment(page, { suites: ['photo-2', 'publisher-2'] });
  await page.goto('/en-gb/checkout/');
  const section = await choosePayPal(page);
  const before = await sessionBasket(page);
  const payment = payPalPaymentOf(page, sandboxUrl);
  await section.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(approval(page)).toContainText(`Amount: ${pounds(before.pricing.amount_to_pay.amount_minor)} GBP`);

  // Another tab of the same browser removes a product meanwhile.
  await removeInAnotherTab(page, 'Affinity Publisher 2');
  const after = await sessionBasket(page);
  const toPay = after.pricing.amount_to_pay.amount_minor;
  expect(toPay).toBeLessThan(before.pricing.amount_to_pay.amount_minor);

  await approval(page).getByRole('button', { name: 'Approve payment' }).click();
  const orderNumber = await expectConfirmation(page);
  // PayPal's record now carries the basket that was charged: its amount and its one item.
  expect(await (await payment)()).toMatchObject({
    amount: pounds(toPay),
    updates: 1,
    lineItems: after.lines.map((line) => ({ name: line.name, quantity: String(line.quantity), unitAmount: pounds(line.total.amount_minor / line.quantity) })),
  });
  expect(await saleFor(page, sandboxUrl, orderNumber)).toMatchObject({ amount: pounds(toPay) });
});

test('a basket raised while PayPal’s window was open: nothing is charged, the shopper is told, and approving again pays the new total', async ({ page, sandboxUrl }) => {
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  let section = await choosePayPal(page);
  const before = (await sessionBasket(page)).pricing.amount_to_pay.amount_minor;
  const payment = payPalPaymentOf(page, sandboxUrl);
  await section.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(approval(page)).toContainText(`Amount: ${pounds(before)} GBP`);

  // Another tab adds a product meanwhile.
  await addToBasket(page.request, 'en-gb', ['publisher-2']);
  const after = (await sessionBasket(page)).pricing.amount_to_pay.amount_minor;
  expect(after).toBeGreaterThan(before);
  await approval(page).getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByText('Your basket changed after you approved the payment at PayPal, so you have not been charged. Please check your basket and approve the new total.')).toBeVisible();
  expect(await ordersOf(page)).toEqual([]);
  expect(await (await payment)()).toMatchObject({ amount: pounds(before) });
  expect((await (await payment)()).updates ?? 0).toBe(0);

  // The page reads the basket as it now is: its changed basket is confirmed from billing again, and
  // PayPal's button is made afresh for its total.
  await continueFromBilling(page);
  section = await choosePayPal(page);
  await expect(page.getByTestId('payment-total')).toContainText(pounds(after));
  await section.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(approval(page)).toContainText(`Amount: ${pounds(after)} GBP`);
  await approval(page).getByRole('button', { name: 'Approve payment' }).click();
  const orderNumber = await expectConfirmation(page);
  expect(await saleFor(page, sandboxUrl, orderNumber)).toMatchObject({ amount: pounds(after) });
});

test('PayPal cannot be reached to update its payment to a lowered basket: nothing is charged, in the store’s words', async ({ page }) => {
  await shopperAtPayment(page, { suites: ['photo-2', 'publisher-2'] });
  await page.goto('/en-gb/checkout/');
  const section = await choosePayPal(page);
  await section.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(approval(page)).toBeVisible();
  await removeInAnotherTab(page, 'Affinity Publisher 2');
  await page.route('**/client_api/v1/paypal_hermes/patch_payment_resource', (route) => route.abort('connectionfailed'));

  await approval(page).getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByText("PayPal could not take your basket's new total, so you have not been charged. Please approve the payment at PayPal again.")).toBeVisible();
  expect(await ordersOf(page)).toEqual([]);
});
