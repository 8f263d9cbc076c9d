import type { APIRequestContext, Page } from '@playwright/test';
import { mailPort } from '../playwright.config';
import { agreeToImmediateSupply, enterCard, expect, paymentSection, test } from './card-gateway';
import { createAccount, expectNoSeriousAxeViolations, fillBillingAddress, uniqueEmail } from './support';

// The euro (en-eu) and Polish (en-pl) storefronts end to end in Chromium: the store page in the
// storefront's money, the basket, a billing address in the shopper's country, a card charged in
// that currency, and the confirmation, the receipt and the account area saying what was paid.

interface Storefront {
  readonly locale: string;
  readonly region: string;
  readonly country: string;
  readonly address: { line1: string; city: string; postalCode: string };
  readonly countryName: string;
  /** Affinity Photo 2 for macOS: now, was, and the VAT of the billing country in it. */
  readonly price: string;
  readonly was: string;
  readonly tax: string;
}

const STOREFRONTS: readonly Storefront[] = [
  {
    locale: 'en-eu',
    region: 'Europe',
    country: 'PT',
    address: { line1: 'Rua Augusta 24', city: 'Lisboa', postalCode: '1100-053' },
    countryName: 'Portugal',
    price: '€47.99',
    was: '€79.99',
    // Portugal's 23%.
    tax: '€8.97',
  },
  {
    locale: 'en-pl',
    region: 'Poland',
    country: 'PL',
    address: { line1: 'ul. Marszałkowska 1', city: 'Warszawa', postalCode: '00-624' },
    countryName: 'Poland',
    price: '219,99\u00a0zł',
    was: '369,99\u00a0zł',
    // Poland's 23%.
    tax: '41,14\u00a0zł',
  },
];

/** The receipt mail for an order, once the outbox has delivered it to the local SMTP server. */
async function receiptFor(request: APIRequestContext, email: string, number: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const messages = await (await request.get(`http://127.0.0.1:${mailPort}/messages?to=${encodeURIComponent(email)}`)).json();
      text = messages.find((message: { subject: string }) => message.subject.includes(number))?.text ?? '';
      return text !== '';
    }, { timeout: 20_000 })
    .toBe(true);
  return text;
}

async function buyPhoto2(page: Page, request: APIRequestContext, store: Storefront) {
  // A whole purchase through the pages, from the store page to the account area.
  test.setTimeout(90_000);
  const email = await createAccount(page.request, { email: uniqueEmail(`storefront-${store.locale}`), country: store.country, firstName: 'Inês', lastName: 'Lopes' });

  await page.goto(`/${store.locale}/`);
  await expect(page.getByText(`Prices for ${store.region}.`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue(store.locale);
  const card = page.getByRole('article', { name: 'Affinity Photo 2' });
  await expect(card.locator('.price__current')).toContainText(store.price);
  await expect(card.locator('.price__original')).toContainText(store.was);
  await expectNoSeriousAxeViolations(page);
  await card.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Affinity Photo 2 for macOS added to your basket')).toBeVisible();

  await page.goto(`/${store.locale}/checkout/`);
  await expect(page.locator('section[data-section="basket"]')).toContainText(store.price);
  // The account's country is where the billing form starts.
  const form = page.getByRole('form', { name: 'Billing address' });
  await expect(form.getByLabel('Country')).toHaveValue(store.country);
  await fillBillingAddress(form, store.address);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('billing-summary')).toContainText(store.countryName);

  const payment = paymentSection(page);
  await expect(payment).toHaveAttribute('data-state', 'active', { timeout: 15_000 });
  await expect(page.locator('iframe[name="braintree-hosted-field-number"]')).toBeAttached({ timeout: 20_000 });
  await expect(payment.getByTestId('payment-total')).toContainText(store.price);
  await expectNoSeriousAxeViolations(page);
  await enterCard(page, { number: '4111111111111111', name: 'Inês Lopes' });
  await agreeToImmediateSupply(page);
  await payment.getByRole('button', { name: 'Pay with card' }).click();

  await expect(page).toHaveURL(new RegExp(`/${store.locale}/order/AFS-\\d{8}/$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent()) as string;
  await expect(page.getByText(`Total ${store.price}`)).toBeVisible();
  await expect(page.getByTestId('order-tax')).toHaveText(store.tax);
  await expectNoSeriousAxeViolations(page);

  const receipt = await receiptFor(request, email, number);
  expect(receipt).toContain(`Total (including ${store.tax} tax): ${store.price}`);
  expect(receipt).toContain(`/${store.locale}/order/${number}/`);

  await page.goto(`/${store.locale}/account/orders/`);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText(store.price);
  await expectNoSeriousAxeViolations(page);
}

for (const width of [1280, 360] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 1000 ? 780 : 900 } });

    for (const store of STOREFRONTS) {
      test(`a shopper on /${store.locale}/ billed in ${store.countryName} buys Affinity Photo 2 and pays by card in the storefront's currency`, async ({ page, request }) => {
        await buyPhoto2(page, request, store);
      });
    }
  });
}

test('the region menu lists every storefront and moves to the same page of another', async ({ page }) => {
  await page.goto('/en-gb/');
  const region = page.getByRole('combobox', { name: 'Region' });
  await expect(region.getByRole('option')).toHaveText(['United Kingdom', 'United States', 'Europe', 'Poland']);
  await region.selectOption('en-eu');
  await expect(page).toHaveURL(/\/en-eu\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-150');
  await expect(page.getByRole('article', { name: 'Affinity Photo 2' }).locator('.price__current')).toContainText('€47.99');
  await region.selectOption('en-pl');
  await expect(page).toHaveURL(/\/en-pl\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-PL');
  // An address in capitals is taken to the storefront's own form.
  await page.goto('/EN-EU/checkout/');
  await expect(page).toHaveURL(/\/en-eu\/checkout\/$/);
});

test('a new shopper on the euro storefront says which country they are in, and is billed there', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/en-eu/');
  await page.getByRole('article', { name: 'Affinity Photo 2' }).getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByText('Affinity Photo 2 for macOS added to your basket')).toBeVisible();
  await page.goto('/en-eu/checkout/');
  const account = page.locator('section[data-section="account"]');
  await account.getByRole('tab', { name: 'New customer' }).click();
  await account.getByLabel('Email address').fill(uniqueEmail('euro-newcomer'));
  await account.getByRole('button', { name: 'Continue' }).click();

  const form = page.getByRole('form', { name: 'Create your account' });
  // The euro storefront serves many countries, so it asks rather than assuming one.
  const country = form.getByLabel('Country');
  await expect(country).toHaveValue('');
  await form.getByLabel('First name').fill('Giulia');
  await form.getByLabel('Last name').fill('Romano');
  await country.selectOption({ label: 'Italy' });
  await form.getByLabel('Password').fill('analytical engine 1843');
  await form.getByRole('radio', { name: 'No thanks' }).check();
  await form.getByLabel('I agree to the terms and conditions').check();
  await expectNoSeriousAxeViolations(page);
  await form.getByRole('button', { name: 'Create account' }).click();

  const billing = page.getByRole('form', { name: 'Billing address' });
  await expect(billing.getByLabel('Country')).toHaveValue('IT');
  await fillBillingAddress(billing, { line1: 'Via del Corso 1', city: 'Roma', postalCode: '00186' });
  await billing.getByLabel('Province/Territory').selectOption('RM');
  await billing.getByRole('button', { name: 'Continue' }).click();
  // Italy's 22% is in the same €47.99.
  await expect(paymentSection(page)).toHaveAttribute('data-state', 'active', { timeout: 15_000 });
  await expect(paymentSection(page).getByTestId('payment-total')).toContainText('€47.99');
  const session = await (await page.request.get('/data/session/', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json();
  expect(session.data.basket.pricing.total.tax.amount_minor).toBe(865);
});
