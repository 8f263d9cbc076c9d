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

test('a basket changed while PayPal’s window was open: that approval is refused in the store’s words, and approving again pays the new total', async ({ page, sandboxUrl }) => {
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  let section = await choosePayPal(page);
  const before = (await sessionBasket(page)).pricing.amount_to_pay.amount_minor;
  await section.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(approval(page)).toContainText(`Amount: ${pounds(before)} GBP`);

  // Another tab adds a product meanwhile.
  await addToBasket(page.request, 'en-gb', ['publisher-2']);
  const after = (await sessionBasket(page)).pricing.amount_to_pay.amount_minor;
  expect(after).toBeGreaterThan(before);
  await approval(page).getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByText("This basket has been updated while you've been using the checkout. Please refresh the page and try again.")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/en-gb\/checkout\/$/);

  await page.reload();
  await continueFromBilling(page);
  section = await choosePayPal(page);
  await section.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(approval(page)).toContainText(`Amount: ${pounds(after)} GBP`);
  await approval(page).getByRole('button', { name: 'Approve payment' }).click();
  const orderNumber = await expectConfirmation(page);
  expect(await saleFor(page, sandboxUrl, orderNumber)).toMatchObject({ amount: pounds(after) });
});
