import type { Page, Request } from '@playwright/test';
import { ErrorCatalogue, type SavedMethodJson } from '@store/domain';
import { agreeToImmediateSupply, expect, expectConfirmation, openPayment, payAndSaveCard, shopperAtPayment, test } from './card-gateway';
import { fillFields } from './frame-fields';
import { expectNoSeriousAxeViolations, XHR } from './support';

// A saved card's security code asked again, where the store's rules want it (the 'configured' store
// has BRAINTREE_SAVED_CARD_CVV on), in Chromium through the real API, the real braintree-web (a
// Hosted Fields form with only its cvv field) and the card sandbox: the code's CVV-only nonce goes
// with the order as saved_card_cvv_token, beside the saved card's own 3-D Secured vault nonce.

interface Sale {
  readonly orderId: string | null;
  readonly status: string;
  readonly paymentMethodToken: string | null;
}

/** The sandbox's sales for one order only (other tests' sales run beside them). */
const salesOf = async (page: Page, sandboxUrl: string, orderNumber: string): Promise<Sale[]> =>
  ((await (await page.request.get(`${sandboxUrl}/__sandbox/transactions`)).json()) as Sale[]).filter((sale) => sale.orderId?.startsWith(orderNumber));

/** The PLACE_ORDER call's body, as the page sends it (a form with the payload as JSON under `body`). */
const placeOrderPayload = (request: Request): Record<string, unknown> | null => {
  if (!request.url().includes('/data/checkout/') || request.method() !== 'POST') return null;
  const form = new URLSearchParams(request.postData() ?? '');
  return form.get('action') === 'PLACE_ORDER' ? (JSON.parse(form.get('body') ?? '{}') as Record<string, unknown>) : null;
};

/** The checkout's saved methods and whether it asks for a saved card's code, as the page reads them. */
async function checkoutOf(page: Page): Promise<{ saved_methods: SavedMethodJson[]; saved_card_cvv_required: boolean }> {
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  return (await (await page.request.get(`/data/braintree-checkout/?basket_ref=${session.data.basket?.reference ?? ''}`, { headers: XHR })).json()).data;
}

const WRONG_CODE = ErrorCatalogue.CARD_SECURITY_CODE_INCORRECT.message;

test('a saved card asks for its security code: missing and wrong codes are refused with their words and nothing charged, the right one pays', async ({ page, sandboxUrl }) => {
  // Two orders (the first saves the card) and a refused attempt in one journey.
  test.setTimeout(120_000);
  await payAndSaveCard(page);

  await shopperAtPayment(page, { signedIn: true, suites: ['publisher-2'] });
  const checkout = await checkoutOf(page);
  expect(checkout.saved_card_cvv_required).toBe(true);
  const [card] = checkout.saved_methods;
  expect(card).toMatchObject({ kind: 'card', state: 'usable', card: { last4: '1111' } });
  // At 320 px, from the keyboard.
  await page.setViewportSize({ width: 320, height: 700 });
  const payment = await openPayment(page);
  await expect(payment.getByRole('radio', { name: 'Saved payment methods' })).toBeChecked();
  const saved = payment.getByTestId('saved-methods');
  const radio = saved.getByRole('radio', { name: `${card.description} (default)` });
  await expect(radio).toBeChecked();
  const field = saved.locator('[data-field="saved-card-cvv"]');
  await expect(field.getByText('Security code', { exact: true })).toBeVisible();
  await expect(field.getByText('The last 3 digits on the back of your card.')).toBeVisible();
  const code = page.frameLocator('#saved-card-cvv iframe').getByLabel('Security code');
  await expect(code).toHaveAttribute('maxlength', '3');
  // Its own Hosted Fields form beside the card form's (hidden): two security code frames.
  await expect(page.locator('iframe[name="braintree-hosted-field-cvv"]')).toHaveCount(2);
  await agreeToImmediateSupply(page);

  const orders: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    const payload = placeOrderPayload(request);
    if (payload) orders.push(payload);
  });
  // 3-D Secure still runs on the vault manager's nonce for the card: the order's token is the lookup's answer.
  const lookups: Promise<string>[] = [];
  page.on('response', (response) => {
    if (/\/payment_methods\/[^/]+\/three_d_secure\/lookup$/.test(new URL(response.url()).pathname)) lookups.push(response.json().then((body) => body.paymentMethod.nonce as string));
  });
  const pay = saved.getByRole('button', { name: 'Pay with saved card' });

  // No code: the field says so and no order is placed.
  await pay.focus();
  await page.keyboard.press('Enter');
  await expect(field.getByRole('alert')).toHaveText('Security code is required');
  await expectNoSeriousAxeViolations(page);
  expect(await payment.evaluate((section) => Array.from(section.querySelectorAll('*')).filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5).length)).toBe(0);
  expect(orders).toEqual([]);

  // The keyboard goes from the card's radio into the code's frame, and on to the button.
  await radio.focus();
  await page.keyboard.press('Tab');
  await expect(code).toBeFocused();
  await page.keyboard.type('200');
  await expect(code).toHaveValue('200');
  await page.keyboard.press('Tab');
  await expect(pay).toBeFocused();

  // A code that does not match (the sandbox's documented CVV 200): refused in the catalogue's words, nothing charged.
  const refusal = page.waitForResponse((response) => placeOrderPayload(response.request()) !== null);
  await page.keyboard.press('Enter');
  const refused = (await (await refusal).json()) as { code: number; data?: { order_number?: string } };
  expect(refused.code).toBe(ErrorCatalogue.CARD_SECURITY_CODE_INCORRECT.code);
  expect(orders).toEqual([expect.objectContaining({ saved_method: card.reference, saved_card_cvv_token: expect.any(String), token: expect.any(String), payment_method_type: 'card' })]);
  await expect(field.locator('.field__error')).toHaveText(WRONG_CODE);
  await expect(payment.getByTestId('charge-note')).toHaveText('You have not been charged, so it is safe to try again.');
  await expect(code).toHaveValue('');
  const orderNumber = refused.data?.order_number ?? '';
  expect(orderNumber).toMatch(/^AFS-\d{8}$/);
  expect((await salesOf(page, sandboxUrl, orderNumber)).map((sale) => sale.status)).toEqual(['gateway_rejected']);
  await expect(radio).toBeChecked();

  // The right code pays the saved card, with a new code nonce.
  await fillFields([{ input: code, value: '123' }]);
  await pay.click();
  const paid = await expectConfirmation(page);
  expect(orders).toHaveLength(2);
  expect(orders[1]).toMatchObject({ saved_method: card.reference, saved_card_cvv_token: expect.any(String), token: expect.any(String) });
  expect(orders[1].saved_card_cvv_token).not.toBe(orders[0].saved_card_cvv_token);
  expect(await Promise.all(lookups)).toEqual(orders.map((order) => order.token));
  // The same order, now paid: the refused sale, then the one that charged the saved card.
  expect(paid).toBe(orderNumber);
  const sales = await salesOf(page, sandboxUrl, paid);
  expect(sales.map((sale) => sale.status)).toEqual(['gateway_rejected', 'submitted_for_settlement']);
  expect(sales[1].paymentMethodToken).toBe(sales[0].paymentMethodToken);
});

test('the security code field is there only while a saved card is chosen', async ({ page }) => {
  await payAndSaveCard(page);
  await shopperAtPayment(page, { signedIn: true, suites: ['designer-2'] });
  const payment = await openPayment(page);
  const codeFrame = page.locator('#saved-card-cvv iframe');
  await expect(codeFrame).toHaveCount(1);
  // Another way to pay: the field's form is torn down, and the card form's is the only security code left.
  await payment.getByRole('radio', { name: 'Credit/debit card' }).check();
  await expect(codeFrame).toHaveCount(0);
  await expect(page.locator('iframe[name="braintree-hosted-field-cvv"]')).toHaveCount(1);
  await payment.getByRole('radio', { name: 'Saved payment methods' }).check();
  await expect(page.frameLocator('#saved-card-cvv iframe').getByLabel('Security code')).toBeVisible();
  await expect(page.locator('iframe[name="braintree-hosted-field-cvv"]')).toHaveCount(2);
});
