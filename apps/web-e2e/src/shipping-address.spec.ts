import type { Page } from '@playwright/test';
import { enterCard, expect, shopperAtPayment, test } from './card-gateway';
import { addToBasket, createAccount, expectNoSeriousAxeViolations, fillBillingAddress, XHR } from './support';

// A basket with the printed workbook (requires_shipping) asks, in the billing address form, where
// to post it: the billing address by default, or another address, with labelled fields a keyboard
// reaches and that fit a 320 px screen.

const billing = (page: Page) => page.locator('section[data-section="billing-address"]');
const payment = (page: Page) => page.locator('section[data-section="payment-details"]');

test('a basket with a printed product asks where to deliver it, by keyboard, on a 320 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  // A short address, so the page's 'Signed in as' line fits the screen too.
  const email = `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}@ex.io`;
  await createAccount(page.request, { email, type: 'personal', country: 'GB', firstName: 'Ada', lastName: 'Lovelace' });
  await addToBasket(page.request, 'en-gb', ['photo-workbook']);
  await page.goto('/en-gb/checkout/?stage=billing');
  const form = page.getByRole('form', { name: 'Billing address' });
  const delivery = form.getByRole('group', { name: 'Delivery address' });
  await expect(form.getByLabel('Address line 1').first()).toBeFocused();
  await fillBillingAddress(form, { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' });

  // The billing address by default; unticked by keyboard, the delivery fields appear.
  const sameAsBilling = delivery.getByRole('checkbox', { name: 'Deliver to my billing address' });
  await expect(sameAsBilling).toBeChecked();
  await sameAsBilling.focus();
  await page.keyboard.press('Space');
  await expect(sameAsBilling).not.toBeChecked();
  await expect(delivery.getByLabel('Country')).toHaveValue('GB');
  await page.keyboard.press('Tab');
  await expect(delivery.getByLabel('Country')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(delivery.getByLabel('Address line 1')).toBeFocused();

  // Refused field by field until complete, under the delivery fields themselves.
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(delivery.getByText('Address line 1 is required')).toBeVisible();
  await expect(delivery.getByLabel('Address line 1')).toBeFocused();
  await page.keyboard.type('7 Rue de Rivoli');
  await delivery.getByLabel('Country').selectOption('FR');
  await delivery.getByLabel('Town/City').fill('Paris');
  await delivery.getByLabel('Postal code').fill('75001');
  // The billing section, delivery fields included, fits the screen: nothing in it reaches past 320 px.
  const widest = await billing(page).evaluate((section) => Math.max(...[section, ...section.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
  expect(widest).toBeLessThanOrEqual(320);
  await expectNoSeriousAxeViolations(page);
  await form.getByRole('button', { name: 'Continue' }).focus();
  await page.keyboard.press('Enter');

  await expect(billing(page).getByTestId('delivery-summary')).toHaveText('Delivery address: 7 Rue de Rivoli, Paris, 75001, France');
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  expect(session.data.customer.shipping).toEqual({
    same_as_billing: false,
    address: { line_1: '7 Rue de Rivoli', line_2: null, line_3: null, city: 'Paris', county: null, state: null, postal_code: '75001', country: 'FR' },
  });
});

test('a basket of downloads only does not ask for a delivery address', async ({ page }) => {
  await createAccount(page.request, { type: 'personal', country: 'GB', firstName: 'Ada', lastName: 'Lovelace' });
  await addToBasket(page.request, 'en-gb', ['photo-2']);
  await page.goto('/en-gb/checkout/?stage=billing');
  const form = page.getByRole('form', { name: 'Billing address' });
  await expect(form.getByLabel('Address line 1')).toBeFocused();
  await expect(form.getByRole('group', { name: 'Delivery address' })).toHaveCount(0);
});

test('the workbook is taxed where it is posted, paid by card, and the order says where it goes', async ({ page }) => {
  await createAccount(page.request, { type: 'personal', country: 'GB', firstName: 'Ada', lastName: 'Lovelace' });
  await addToBasket(page.request, 'en-gb', ['photo-workbook']);
  await page.goto('/en-gb/checkout/?stage=billing');
  // Priced at home (UK VAT included) until the shopper says where it goes.
  await expect(page.getByTestId('basket-total')).toHaveText('£49.99');
  const form = page.getByRole('form', { name: 'Billing address' });
  const delivery = form.getByRole('group', { name: 'Delivery address' });
  await expect(delivery.getByText('It is taxed for the country it goes to, and postage is free.')).toBeVisible();
  await fillBillingAddress(form, { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' });
  await delivery.getByRole('checkbox', { name: 'Deliver to my billing address' }).uncheck();
  await delivery.getByLabel('Country').selectOption('DE');
  await delivery.getByLabel('Address line 1').fill('Hauptstraße 1');
  await delivery.getByLabel('Town/City').fill('Berlin');
  await delivery.getByLabel('Postal code').fill('10115');
  await form.getByRole('button', { name: 'Continue' }).click();

  await expect(billing(page).getByTestId('delivery-summary')).toHaveText('Delivery address: Hauptstraße 1, Berlin, 10115, Germany');
  // Posted to Germany: the UK VAT comes out (net £41.66) and German VAT (19%, £7.92) goes on.
  await expect(page.getByTestId('basket-total')).toHaveText('£49.58');
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  await enterCard(page, { number: '4000000000001000', cvv: '737' });
  await payment(page).getByRole('checkbox', { name: /I want my downloads and product keys straight away/ }).check();
  const placed = page.waitForRequest((request) => request.url().includes('/data/checkout/') && (request.postData() ?? '').includes('PLACE_ORDER'));
  await payment(page).getByRole('button', { name: 'Pay with card' }).click();
  const body = JSON.parse(new URLSearchParams((await placed).postData() ?? '').get('body') ?? '{}');
  // The page sends the billing address it shows, and leaves the delivery address as saved (spec 2 §7).
  expect(body).toMatchObject({ update_shipping_address: false, billing_address: { line_1: '10 Downing Street', city: 'London', country: 'GB' } });

  await expect(page).toHaveURL(/\/en-gb\/order\/AFS-\d{8}\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByTestId('order-delivery')).toHaveText('We will post your order to: Hauptstraße 1, Berlin, 10115, Germany');
  await expect(page.getByTestId('order-tax')).toHaveText('£7.92');
  await expectNoSeriousAxeViolations(page);
});

test('a billing address changed in another tab since the page showed it stops the payment, with nothing charged', async ({ page }) => {
  await shopperAtPayment(page);
  await page.goto('/en-gb/checkout/');
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  await enterCard(page, { number: '4000000000001000', cvv: '737' });
  await payment(page).getByRole('checkbox', { name: /I want my downloads and product keys straight away/ }).check();
  // Another tab saves a new billing address; this page still shows the old one.
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const moved = await page.request.post('/data/checkout/', {
    headers: XHR,
    form: {
      action: 'CREATE_CUSTOMER_INVOICE_ADDRESS',
      body: JSON.stringify({ basket_reference: session.data.basket.reference, line_1: '2 Other Road', city: 'Leeds', postal_code: 'LS1 1AA', country: 'GB' }),
    },
  });
  expect((await moved.json()).success).toBe(true);
  await payment(page).getByRole('button', { name: 'Pay with card' }).click();
  const snackbar = page.locator('.snackbar__message');
  await expect(snackbar).toContainText('Your billing address has changed since this page showed it. Please check it and try again.');
  await expect(snackbar).toHaveAttribute('data-code', '100304');
  await expect(page.getByText('You have not been charged, so it is safe to try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/en-gb\/checkout\//);
});
