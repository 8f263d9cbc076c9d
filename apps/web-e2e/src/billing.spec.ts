import type { Page } from '@playwright/test';
import { expect, test } from './card-gateway';
import { acceptAnalytics, addToBasket, createAccount, dataLayerEvents, expectNoSeriousAxeViolations, fillBillingAddress, smallPdf } from './support';

/** Signs this browser in with a new account of the given type and fills its basket, through the real API. */
async function signedInWithBasket(page: Page, type: 'personal' | 'business', locale: string, suites: string[]) {
  await createAccount(page.request, { type, country: locale === 'en-us' ? 'US' : 'GB', firstName: 'Ada', lastName: 'Lovelace' });
  await addToBasket(page.request, locale, suites);
}

const billing = (page: Page) => page.locator('section[data-section="billing-address"]');
const payment = (page: Page) => page.locator('section[data-section="payment-details"]');
const exemption = (page: Page) => page.locator('section[data-section="tax-exemption"]');

test('a personal UK shopper enters a billing address and reaches payment', async ({ page }) => {
  await acceptAnalytics(page.request);
  await signedInWithBasket(page, 'personal', 'en-gb', ['photo-2']);
  await page.goto('/en-gb/checkout/?stage=billing');
  const form = page.getByRole('form', { name: 'Billing address' });
  await expect(form.getByLabel('Address line 1')).toBeFocused();
  // stage=billing leaves the address bar once the form is open.
  await expect(page).toHaveURL(/\/en-gb\/checkout\/$/);
  await expect(form.getByLabel('Country')).toHaveValue('GB');
  await expect(form.getByLabel('Tax ID')).toHaveCount(0);

  await form.getByLabel('Country').selectOption('RU');
  await expect(form.getByRole('alert')).toHaveText('Your billing country is unsupported. Please choose a different country');
  await expect(form.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await form.getByLabel('Country').selectOption('GB');

  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Address line 1 is required')).toBeVisible();
  await form.getByLabel('Address line 1').fill('Flat 2, 10 Downing Street, Westminster, London SW1A 2AA, United Kingdom');
  await expect(form.getByText('The first line of your billing address looks quite long - have you entered the full address by mistake?')).toBeVisible();
  await fillBillingAddress(form, { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' });
  await expect(form.getByLabel('County (optional)')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await form.getByRole('button', { name: 'Continue' }).click();

  await expect(billing(page).getByTestId('billing-summary')).toContainText('10 Downing Street');
  await expect(billing(page).getByTestId('billing-summary')).toContainText('United Kingdom');
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
  // The card gateway is set up: its payment section, with the gateway's card fields.
  await expect(payment(page).getByRole('group', { name: 'Choose your payment method' })).toBeVisible();
  await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeVisible();
  expect(await dataLayerEvents(page)).toEqual(['view_cart', 'add_shipping_info']);
  // A UK consumer agrees to immediate supply before paying (right of withdrawal).
  await expect(payment(page).getByRole('checkbox', { name: /lose my right to withdraw/ })).not.toBeChecked();
  await expect(exemption(page)).toHaveCount(0);

  // The address is kept: after a reload the summary shows, with Change.
  await page.reload();
  await expect(billing(page).getByTestId('billing-summary')).toContainText('SW1A 2AA');
  await billing(page).getByRole('button', { name: 'Change billing address' }).click();
  await expect(page.getByRole('form', { name: 'Billing address' }).getByLabel('Address line 1')).toHaveValue('10 Downing Street');
});

async function usBusinessAtExemption(page: Page) {
  await signedInWithBasket(page, 'business', 'en-us', ['publisher-2']);
  await page.goto('/en-us/checkout/');
  const form = page.getByRole('form', { name: 'Billing address' });
  await expect(form.getByLabel('Country')).toHaveValue('US');
  await expect(form.getByLabel('Tax ID')).toHaveCount(0);
  await fillBillingAddress(form, { line1: '500 Congress Avenue', city: 'Austin', state: 'TX', postalCode: '78701' });
  await form.getByRole('button', { name: 'Continue' }).click();
  // The summary names the state as people read it, not by its postal code.
  await expect(billing(page).getByTestId('billing-summary')).toContainText('Texas');
  await expect(billing(page).getByTestId('billing-summary')).not.toContainText(/\bTX\b/);
  await expect(exemption(page)).toHaveAttribute('data-state', 'active');
  await expect(exemption(page).getByText('Do you have a tax exemption certificate?')).toBeVisible();
  await expect(exemption(page).getByRole('link', { name: 'About sales tax exemption' })).toHaveAttribute('href', '/en-us/help/#sales-tax-exemption');
}

test('a US business shopper uploads a tax exemption certificate and sees its summary', async ({ page }) => {
  await usBusinessAtExemption(page);
  await exemption(page).getByLabel('Yes').check();
  const form = page.getByRole('form', { name: 'Tax exemption certificate' });
  const now = new Date();
  const firstOfMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
  await expect(form.getByLabel('Start date')).toHaveValue(firstOfMonth);
  await form.getByLabel('Certificate tax authority').selectOption('TX');
  // A program renamed to .pdf is refused by its content, with the message by the file field.
  await form.getByLabel('Upload your certificate').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('\x7fELF\x02\x01\x01\x00binary', 'latin1') });
  await form.getByRole('button', { name: 'Add certificate' }).click();
  await expect(form.getByText('File type is not supported')).toBeVisible();
  await form.getByLabel('Upload your certificate').setInputFiles({ name: 'texas-exemption.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await form.getByRole('button', { name: 'Add certificate' }).click();
  const summary = exemption(page).getByTestId('exemption-summary');
  await expect(summary).toContainText('Texas');
  await expect(summary).toContainText('texas-exemption.pdf');
  await expect(payment(page).getByTestId('payment-gateway')).toHaveText('You will pay with the secure checkout of our reseller, Digital River.');
  await expect(payment(page).getByRole('checkbox', { name: /lose my right to withdraw/ })).toHaveCount(0);
});

test('a US business shopper goes on without a certificate', async ({ page }) => {
  await usBusinessAtExemption(page);
  await exemption(page).getByLabel('No').check();
  await exemption(page).getByRole('button', { name: 'Continue without a certificate' }).click();
  await expect(exemption(page)).toContainText('Tax exemption certificate was not provided');
  await expect(payment(page)).toHaveAttribute('data-state', 'active');
});

test('an EU business shopper with an invalid VAT number is refused, and passes with a valid one', async ({ page }) => {
  await signedInWithBasket(page, 'business', 'en-gb', ['photo-2']);
  await page.goto('/en-gb/checkout/');
  const form = page.getByRole('form', { name: 'Billing address' });
  await form.getByLabel('Country').selectOption('DE');
  await fillBillingAddress(form, { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117' });
  const taxId = form.getByLabel('Tax ID (optional)');
  await taxId.fill('DE 136 695 977');
  await taxId.blur();
  await expect(taxId).toHaveValue('DE136695977');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('The Tax ID you have entered is not valid')).toBeVisible();
  await expect(taxId).toBeFocused();
  await expect(billing(page).getByTestId('billing-summary')).toHaveCount(0);

  await taxId.fill('DE136695976');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(billing(page).getByTestId('billing-summary')).toContainText('Germany');
  await expect(billing(page)).toContainText('Tax ID: DE136695976');
  // A country change clears the Tax ID (spec 1 §4).
  await billing(page).getByRole('button', { name: 'Change billing address' }).click();
  await page.getByRole('form', { name: 'Billing address' }).getByLabel('Country').selectOption('FR');
  await expect(page.getByRole('form', { name: 'Billing address' }).getByLabel('Tax ID (optional)')).toHaveValue('');
});

test('the exemption block goes when the order becomes complimentary', async ({ page }) => {
  await usBusinessAtExemption(page);
  await page.getByRole('textbox', { name: 'Discount code', exact: true }).fill('ONTHEHOUSE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('applied-discount')).toContainText('100% off');
  await expect(exemption(page)).toHaveCount(0);
  await expect(page.locator('section[data-section="place-order"]').getByRole('button', { name: 'Get my download link' })).toBeVisible();
});
