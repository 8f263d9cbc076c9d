import type { Request } from '@playwright/test';
import { ErrorCatalogue } from '@store/domain';
import { createAccount, uniqueEmail, XHR } from './support';
import { agreeToImmediateSupply, enterCard, expect, expectConfirmation, openPayment, payAndSaveCard, sandboxControl, savedCardToken, shopperAtPayment, test } from './card-gateway';
import { NO_SAVED_METHODS, savedMethodItem, savedMethodsOf, savedMethodsSection } from './saved-methods';

// A refusal with its own words (spec 2 §8), met in Chromium through the real braintree-web, the
// real API and its braintree SDK adapter, against the local Braintree sandbox.

test('an email the card gateway will not take: saving the card is refused with its reason, and the card pays unsaved', async ({ page }) => {
  // An internationalised domain: a good address for the store and its mail, not for the gateway's customer record.
  await createAccount(page.request, { email: uniqueEmail('zoe').replace('@example.com', '@bücher.example'), firstName: 'Zoe', lastName: 'Card' });
  await shopperAtPayment(page, { signedIn: true });
  await page.goto('/en-gb/checkout/');
  const payment = page.locator('section[data-section="payment-details"]');
  await expect(payment).toHaveAttribute('data-state', 'active');
  await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeAttached();

  await enterCard(page, { number: '4111111111111111' });
  await payment.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  const supply = payment.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await supply.focus();
  await page.keyboard.press('Space');
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await expect(
    page.getByText('Your email address is not supported by our payment provider, so we cannot save your payment details. Please pay without saving them.'),
  ).toBeVisible();
  await expect(payment.getByTestId('charge-note')).toHaveText('You have not been charged, so it is safe to try again.');

  await enterCard(page, { number: '4111111111111111' });
  await payment.getByRole('checkbox', { name: 'Save this card for next time' }).uncheck();
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
});

/** The PLACE_ORDER call's body, as the page sends it (a form with the payload as JSON under `body`). */
const placeOrderPayload = (request: Request): Record<string, unknown> | null => {
  if (!request.url().includes('/data/checkout/') || request.method() !== 'POST') return null;
  const form = new URLSearchParams(request.postData() ?? '');
  return form.get('action') === 'PLACE_ORDER' ? JSON.parse(form.get('body') ?? '{}') : null;
};

// A card no other test pays with: the sandbox's forced outcome is for this card number alone, so a
// sale another test makes at the same moment is not touched.
const AVS_CARD = '4005519200000004';

test('a billing address the card’s bank does not know: the shopper is told so, nothing is charged, and trying again pays', async ({ page }) => {
  await shopperAtPayment(page);
  const payment = await openPayment(page);
  await sandboxControl(page.request, '/__sandbox/force', { card: AVS_CARD, sale: { kind: 'gateway_rejected', reason: 'avs' } });
  await enterCard(page, { number: AVS_CARD });
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page.getByText('Your billing address does not match the address of your card.')).toBeVisible();
  await expect(payment.getByTestId('charge-note')).toHaveText('You have not been charged, so it is safe to try again.');
  await expect(page).toHaveURL(/\/en-gb\/checkout\//);

  // The bank answers afresh for the next sale (the shopper may have corrected the address with their bank).
  await enterCard(page, { number: AVS_CARD });
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  await expectConfirmation(page);
});

test('a PayPal approval sent again for a second order: it was already processed, nothing more is charged, and a new approval pays', async ({ page }) => {
  // Two baskets and at least one order in one journey, more than one order's 30 s on a loaded machine.
  test.setTimeout(60_000);
  const choosePayPal = async () => {
    const payment = await openPayment(page);
    await payment.getByRole('radio', { name: 'PayPal' }).check();
    await agreeToImmediateSupply(page);
    return payment;
  };
  const approveInPayPal = (payment: Awaited<ReturnType<typeof choosePayPal>>) =>
    Promise.all([
      payment.getByRole('button', { name: 'PayPal', exact: true }).click(),
      page.getByRole('dialog', { name: 'PayPal sandbox approval' }).getByRole('button', { name: 'Approve payment' }).click(),
    ]);

  await shopperAtPayment(page);
  const firstPlaced = page.waitForRequest((request) => placeOrderPayload(request) !== null);
  await approveInPayPal(await choosePayPal());
  const firstApproval = placeOrderPayload(await firstPlaced)!.token as string;
  const firstOrder = await expectConfirmation(page);

  // A second order whose page sends the first order's approval again, as a stale tab replaying it would.
  await shopperAtPayment(page, { signedIn: true, suites: ['publisher-2'] });
  let replayed = false;
  await page.route('**/data/checkout/', async (route) => {
    const payload = placeOrderPayload(route.request());
    if (!payload || replayed) return route.continue();
    replayed = true;
    const form = new URLSearchParams(route.request().postData() ?? '');
    form.set('body', JSON.stringify({ ...payload, token: firstApproval }));
    await route.continue({ postData: form.toString() });
  });
  const payment = await choosePayPal();
  await approveInPayPal(payment);
  await expect(page.getByText('This PayPal payment has already been processed.')).toBeVisible();
  await expect(payment.getByTestId('charge-note')).toHaveText('You have not been charged, so it is safe to try again.');
  expect(replayed).toBe(true);

  // Approving again in PayPal gives a new approval, which pays this order.
  await approveInPayPal(payment);
  const secondOrder = await expectConfirmation(page);
  expect(secondOrder).not.toBe(firstOrder);
  const orders = (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as Array<{ number: string; status: string }>;
  expect(orders.filter((order) => order.status === 'paid').map((order) => order.number).sort()).toEqual([firstOrder, secondOrder].sort());
});

test('removing the saved card while the card gateway fails: the shopper is told, the card stays, and removing again works', async ({ page }) => {
  // Two baskets and at least one order in one journey, more than one order's 30 s on a loaded machine.
  test.setTimeout(60_000);
  await payAndSaveCard(page);

  // The saved card's token, for the sandbox to fail its next removal (and no other card's).
  await shopperAtPayment(page, { signedIn: true, suites: ['publisher-2'] });
  const token = await savedCardToken(page);
  expect(token).toEqual(expect.any(String));
  await sandboxControl(page.request, '/__sandbox/force', { removal: { token, status: 500 } });

  await page.goto('/en-gb/account/details/');
  const card = savedMethodItem(page, /^•••• Visa ending in 1111 /);
  const remove = card.getByRole('button', { name: /^Remove •••• Visa ending in 1111 / });
  await remove.click();
  await expect(page.getByText(ErrorCatalogue.SAVED_METHOD_REMOVAL_FAILED.message)).toBeVisible();
  await expect(card).toBeVisible();
  await expect(remove).not.toHaveAttribute('aria-busy', 'true');
  await page.reload();
  await expect(card).toBeVisible();
  expect((await savedMethodsOf(page)).saved_methods).toHaveLength(1);

  await remove.click();
  await expect(savedMethodsSection(page).getByText(NO_SAVED_METHODS, { exact: false })).toBeVisible();
  expect((await savedMethodsOf(page)).saved_methods).toEqual([]);
});
