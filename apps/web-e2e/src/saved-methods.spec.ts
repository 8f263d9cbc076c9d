import type { Page, Response } from '@playwright/test';
import { ErrorCatalogue, type SavedMethodJson } from '@store/domain';
import { agreeToImmediateSupply, enterCard, expect, expectConfirmation, openPayment, payAndSaveCard, paymentSection, sandboxControl, shopperAtPayment, test } from './card-gateway';
import { checkoutSavedMethods, expectPagesAgree, placeOrderPayload, SAVED_METHODS_OPTION, savedMethodList, vaultTokenCharged } from './checkout-saved-methods';
import { addPayPalAccount, NO_SAVED_METHODS, savedMethodItem, savedMethodsOf, savedMethodsSection } from './saved-methods';
import { createAccount, expectNoSeriousAxeViolations, XHR } from './support';

// Several saved payment methods, in Chromium through the real API, braintree-web and the card
// sandbox, walked as one shopper's journey (each order costs seconds, so the steps share them):
// two cards and a PayPal account saved over three orders, the second card chosen from the keyboard
// and paying, a card expired by the card updater, a new default, the default removed, a removal the
// gateway refuses and one refused because another tab removed it first. After each step the
// account page and the checkout (two tabs) list the same methods in the same order with the same
// default. Another customer's methods are never listed nor changeable.

/** A method in a line: a card by its last four, another by its kind; the default and a state that cannot pay marked. */
const brief = (method: SavedMethodJson) => `${method.card?.last4 ?? method.kind}${method.is_default ? ' default' : ''}${method.state === 'usable' ? '' : ` ${method.state}`}`;

/** The answer to the account page's own call changing a saved method. */
const accountCall = (page: Page, method: 'DELETE' | 'POST', reference: string): Promise<Response> =>
  page.waitForResponse((response) => response.request().method() === method && new URL(response.url()).pathname.startsWith(`/data/account/saved-methods/${reference}`));

test('two cards and a PayPal account over three orders: the second card pays, a card expires, a new default, removals, and both pages agree after each', async ({ page, context, sandboxUrl }) => {
  // Four orders, a fifth basket and both pages read seven times: one journey, so no step saves its methods again.
  test.setTimeout(180_000);
  const checkout = page;
  const account = await context.newPage();

  // First order: a Visa card, saved.
  const visaOrder = await payAndSaveCard(checkout);
  const tokens: Record<string, string> = { '1111': await vaultTokenCharged(checkout.request, sandboxUrl, visaOrder) };
  await shopperAtPayment(checkout, { signedIn: true, suites: ['publisher-2'] });
  expect((await expectPagesAgree(account, checkout)).map(brief)).toEqual(['1111 default']);

  // Second order: a Mastercard typed into the card form (chosen over the saved card the section opened on), saved.
  const payment = paymentSection(checkout);
  await payment.getByRole('radio', { name: 'Credit/debit card' }).check();
  await enterCard(checkout, { number: '5555555555554444' });
  await payment.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await agreeToImmediateSupply(checkout);
  await payment.getByRole('button', { name: 'Pay with card' }).click();
  tokens['4444'] = await vaultTokenCharged(checkout.request, sandboxUrl, await expectConfirmation(checkout));
  await shopperAtPayment(checkout, { signedIn: true, suites: ['designer-2'] });
  expect((await expectPagesAgree(account, checkout)).map(brief)).toEqual(['1111 default', '4444']);

  // Third order: PayPal, approved in its window with its save box ticked. The default stays the first card; the rest newest first.
  await payment.getByRole('radio', { name: 'PayPal', exact: true }).check();
  await agreeToImmediateSupply(checkout);
  await payment.getByRole('checkbox', { name: 'Save this PayPal account for next time' }).check();
  await payment.getByRole('button', { name: 'PayPal', exact: true }).click();
  await checkout.getByRole('dialog', { name: 'PayPal sandbox approval' }).getByRole('button', { name: 'Approve payment' }).click();
  tokens.paypal = await vaultTokenCharged(checkout.request, sandboxUrl, await expectConfirmation(checkout));
  await shopperAtPayment(checkout, { signedIn: true, suites: ['designer-2-ipad'] });
  const saved = await expectPagesAgree(account, checkout);
  expect(saved.map(brief)).toEqual(['1111 default', 'paypal', '4444']);
  const [visaSaved, paypal, mastercard] = saved;
  expect(paypal.account_name).toBe('sandbox-buyer@example.com');

  // Fourth order: the keyboard moves the choice from the default to the second card, which pays with its own vault nonce, named by its reference.
  const radios = savedMethodList(payment).getByRole('radio');
  await radios.nth(0).focus();
  await checkout.keyboard.press('ArrowDown');
  await checkout.keyboard.press('ArrowDown');
  await expect(radios.nth(2)).toBeChecked();
  await expect(radios.nth(2)).toBeFocused();
  await expect(payment.getByRole('button', { name: 'Pay with saved card' })).toBeVisible();
  await expectNoSeriousAxeViolations(checkout);
  // At 320 px nothing in the payment section reaches past the screen's edge (the list's long names wrap).
  await checkout.setViewportSize({ width: 320, height: 700 });
  expect(await payment.evaluate((section) => Array.from(section.querySelectorAll('*')).filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5).length)).toBe(0);
  await agreeToImmediateSupply(checkout);
  const placing = checkout.waitForResponse((response) => placeOrderPayload(response.request()) !== null);
  const pay = payment.getByRole('button', { name: 'Pay with saved card' });
  await pay.focus();
  await checkout.keyboard.press('Enter');
  const placed = await placing;
  expect(placeOrderPayload(placed.request())).toMatchObject({ saved_method: mastercard.reference, payment_method_type: 'card', token: expect.any(String), vault_payment_method: false });
  expect(await placed.json()).toEqual(expect.objectContaining({ success: true }));
  expect(await vaultTokenCharged(checkout.request, sandboxUrl, await expectConfirmation(checkout))).toBe(tokens['4444']);
  await checkout.setViewportSize({ width: 1280, height: 900 });

  // Meanwhile the default card expires (the sandbox's card updater). The fifth basket stays unpaid: the checkout tab reads the
  // list from it from now on. Paying changed nothing in the list; the expired card is listed on both pages, offered at neither,
  // and the checkout chooses the next one. (One reading for the two: each page load costs seconds, and a change paying made would show here too.)
  await sandboxControl(checkout.request, `/__sandbox/payment-methods/${tokens['1111']}/expire`, {}, sandboxUrl);
  await shopperAtPayment(checkout, { signedIn: true, suites: ['photo-workbook'] });
  const afterExpiry = await expectPagesAgree(account, checkout);
  expect(afterExpiry.map(brief)).toEqual(['1111 default expired', 'paypal', '4444']);
  // The updater's expiry is the card's new one, so its description (the same on both pages) names it.
  const visa = afterExpiry[0];
  expect(visa).toMatchObject({ reference: visaSaved.reference, card: { expiration_month: 1, expiration_year: 2020 } });
  await expect(savedMethodItem(account, visa.description)).toContainText('This card has expired, so it can no longer be used to pay.');
  await expectNoSeriousAxeViolations(checkout);
  await expectNoSeriousAxeViolations(account);

  // The second card made the default from the keyboard: listed first, marked, focused and announced. The expired card now offers no 'Make default'.
  const section = savedMethodsSection(account);
  await savedMethodItem(account, mastercard.description).getByRole('button', { name: `Make default ${mastercard.description}` }).focus();
  await account.keyboard.press('Enter');
  await expect(section.getByRole('listitem').nth(0)).toHaveAccessibleName(mastercard.description);
  await expect(savedMethodItem(account, mastercard.description)).toBeFocused();
  await expect(section.getByRole('status').filter({ hasText: `${mastercard.description} is now your default payment method.` })).toHaveCount(1);
  // At 320 px nothing on the account page runs off the side.
  await account.setViewportSize({ width: 320, height: 700 });
  expect(await account.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await account.setViewportSize({ width: 1280, height: 900 });
  expect((await expectPagesAgree(account, checkout, { accountAsShown: true })).map(brief)).toEqual(['4444 default', 'paypal', '1111 expired']);
  // The expired card cannot be made the default through the page's endpoint either.
  const refusedDefault = await account.request.post(`/data/account/saved-methods/${visa.reference}/default`, { headers: XHR });
  expect(await refusedDefault.json()).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code });

  // The default removed: the newest of the rest becomes it, the heading takes the focus, and both are announced.
  await savedMethodItem(account, mastercard.description).getByRole('button', { name: `Remove ${mastercard.description}` }).click();
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(section.getByRole('heading', { level: 2, name: 'Saved payment methods' })).toBeFocused();
  await expect(section.getByRole('status').filter({ hasText: `${mastercard.description} has been removed. ${paypal.description} is now your default payment method.` })).toHaveCount(1);
  expect((await expectPagesAgree(account, checkout, { accountAsShown: true })).map(brief)).toEqual(['paypal default', '1111 expired']);

  // The gateway refuses the next removal of the PayPal account: the page says so, and the account stays on both pages.
  await sandboxControl(account.request, '/__sandbox/force', { removal: { token: tokens.paypal, status: 500 } }, sandboxUrl);
  const removePayPal = savedMethodItem(account, paypal.description).getByRole('button', { name: `Remove ${paypal.description}` });
  const failing = accountCall(account, 'DELETE', paypal.reference);
  await removePayPal.click();
  expect(await (await failing).json()).toMatchObject({ success: false, code: ErrorCatalogue.SAVED_METHOD_REMOVAL_FAILED.code });
  const failed = account.getByRole('alert').filter({ hasText: ErrorCatalogue.SAVED_METHOD_REMOVAL_FAILED.message });
  await expect(failed).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(removePayPal).not.toHaveAttribute('aria-busy', 'true');
  // The page shows one message at a time: the shopper dismisses this one.
  await failed.getByRole('button', { name: 'Dismiss message' }).click();

  // Then the expired card, removed meanwhile in another tab: this page's removal is refused with its reason and its list stays
  // as it was until reloaded. Neither refusal changed anything, so one reading of both pages follows the two: the PayPal account
  // still listed, the card gone.
  expect((await checkout.request.delete(`/data/account/saved-methods/${visa.reference}`, { headers: XHR })).ok()).toBe(true);
  const removeVisa = savedMethodItem(account, visa.description).getByRole('button', { name: `Remove ${visa.description}` });
  const refused = accountCall(account, 'DELETE', visa.reference);
  await removeVisa.click();
  const answer = await refused;
  expect(answer.status()).toBe(404);
  const refusal = (await answer.json()) as { code: number; message: string };
  expect(refusal.code).toBe(404);
  await expect(account.getByRole('alert').filter({ hasText: refusal.message })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(removeVisa).not.toHaveAttribute('aria-busy', 'true');
  expect((await expectPagesAgree(account, checkout)).map(brief)).toEqual(['paypal default']);
});

test("another customer's saved methods are never listed, nor removed or made the default by this one", async ({ page, request, sandboxUrl }) => {
  // The first customer keeps a PayPal account (added over HTTP: no browser of theirs is needed).
  await createAccount(request, { firstName: 'Olive', lastName: 'Other' });
  const [theirs] = (await addPayPalAccount(request, sandboxUrl)).saved_methods;
  expect(theirs).toMatchObject({ kind: 'paypal', is_default: true, state: 'usable' });

  // This shopper, in a browser of their own, at a basket the first's account would fit: neither page lists it.
  await shopperAtPayment(page);
  expect((await savedMethodsOf(page)).saved_methods).toEqual([]);
  expect(await checkoutSavedMethods(page)).toEqual([]);
  await page.goto('/en-gb/account/details/');
  const section = savedMethodsSection(page);
  await expect(section.getByText(NO_SAVED_METHODS, { exact: false })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByText(theirs.description)).toHaveCount(0);
  // Once the card form is set up, every option the section offers is listed: the saved methods' is not among them.
  const payment = await openPayment(page);
  await expect(payment.getByRole('radio', { name: 'Credit/debit card' })).toBeChecked();
  await expect(payment.getByRole('radio', { name: SAVED_METHODS_OPTION })).toHaveCount(0);
  await expect(page.getByText(theirs.description)).toHaveCount(0);

  // Its reference, sent by this shopper to the page's own endpoints, is not found; the first customer keeps it as it was.
  const removal = await page.request.delete(`/data/account/saved-methods/${theirs.reference}`, { headers: XHR });
  const makeDefault = await page.request.post(`/data/account/saved-methods/${theirs.reference}/default`, { headers: XHR });
  for (const refused of [removal, makeDefault]) {
    expect(refused.status()).toBe(404);
    expect(await refused.json()).toMatchObject({ success: false, code: 404 });
  }
  expect((await savedMethodsOf(request)).saved_methods).toEqual([theirs]);
});
