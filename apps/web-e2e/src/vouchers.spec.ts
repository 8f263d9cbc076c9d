import type { Page } from '@playwright/test';
import { enterCard, expect, SANDBOX_URL, test } from './card-gateway';
import { addToBasket, createAccount, expectNoSeriousAxeViolations, fillBillingAddress } from './support';

// Vouchers (ours): prepaid value that pays part or all of an order after discount and tax. Through
// the real page, API and Postgres, with the card gateway's local sandbox taking the rest.

const voucherField = (page: Page) => page.getByRole('textbox', { name: 'Voucher code', exact: true });
const redeem = (page: Page) => page.getByRole('button', { name: 'Redeem voucher' });
const fieldError = (page: Page) => page.locator('.voucher-box .field__error');
const total = (page: Page) => page.getByTestId('basket-total');
const announced = (page: Page, text: string) => expect(page.locator('[role=status][aria-live=polite]').filter({ hasText: text })).toBeAttached();
const payment = (page: Page) => page.locator('section[data-section="payment-details"]');

// The first test walks six refusals and a split payment: over 25 s on a quiet two-core machine.
test.describe.configure({ timeout: 60_000 });

test('a voucher: each refusal word for word, part of the order paid by it and the rest by card, the balance kept', async ({ page }) => {
  await createAccount(page.request, { firstName: 'Vera', lastName: 'Voucher' });
  // Affinity Photo 2 (£41.99) and Publisher 2 (£69.99): more than the £50 voucher covers.
  await addToBasket(page.request, 'en-gb', ['photo-2', 'publisher-2']);
  await page.goto('/en-gb/checkout/');
  await expect(total(page)).toHaveText('£111.98');

  // spec 1 §5 validVoucherCode, checked in the page before anything is sent.
  await voucherField(page).fill('x!');
  await redeem(page).click();
  await expect(fieldError(page)).toHaveText('Enter a valid voucher code');
  await expect(voucherField(page)).toHaveAttribute('aria-invalid', 'true');

  // spec 2 §8's refusals, as the server words them, by the field that caused them.
  for (const [code, message] of [
    ['NO-SUCH-VOUCHER', 'This voucher code does not exist.'],
    ['GIFT-EXPIRED', 'This voucher code has expired.'],
    ['PARTNER-GIFT', 'Your email address does not match the one attached to this voucher code.'],
    ['GIFT-SPENT', 'This voucher has no balance left.'],
  ]) {
    await voucherField(page).fill(code);
    await redeem(page).click();
    await expect(fieldError(page)).toHaveText(message);
    await expect(voucherField(page)).toBeFocused();
    await expect(total(page)).toHaveText('£111.98');
    await expect(page.getByTestId('applied-voucher')).toHaveCount(0);
  }

  // By keyboard: typed and sent with Enter.
  await voucherField(page).fill('gift-50');
  await voucherField(page).press('Enter');
  await announced(page, 'Voucher applied successfully');
  const voucher = page.getByTestId('applied-voucher');
  await expect(voucher).toContainText('GIFT-50');
  await expect(voucher).toContainText('−£50.00');
  await expect(page.getByTestId('voucher-balance')).toHaveText('Balance left on voucher: £0.00');
  await expect(page.getByTestId('amount-to-pay')).toHaveText('£61.98');
  // The sale's total (and its tax) stays as it was: the voucher pays, it does not discount.
  await expect(total(page)).toHaveText('£111.98');
  await expect(voucherField(page)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Removing it and putting it back moves the amount to pay exactly.
  await voucher.getByRole('button', { name: 'Remove voucher GIFT-50' }).click();
  await announced(page, 'Voucher removed');
  await expect(page.getByTestId('applied-voucher')).toHaveCount(0);
  await voucherField(page).fill('GIFT-50');
  await redeem(page).click();
  await expect(page.getByTestId('amount-to-pay')).toHaveText('£61.98');

  // Billing, then the card pays what the voucher leaves.
  const form = page.getByRole('form', { name: 'Billing address' });
  await page.goto('/en-gb/checkout/?stage=billing');
  await fillBillingAddress(form, { line1: '1 Infinite Loop', city: 'Nottingham', postalCode: 'NG1 1AA' });
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  await expect(payment(page).getByTestId('payment-total')).toContainText('£61.98');
  await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeAttached();
  await enterCard(page, { number: '4000000000001000' });
  const consent = payment(page).getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await consent.focus();
  await page.keyboard.press('Space');
  await payment(page).getByRole('button', { name: 'Pay with card' }).click();

  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  const number = (await page.getByTestId('order-number').textContent()) as string;
  await expect(page.getByTestId('order-voucher')).toHaveText('Paid with voucher GIFT-50: £50.00 · Amount paid: £61.98 · Balance left on voucher: £0.00');
  await expectNoSeriousAxeViolations(page);
  // The gateway was charged only the rest.
  const sales = (await (await page.request.get(`${SANDBOX_URL}/__sandbox/transactions`)).json()) as { type: string; orderId: string | null; amount: string }[];
  expect(sales.filter((sale) => sale.type === 'sale' && sale.orderId?.startsWith(`${number}-`)).map((sale) => sale.amount)).toEqual(['61.98']);

  // The balance is kept: spent, the voucher is refused on the next basket.
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  await page.goto('/en-gb/checkout/');
  await voucherField(page).fill('GIFT-50');
  await redeem(page).click();
  await expect(fieldError(page)).toHaveText('This voucher has no balance left.');
});

test('a voucher that covers the whole order leaves nothing to pay and keeps the rest of its balance', async ({ page }) => {
  await createAccount(page.request, { firstName: 'Gita', lastName: 'Gift' });
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/en-gb/checkout/');
  await voucherField(page).fill('GIFT-100');
  await redeem(page).click();
  await expect(page.getByTestId('amount-to-pay')).toHaveText('£0.00');
  await expect(page.getByTestId('voucher-balance')).toHaveText('Balance left on voucher: £58.01');
  // Fits a 320 px screen without sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const placeOrder = page.locator('section[data-section="place-order"]');
  await expect(placeOrder).toHaveAttribute('data-state', 'active');
  await placeOrder.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  await expect(page.getByTestId('order-voucher')).toHaveText('Paid with voucher GIFT-100: £41.99 · Amount paid: £0.00 · Balance left on voucher: £58.01');
});
