import { acceptAnalytics, dataLayerEvents, expectNoSeriousAxeViolations, XHR } from './support';
import { agreeToImmediateSupply, challenge, enterCard, expect, expectConfirmation, openPayment, payAndSaveCard, sandboxControl, savedCardToken, shopperAtPayment, test } from './card-gateway';
import { fillFields } from './frame-fields';
import { NO_SAVED_METHODS, savedMethodItem, savedMethodsSection } from './saved-methods';
import { checkoutSavedMethods, savedMethod } from './checkout-saved-methods';

// Paying by card through the real braintree-web in Chromium, the real API and its braintree SDK
// adapter, against the local Braintree sandbox; each test ends on the order confirmation page.

test('a new card with frictionless 3-D Secure pays, with add_payment_info sent under consent', async ({ page }) => {
  await acceptAnalytics(page.request);
  await shopperAtPayment(page);
  const payment = await openPayment(page);
  await expect(payment.getByTestId('payment-total')).toContainText('£');
  await expect(payment.getByRole('radio', { name: 'Credit/debit card' })).toBeChecked();
  await expect(payment.getByRole('radio', { name: 'Saved payment methods' })).toHaveCount(0);
  await expect(payment.getByText('We accept major cards such as Visa, MasterCard and Maestro.')).toBeVisible();

  // The spec's field messages: required on an empty submit, invalid on blur, cleared on focus.
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await expect(payment.getByText('Card number is required')).toBeVisible();
  await expect(payment.getByText('Security code is required')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await enterCard(page, { number: '4000000000001000' });
  await expect(payment.getByText('Card number is required')).toHaveCount(0);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await expectConfirmation(page);
  expect(await dataLayerEvents(page)).toContain('add_payment_info');
});

test('an Amex asks for its CID, and a wrong number is called invalid', async ({ page }) => {
  await shopperAtPayment(page);
  const payment = await openPayment(page);
  const number = page.frameLocator('iframe[name="braintree-hosted-field-number"]').locator('input');
  await fillFields([{ input: number, value: '3782 822463 10005' }]);
  await expect(payment.getByText('CID', { exact: true })).toBeVisible();
  await fillFields([{ input: number, value: '4111 1111 1111 1112' }]);
  await payment.getByLabel('Cardholder name').click();
  await expect(payment.getByText('Card number is invalid')).toBeVisible();
});

test('a 3-D Secure challenge completed by the cardholder pays', async ({ page }) => {
  await shopperAtPayment(page);
  const payment = await openPayment(page);
  await enterCard(page, { number: '4000000000001091' });
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await challenge(page).getByRole('button', { name: 'Complete authentication' }).click();
  await expectConfirmation(page);
});

for (const [title, number, button, message] of [
  ['cancelled', '4000000000001091', 'Cancel', "You cancelled your bank's check, so you have not been charged. You can try again, or use a different card."],
  ['failed', '4000000000001109', 'Fail authentication', 'Your bank could not confirm this payment. Please try again or use a different card.'],
] as const) {
  test(`a 3-D Secure challenge ${title} by the cardholder charges nothing and says so`, async ({ page }) => {
    await shopperAtPayment(page);
    const payment = await openPayment(page);
    await enterCard(page, { number });
    await agreeToImmediateSupply(page);
    await payment.getByRole('button', { name: 'Pay with card' }).click();
    await challenge(page).getByRole('button', { name: button }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page).toHaveURL(/\/en-gb\/checkout\/$/);
    const orders = await (await page.request.get('/data/orders/', { headers: XHR })).json();
    expect(orders.data.orders).toEqual([]);
  });
}

test('a processor decline says so plainly, and another card then pays the same order', async ({ page }) => {
  await shopperAtPayment(page);
  const payment = await openPayment(page);
  // The sandbox's own Do Not Honor card (the provider's verification test cards do not decline sales).
  await enterCard(page, { number: '4000000000000010' });
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page.getByText('Your payment was unsuccessful. Please speak to your bank or use a different payment method.')).toBeVisible();
  await expect(payment.getByTestId('charge-note')).toHaveText('You have not been charged, so it is safe to try again.');
  const failed = (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders;
  expect(failed.map((order: { status: string }) => order.status)).toEqual(['failed']);

  await enterCard(page, { number: '4111111111111111' });
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  const number = await expectConfirmation(page);
  expect(number).toBe(failed[0].number);
});

test('a returning customer pays with the saved card; once it has expired it is no longer offered', async ({ page }) => {
  // Two orders and a third basket in one journey: on a loaded machine this takes longer than one order's 30 s.
  test.setTimeout(60_000);
  await payAndSaveCard(page);

  // The next order offers the saved card first, chosen among the saved methods.
  await shopperAtPayment(page, { signedIn: true, suites: ['publisher-2'] });
  let payment = await openPayment(page);
  await expect(payment.getByRole('radio', { name: 'Saved payment methods' })).toBeChecked();
  await expect(savedMethod(payment, /^•••• Visa ending in 1111 \(expires \d{2}\/\d{4}\) \(default\)$/)).toBeChecked();
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with saved card' }).click();
  await expectConfirmation(page);

  // Expired since (the gateway's card updater, here the sandbox's control): not offered, shown as expired.
  await shopperAtPayment(page, { signedIn: true, suites: ['photo-workbook'] });
  expect(await checkoutSavedMethods(page)).toEqual([expect.objectContaining({ kind: 'card', state: 'usable', is_default: true })]);
  const token = await savedCardToken(page);
  await sandboxControl(page.request, `/__sandbox/payment-methods/${token}/expire`);
  payment = await openPayment(page);
  await expect(payment.getByRole('radio', { name: 'Saved payment methods' })).toHaveCount(0);
  await expect(payment.getByRole('radio', { name: 'Credit/debit card' })).toBeChecked();
  // Account details still list it, said to have expired: removing it is all they offer.
  await page.goto('/en-gb/account/details/');
  const card = savedMethodItem(page, /^•••• Visa ending in 1111 \(expires \d{2}\/\d{4}\)$/);
  await expect(card).toContainText('This card has expired');
  await expect(card.getByRole('button', { name: /^Make default/ })).toHaveCount(0);
  await card.getByRole('button', { name: /^Remove •••• Visa ending in 1111/ }).click();
  await expect(savedMethodsSection(page).getByText(NO_SAVED_METHODS, { exact: false })).toBeVisible();
});
