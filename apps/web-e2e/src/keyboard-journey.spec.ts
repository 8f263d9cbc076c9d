import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './card-gateway';
import { acceptAnalytics, addToBasket, createAccount, fillBillingAddress, PASSWORD, smallPdf, uniqueEmail, XHR } from './support';

// Where the focus goes after each step of the checkout: the step that finishes usually removes the
// control that had the focus, and the focus must then land somewhere a screen reader announces (the
// heading of the section now open, the first field in error), never on the page's body.

const section = (page: Page, id: string) => page.locator(`section[data-section="${id}"]`);
const sectionHeading = (page: Page, id: string) => section(page, id).locator('h2');

/** The focus is on this element, and so not on the body. */
async function expectFocusOn(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement === null)).toBe(false);
}

/** Presses Tab (or Shift+Tab) until the element has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; limit?: number } = {}): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('nothing to tab to');
  for (let presses = 0; presses < (options.limit ?? 80); presses += 1) {
    if (await handle.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function newShopperAtEmail(page: Page, suite: string) {
  await addToBasket(page.request, 'en-gb', [suite]);
  await page.goto('/en-gb/checkout/');
  const account = section(page, 'account');
  await account.getByRole('tab', { name: 'New customer' }).click();
  await account.getByLabel('Email address').fill(uniqueEmail('focus'));
  await account.getByRole('button', { name: 'Continue' }).click();
}

test('the email step’s Continue puts the focus on the Account details heading', async ({ page }) => {
  await newShopperAtEmail(page, 'photo-2');
  await expect(page.getByRole('form', { name: 'Create your account' })).toBeVisible();
  await expectFocusOn(page, sectionHeading(page, 'account-details'));
});

test('an incomplete account form puts the focus on First name, the first field in error', async ({ page }) => {
  await newShopperAtEmail(page, 'photo-2');
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Choose a marketing preference')).toBeVisible();
  await expectFocusOn(page, form.getByLabel('First name'));
  // With the names given, the first field still wrong is the password.
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expectFocusOn(page, form.getByLabel('Password'));
});

test('creating an account for a free download puts the focus on the Place order heading', async ({ page }) => {
  await newShopperAtEmail(page, 'brush-starter');
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('First name').fill('Frida');
  await form.getByLabel('Last name').fill('Free');
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByLabel('No thanks').check();
  await form.getByLabel('I agree to the terms and conditions').check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(section(page, 'place-order')).toHaveAttribute('data-state', 'active');
  await expect(section(page, 'place-order').getByRole('button', { name: 'Get my download link' })).toBeVisible();
  await expectFocusOn(page, sectionHeading(page, 'place-order'));
});

/** Gives this request context's account a billing address for its basket, through the real API. */
async function billTo(request: APIRequestContext, address: Record<string, string>): Promise<string> {
  const session = await (await request.get('/data/session/', { headers: XHR })).json();
  const basket = session.data.basket.reference as string;
  const billed = await request.post('/data/checkout/', {
    headers: XHR,
    form: { action: 'CREATE_CUSTOMER_INVOICE_ADDRESS', body: JSON.stringify({ basket_reference: basket, ...address }) },
  });
  expect((await billed.json()).success).toBe(true);
  return basket;
}

test('signing in inside the checkout puts the focus on the heading of the section it opens', async ({ page, request }) => {
  // A returning customer with a billing address: signing in opens the billing step with its summary.
  const email = uniqueEmail('returning');
  await createAccount(request, { email });
  await addToBasket(request, 'en-gb', ['photo-2']);
  await billTo(request, { line_1: '1 Infinite Loop', city: 'Nottingham', postal_code: 'NG1 1AA', country: 'GB' });
  await request.delete('/data/session/', { headers: XHR });
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  await page.goto('/en-gb/checkout/');
  const account = section(page, 'account');
  await account.getByRole('tab', { name: 'Existing customer' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(account).toContainText(`Signed in as ${email}`);
  await expect(section(page, 'billing-address')).toHaveAttribute('data-state', 'active');
  await expect(section(page, 'billing-address').getByTestId('billing-summary')).toContainText('Nottingham');
  await expectFocusOn(page, sectionHeading(page, 'billing-address'));
});

test('billing’s Continue puts the focus on the Payment details heading', async ({ page }) => {
  await createAccount(page.request, { firstName: 'Ada', lastName: 'Lovelace' });
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  await page.goto('/en-gb/checkout/');
  const form = page.getByRole('form', { name: 'Billing address' });
  await fillBillingAddress(form, { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' });
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(section(page, 'payment-details')).toHaveAttribute('data-state', 'active');
  await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeAttached();
  await expectFocusOn(page, sectionHeading(page, 'payment-details'));
});

test('adding a tax exemption certificate puts the focus on the Payment details heading', async ({ page }) => {
  await createAccount(page.request, { type: 'business', country: 'US' });
  await addToBasket(page.request, 'en-us', ['publisher-2']);
  const basket = await billTo(page.request, { line_1: '500 Congress Avenue', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' });
  const decided = await page.request.post('/data/determine-gateway/', { headers: XHR, data: { basket_ref: basket } });
  expect((await decided.json()).data.gateway).toBe('digital-river');
  await page.goto('/en-us/checkout/');
  const exemption = section(page, 'tax-exemption');
  await expect(exemption).toHaveAttribute('data-state', 'active');
  await exemption.getByLabel('Yes').check();
  const form = page.getByRole('form', { name: 'Tax exemption certificate' });
  await form.getByLabel('Certificate tax authority').selectOption('TX');
  await form.getByLabel('Upload your certificate').setInputFiles({ name: 'texas-exemption.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await form.getByRole('button', { name: 'Add certificate' }).click();
  await expect(exemption.getByTestId('exemption-summary')).toContainText('texas-exemption.pdf');
  await expect(section(page, 'payment-details')).toHaveAttribute('data-state', 'active');
  await expectFocusOn(page, sectionHeading(page, 'payment-details'));
});

test('a merchant-of-record decline leaves the focus on the drop-in’s card number, to be corrected, never on the body', async ({ page }) => {
  await createAccount(page.request, { country: 'US' });
  await addToBasket(page.request, 'en-us', ['publisher-2']);
  const basket = await billTo(page.request, { line_1: '350 Fifth Avenue', city: 'New York', state: 'NY', postal_code: '10118', country: 'US' });
  const decided = await page.request.post('/data/determine-gateway/', { headers: XHR, data: { basket_ref: basket } });
  expect((await decided.json()).data.gateway).toBe('digital-river');
  await page.goto('/en-us/checkout/');
  const dropIn = page.locator('#mor-drop-in');
  await expect(dropIn.getByRole('button', { name: 'Pay Now' })).toBeVisible({ timeout: 15_000 });
  await dropIn.getByLabel('Card number').fill('4000 0000 0000 3600');
  await dropIn.getByLabel('Expiry date (MM/YY)').fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await dropIn.getByLabel('Security code').fill('123');
  await dropIn.getByLabel('Name on card').fill('Ada Lovelace');
  await dropIn.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.locator('.snackbar__message')).toContainText('Your payment was declined. Please use a different payment method.');
  await expect(dropIn.getByRole('button', { name: 'Pay Now' })).toBeVisible({ timeout: 15_000 });
  await expectFocusOn(page, dropIn.getByLabel('Card number'));
});

test('a keyboard-only journey from the store page to the order confirmation keeps the focus where each step puts it', async ({ page }) => {
  test.setTimeout(90_000);
  await acceptAnalytics(page.request);
  // Any pointer or mouse event at all fails the journey: it must be the keyboard's alone.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { pointerEvents: string[] }).pointerEvents = seen;
    for (const type of ['pointerdown', 'mousedown', 'mouseup', 'pointerup', 'touchstart']) document.addEventListener(type, () => seen.push(type), true);
  });
  const noPointerEvents = async () => expect(await page.evaluate(() => (window as unknown as { pointerEvents: string[] }).pointerEvents)).toEqual([]);

  await page.goto('/en-gb/');
  const add = page.getByRole('article', { name: 'Affinity Photo 2', exact: true }).getByRole('button', { name: 'Add to basket' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const basketLink = page.getByRole('link', { name: /Basket \(1\)/ });
  await expect(basketLink).toBeVisible();
  await noPointerEvents();
  await tabTo(page, basketLink, { back: true });
  await page.keyboard.press('Enter');

  // Arriving at the checkout: the page heading.
  await expect(page).toHaveURL(/\/en-gb\/checkout\/$/);
  await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Your order summary' }));

  // The email step.
  const account = section(page, 'account');
  const newCustomer = account.getByRole('tab', { name: 'New customer' });
  await tabTo(page, account.getByRole('tab', { selected: true }));
  if ((await newCustomer.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowRight');
  await expect(newCustomer).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, account.getByLabel('Email address'));
  await page.keyboard.type(uniqueEmail('keyboard'));
  await page.keyboard.press('Enter');
  await expectFocusOn(page, sectionHeading(page, 'account-details'));

  // The account form: First name is the first field after the account type.
  const form = page.getByRole('form', { name: 'Create your account' });
  await tabTo(page, form.getByLabel('First name'));
  await page.keyboard.type('Kay');
  await page.keyboard.press('Tab');
  await expectFocusOn(page, form.getByLabel('Last name'));
  await page.keyboard.type('Board');
  await tabTo(page, form.getByLabel('Password'));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, form.getByLabel('Yes please'));
  await page.keyboard.press('ArrowDown');
  await expect(form.getByLabel('No thanks')).toBeChecked();
  await tabTo(page, form.getByLabel('I agree to the terms and conditions'));
  await page.keyboard.press('Space');
  await expect(form.getByLabel('I agree to the terms and conditions')).toBeChecked();
  await page.keyboard.press('Tab');
  await expectFocusOn(page, form.getByRole('button', { name: 'Create account' }));
  await page.keyboard.press('Enter');

  // Billing opens with the focus in its first field.
  const billing = page.getByRole('form', { name: 'Billing address' });
  await expectFocusOn(page, billing.getByLabel('Address line 1'));
  await page.keyboard.type('10 Downing Street');
  await tabTo(page, billing.getByLabel('Town/City'));
  await page.keyboard.type('London');
  await tabTo(page, billing.getByLabel('Postal code'));
  await page.keyboard.type('SW1A 2AA');
  await page.keyboard.press('Enter');

  // Payment: the section's heading, then the card fields in the gateway's frames, by Tab alone.
  const payment = section(page, 'payment-details');
  await expect(payment).toHaveAttribute('data-state', 'active');
  await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeVisible();
  await expectFocusOn(page, sectionHeading(page, 'payment-details'));
  await tabTo(page, payment.getByLabel('Cardholder name'));
  await page.keyboard.type('Kay Board');
  const frames: [string, string][] = [
    ['number', '4000000000001000'],
    ['expirationMonth', '12'],
    ['expirationYear', String(new Date().getFullYear() + 3)],
    ['cvv', '123'],
  ];
  for (const [name, value] of frames) {
    await tabTo(page, page.locator(`iframe[name="braintree-hosted-field-${name}"]`));
    await expect(page.frameLocator(`iframe[name="braintree-hosted-field-${name}"]`).locator('input')).toBeFocused();
    await page.keyboard.type(value);
    await expect(page.frameLocator(`iframe[name="braintree-hosted-field-${name}"]`).locator('input')).not.toHaveValue('');
  }
  const consent = payment.getByRole('checkbox', { name: /I want my downloads and product keys straight away/ });
  await tabTo(page, consent);
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await tabTo(page, payment.getByRole('button', { name: 'Pay with card' }));
  await page.keyboard.press('Enter');

  // The confirmation: its heading.
  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Thank you for your order' }));
  await noPointerEvents();
});
