import type { Page, Request } from '@playwright/test';
import { agreeToImmediateSupply, enterCard, expect, expectConfirmation, openPayment, payAndSaveCard, sandboxControl, shopperAtPayment, test } from './card-gateway';
import { checkoutSavedMethods, SAVED_METHODS_OPTION, savedMethodList } from './checkout-saved-methods';
import { expectNoSeriousAxeViolations } from './support';

// Several saved payment methods at the checkout, in Chromium through the real API, braintree-web's
// vault manager and the card sandbox: the saved methods' option lists every one in the server's
// order, the default chosen; the shopper chooses another from the keyboard and it pays (its own
// vault nonce, named by its reference); an expired card stays listed but cannot be chosen.

interface Sale {
  readonly orderId: string | null;
  readonly paymentMethodToken: string | null;
}

/** The vault token the sandbox charged for an order (the sale that saved a card names the card it saved). */
const tokenCharged = async (page: Page, sandboxUrl: string, orderNumber: string): Promise<string | null> => {
  const sales = (await (await page.request.get(`${sandboxUrl}/__sandbox/transactions`)).json()) as Sale[];
  const own = sales.filter((sale) => sale.orderId?.startsWith(orderNumber));
  expect(own).toHaveLength(1);
  return own[0].paymentMethodToken;
};

/** The PLACE_ORDER call's body, as the page sends it (a form with the payload as JSON under `body`). */
const placeOrderPayload = (request: Request): Record<string, unknown> | null => {
  if (!request.url().includes('/data/checkout/') || request.method() !== 'POST') return null;
  const form = new URLSearchParams(request.postData() ?? '');
  return form.get('action') === 'PLACE_ORDER' ? (JSON.parse(form.get('body') ?? '{}') as Record<string, unknown>) : null;
};

test('two saved cards: the default is chosen, the keyboard chooses the other, which pays; an expired card is listed but cannot be chosen', async ({ page, sandboxUrl }) => {
  // Three orders and a fourth basket in one journey.
  test.setTimeout(120_000);
  await payAndSaveCard(page);
  const visaOrder = await page.getByTestId('order-number').textContent();

  // The next order saves a second card (the new-card form, chosen over the saved one).
  await shopperAtPayment(page, { signedIn: true, suites: ['publisher-2'] });
  let payment = await openPayment(page);
  await expect(payment.getByRole('radio', { name: SAVED_METHODS_OPTION })).toBeChecked();
  await payment.getByRole('radio', { name: 'Credit/debit card' }).check();
  await enterCard(page, { number: '5555555555554444' });
  await payment.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  const mastercardOrder = await expectConfirmation(page);
  const tokens = { '1111': await tokenCharged(page, sandboxUrl, visaOrder ?? ''), '4444': await tokenCharged(page, sandboxUrl, mastercardOrder) };
  expect(tokens['1111']).toEqual(expect.any(String));
  expect(tokens['4444']).toEqual(expect.any(String));

  // The third order lists both in the server's order, named by their descriptions, the default chosen.
  await shopperAtPayment(page, { signedIn: true, suites: ['designer-2'] });
  const methods = await checkoutSavedMethods(page);
  expect(methods.map((method) => [method.kind, method.state, method.is_default])).toEqual([
    ['card', 'usable', true],
    ['card', 'usable', false],
  ]);
  expect(methods.map((method) => method.card?.last4).sort()).toEqual(['1111', '4444']);
  const [theDefault, other] = methods;
  payment = await openPayment(page);
  await expect(payment.getByRole('radio', { name: SAVED_METHODS_OPTION })).toBeChecked();
  const radios = savedMethodList(payment).getByRole('radio');
  await expect(radios).toHaveCount(2);
  await expect(radios.nth(0)).toHaveAccessibleName(`${theDefault.description} (default)`);
  await expect(radios.nth(1)).toHaveAccessibleName(other.description);
  await expect(radios.nth(0)).toBeChecked();

  // The keyboard moves the choice to the other card; the page stays usable at 320 px.
  await radios.nth(0).focus();
  await page.keyboard.press('ArrowDown');
  await expect(radios.nth(1)).toBeChecked();
  await expect(radios.nth(1)).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  // At 320 px nothing in the payment section reaches past the screen's edge (the list's long names wrap).
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await payment.evaluate((section) => Array.from(section.querySelectorAll('*')).filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5).length)).toBe(0);
  await agreeToImmediateSupply(page);
  const placing = page.waitForResponse((response) => placeOrderPayload(response.request()) !== null);
  const pay = payment.getByRole('button', { name: 'Pay with saved card' });
  await pay.focus();
  await page.keyboard.press('Enter');
  const placed = await placing;
  expect(placeOrderPayload(placed.request())).toMatchObject({ saved_method: other.reference, payment_method_type: 'card', token: expect.any(String), vault_payment_method: false });
  expect(await placed.json()).toEqual(expect.objectContaining({ success: true }));
  const paid = await expectConfirmation(page);
  expect(await tokenCharged(page, sandboxUrl, paid)).toBe(tokens[other.card?.last4 as '1111' | '4444']);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The default expires (the sandbox's card updater): still listed, not choosable, and the other card is chosen instead.
  await shopperAtPayment(page, { signedIn: true, suites: ['photo-workbook'] });
  await sandboxControl(page.request, `/__sandbox/payment-methods/${tokens[theDefault.card?.last4 as '1111' | '4444']}/expire`);
  expect((await checkoutSavedMethods(page)).map((method) => [method.reference, method.state])).toEqual([
    [theDefault.reference, 'expired'],
    [other.reference, 'usable'],
  ]);
  payment = await openPayment(page);
  await expect(payment.getByRole('radio', { name: SAVED_METHODS_OPTION })).toBeChecked();
  const expired = radios.nth(0);
  await expect(expired).toBeDisabled();
  await expect(expired).not.toBeChecked();
  await expect(expired).toHaveAccessibleName(/ – Expired$/);
  await expect(radios.nth(1)).toBeChecked();
  await expectNoSeriousAxeViolations(page);
});
