import type { Page } from '@playwright/test';
import { expect, test } from './card-gateway';
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
