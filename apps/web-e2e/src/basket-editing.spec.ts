import { expect, test, type Page } from '@playwright/test';
import { addToBasket, createAccount, expectNoSeriousAxeViolations, PASSWORD, uniqueEmail } from './support';

/** Fills this browser's basket through the real API (same cookies as the page) and opens the checkout. */
async function basketWith(page: Page, locale: string, suites: ReadonlyArray<readonly [string, string?]>) {
  await addToBasket(page.request, locale, suites);
  await page.goto(`/${locale}/checkout/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
}

const lines = (page: Page) => page.getByRole('list', { name: 'Products in your basket' }).getByRole('listitem').filter({ has: page.locator('.basket-line__name') });
const line = (page: Page, name: string) => lines(page).filter({ has: page.getByText(name, { exact: true }) });
const codeField = (page: Page) => page.getByRole('textbox', { name: 'Discount code', exact: true });
const total = (page: Page) => page.getByTestId('basket-total');
const announced = (page: Page, text: string) => expect(page.locator('[role=status][aria-live=polite]').filter({ hasText: text })).toBeAttached();

test('a shopper changes a choice, and the basket keeps it', async ({ page }) => {
  await basketWith(page, 'en-gb', [['photo-2', 'macos'], ['publisher-2']]);
  await expect(total(page)).toHaveText('£111.98');
  const photo = line(page, 'Affinity Photo 2');
  await photo.getByLabel('Platform of Affinity Photo 2').selectOption('ipados');
  await expect(photo.getByTestId('line-price')).toContainText('£15.99');
  await expect(total(page)).toHaveText('£85.98');
  await page.reload();
  await expect(line(page, 'Affinity Photo 2').getByLabel('Platform of Affinity Photo 2')).toHaveValue('ipados');
  await expect(total(page)).toHaveText('£85.98');
});

test('an earlier version on sale beside the current one is marked as such in the choice and on the line', async ({ page }) => {
  await basketWith(page, 'en-gb', [['designer-2', 'macos']]);
  const designer = line(page, 'Affinity Designer 2');
  const platform = designer.getByLabel('Platform of Affinity Designer 2');
  expect(await platform.locator('option').allTextContents()).toEqual(['macOS', 'Windows', 'macOS 10.14 or earlier (earlier version)']);
  await expect(designer.getByTestId('legacy-product')).toHaveCount(0);

  await platform.selectOption('macos-1');
  await expect(designer.getByTestId('legacy-product')).toHaveText('An earlier version of Affinity Designer 2');
  await expect(designer.getByTestId('line-price')).toContainText('£29.99');
  await expect(total(page)).toHaveText('£29.99');
  await expectNoSeriousAxeViolations(page);
  await page.reload();
  await expect(line(page, 'Affinity Designer 2').getByTestId('legacy-product')).toHaveText('An earlier version of Affinity Designer 2');

  await line(page, 'Affinity Designer 2').getByLabel('Platform of Affinity Designer 2').selectOption('macos');
  await expect(line(page, 'Affinity Designer 2').getByTestId('legacy-product')).toHaveCount(0);
  await expect(total(page)).toHaveText('£41.99');
});

test('quantities: a dropdown to 10 +, then a numeric input; above the maximum is refused and restored; nonsense settles', async ({ page }) => {
  await basketWith(page, 'en-gb', [['universal-v2-business']]);
  const quantity = page.getByLabel('Quantity of Affinity V2 Universal Licence for Teams');
  await expect(quantity).toHaveValue('5');
  const options = await quantity.locator('option').allTextContents();
  expect(options).toEqual(['5', '6', '7', '8', '9', '10 +']);
  await expect(total(page)).toHaveText('£649.95');

  await quantity.selectOption('10');
  const input = page.getByRole('textbox', { name: 'Quantity of Affinity V2 Universal Licence for Teams' });
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('10');
  await expect(total(page)).toHaveText('£1,299.90');

  await input.fill('12');
  await input.press('Enter');
  await expect(total(page)).toHaveText('£1,559.88');

  await input.fill('150');
  await input.press('Enter');
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'You have reached the maximum quantity of this product for one order.' })).toBeVisible();
  await expect(input).toHaveValue('12');
  await expect(total(page)).toHaveText('£1,559.88');

  // Not a number: after 3 seconds it settles to the minimum, and the dropdown comes back.
  await input.fill('lots');
  await expect(quantity).toHaveValue('5', { timeout: 6000 });
  await expect(total(page)).toHaveText('£649.95');
  await page.reload();
  await expect(page.getByLabel('Quantity of Affinity V2 Universal Licence for Teams')).toHaveValue('5');
});

test('a locked line shows its quantity and bonus products; a line can be removed, focus moving to the basket buttons', async ({ page }) => {
  await basketWith(page, 'en-gb', [['universal-v2'], ['photo-3', 'windows'], ['publisher-2']]);
  const universal = line(page, 'Affinity V2 Universal Licence');
  await expect(universal.getByTestId('line-quantity')).toHaveText('1');
  await expect(universal.getByRole('list', { name: 'Included with Affinity V2 Universal Licence' })).toContainText('Affinity Photo 2 for iPad');
  await expect(line(page, 'Affinity Photo 3')).toContainText('Pre-order. Available: 1 June 2027');
  await expect(lines(page)).toHaveCount(3);

  await line(page, 'Affinity Publisher 2').getByRole('button', { name: 'Remove Affinity Publisher 2' }).click();
  await expect(lines(page)).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toBeFocused();
  await announced(page, 'Affinity Publisher 2 removed from your basket');
  await expect(total(page)).toHaveText('£159.98');
  await page.reload();
  await expect(lines(page)).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);
});

test('discount codes on a tax-inclusive GB basket: each refusal has its message; applying and removing moves the total exactly', async ({ page }) => {
  await basketWith(page, 'en-gb', [['photo-2'], ['publisher-2']]);
  await expect(page.getByText('Total (including tax)')).toBeVisible();
  await expect(total(page)).toHaveText('£111.98');
  const field = codeField(page);
  const apply = page.getByRole('button', { name: 'Apply' });

  await field.fill('x!');
  await apply.click();
  await expect(page.getByText('Enter a valid voucher code')).toBeVisible();

  for (const [code, message] of [
    ['SPRING25', 'This discount code has reached its usage limit.'],
    ['AUTUMN20', 'This discount code has expired.'],
    ['PARTNER15', 'Your email address does not match the one attached to this discount code.'],
    ['NOSUCHCODE', 'This discount code does not exist.'],
  ]) {
    await field.fill(code);
    await apply.click();
    await expect(page.locator('.discount-box .field__error')).toHaveText(message);
    await expect(field).toBeFocused();
    await expect(total(page)).toHaveText('£111.98');
  }

  await field.fill('welcome10');
  await apply.click();
  await announced(page, 'Discount code applied successfully');
  const discount = page.getByTestId('applied-discount');
  await expect(discount).toContainText('WELCOME10');
  await expect(discount).toContainText('10% off');
  await expect(discount).toContainText('−£11.20');
  await expect(total(page)).toHaveText('£100.78');
  await expect(codeField(page)).toHaveCount(0);

  await discount.getByRole('button', { name: 'Remove discount code WELCOME10' }).click();
  await announced(page, 'Discount code removed');
  await expect(total(page)).toHaveText('£111.98');
  await expect(codeField(page)).toHaveValue('');
});

test('discount codes on a tax-exclusive US basket', async ({ page }) => {
  await basketWith(page, 'en-us', [['publisher-2']]);
  await expect(page.getByText('Subtotal (excluding tax)')).toBeVisible();
  await expect(total(page)).toHaveText('$69.99');
  await codeField(page).fill('AUTUMN20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.discount-box .field__error')).toHaveText('This discount code has expired.');
  await codeField(page).fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('applied-discount')).toContainText('−$7.00');
  await expect(total(page)).toHaveText('$62.99');
  await page.getByRole('button', { name: 'Remove discount code WELCOME10' }).click();
  await expect(total(page)).toHaveText('$69.99');
});

test('a free basket has the free-download heading and no discount box', async ({ page }) => {
  await basketWith(page, 'en-gb', [['brush-starter']]);
  await expect(page.getByRole('heading', { level: 1, name: 'Your free download' })).toBeFocused();
  await expect(codeField(page)).toHaveCount(0);
});

test('fast clicking never leaves a stale basket on screen', async ({ page }) => {
  await basketWith(page, 'en-gb', [['universal-v2-business']]);
  const quantity = page.getByLabel('Quantity of Affinity V2 Universal Licence for Teams');
  for (const value of ['6', '7', '8', '9', '6', '7']) await quantity.selectOption(value);
  await expect(quantity).toHaveValue('7');
  await expect(total(page)).toHaveText('£909.93');
  await expect(page.getByText('Updating your basket…')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Quantity of Affinity V2 Universal Licence for Teams')).toHaveValue('7');
});

test("a customer's basket from another device becomes the basket here when it is the only one", async ({ page, playwright, baseURL }) => {
  const password = PASSWORD;
  // Another device: an account is created (signed in) and a basket filled there.
  const otherDevice = await playwright.request.newContext({ baseURL });
  const email = await createAccount(otherDevice, { email: uniqueEmail('elsewhere'), firstName: 'Ada', lastName: 'Lovelace' });
  await addToBasket(otherDevice, 'en-gb', ['publisher-2']);
  await otherDevice.dispose();

  // This device: signs in with an empty basket, and the checkout carries on with that basket.
  await page.goto('/en-gb/sign-in/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/sign-in/);
  await page.goto('/en-gb/checkout/');
  await expect(line(page, 'Affinity Publisher 2')).toBeVisible();
  await expect(total(page)).toHaveText('£69.99');
  await line(page, 'Affinity Publisher 2').getByLabel('Quantity of Affinity Publisher 2').selectOption('2');
  await expect(total(page)).toHaveText('£139.98');
  await page.reload();
  await expect(page.getByLabel('Quantity of Affinity Publisher 2')).toHaveValue('2');
});
