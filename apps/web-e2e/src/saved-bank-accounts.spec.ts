import type { Page } from '@playwright/test';
import { ErrorCatalogue } from '@store/domain';
import { configuredPort, configuredSandboxPort } from '../playwright.config';
import { bank, bankDebitOrder, orderNumberOn, saleOf } from './bank-debits';
import { chooseLocalMethod, expect, shopperBilledIn, test, type LocalStore } from './local-payments';
import { savedMethodItem, savedMethodsOf, savedMethodsSection } from './saved-methods';
import { expectNoSeriousAxeViolations, XHR } from './support';
import { SAVED_METHODS_OPTION, savedMethod } from './checkout-saved-methods';

// Saved bank accounts in Chromium through the real API, braintree-web's own sepa and
// us-bank-account modules and the card sandbox. Saving a US bank account runs the provider's
// network check first; the next checkout offers the saved account that fits the basket and pays
// from it with no bank details typed. These run on the configured store, whose rules send both
// Portuguese euros and US billing to the card gateway (the main store sends dollars elsewhere).

test.describe.configure({ timeout: 150_000 });
test.use({ baseURL: `http://127.0.0.1:${configuredPort}`, sandboxUrl: `http://127.0.0.1:${configuredSandboxPort}` });

const ACH_STORE = {
  locale: 'en-us',
  country: 'US',
  address: { line_1: '500 Congress Avenue', city: 'Austin', postal_code: '78701', state: 'TX' },
  method: 'US bank account (ACH)',
} as unknown as LocalStore;
const SEPA_STORE = { locale: 'en-eu', country: 'PT', address: { line_1: 'Rua Augusta 24', city: 'Lisboa', postal_code: '1100-053' }, method: 'SEPA Direct Debit' } as unknown as LocalStore;
const SAVED = { method: SAVED_METHODS_OPTION };

const achForm = (page: Page) => page.locator('[data-testid="us-bank-account-payment"]');

async function payByAch(page: Page, account: string, save: boolean) {
  const section = achForm(page);
  await section.getByLabel('Routing number').fill('011000015');
  await section.getByLabel('Account number').fill(account);
  await section.getByRole('checkbox', { name: 'I authorize this debit' }).check();
  await section.getByRole('checkbox', { name: /Save this bank account for next time/ }).setChecked(save);
  await section.getByRole('button', { name: 'Pay from my bank account' }).click();
}

/** Another basket for the same shopper, billed as before, its gateway decided. */
async function nextBasket(page: Page, store: LocalStore) {
  const added = await page.request.post('/data/basket/lines/', { headers: XHR, data: { product_suite_reference: 'photo-2', locale: store.locale } });
  expect(added.ok()).toBe(true);
  const basket = (await (await page.request.get('/data/session/', { headers: XHR })).json()).data.basket.reference;
  const billed = await page.request.post('/data/checkout/', {
    headers: XHR,
    form: { action: 'CREATE_CUSTOMER_INVOICE_ADDRESS', body: JSON.stringify({ basket_reference: basket, ...store.address, country: store.country }) },
  });
  expect((await billed.json()).success).toBe(true);
  const decided = await page.request.post('/data/determine-gateway/', { headers: XHR, data: { basket_ref: basket } });
  expect((await decided.json()).data.gateway).toBe('braintree');
}

/** The next basket at the payment step with the saved methods chosen (the checkout opens on them). */
async function nextBasketPayingSaved(page: Page, store: LocalStore) {
  await nextBasket(page, store);
  return chooseLocalMethod(page, { ...store, ...SAVED } as LocalStore);
}

/** Waits for the first order's debit, then has the bank settle it, so the basket is free for the next order. */
async function settleFirstOrder(page: Page, sandboxUrl: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your bank' })).toBeVisible({ timeout: 30_000 });
  const number = await orderNumberOn(page);
  await bank(page.request, sandboxUrl, (await saleOf(page.request, sandboxUrl, number)).id, 'settle');
  await expect.poll(async () => (await bankDebitOrder(page.request, number)).status, { timeout: 30_000 }).toBe('paid');
  return number;
}

const savedAccountsOf = async (page: Page) => {
  const basket = (await (await page.request.get('/data/session/', { headers: XHR })).json()).data.basket.reference;
  return (await (await page.request.get(`/data/braintree-checkout?basket_ref=${basket}`, { headers: XHR })).json()).data.saved_methods as unknown[];
};

test.describe('saved bank accounts', () => {
  test('an ACH account verified when saved on order 1 pays order 2 with no bank details typed', async ({ page, sandboxUrl }) => {
    expect((await shopperBilledIn(page, ACH_STORE)).gateway).toBe('braintree');
    await chooseLocalMethod(page, ACH_STORE);
    await payByAch(page, '1000000000', true);
    const first = await settleFirstOrder(page, sandboxUrl);

    const section = await nextBasketPayingSaved(page, ACH_STORE);
    // The bank details form is not shown: the saved account is named and chosen instead.
    await expect(savedMethod(section, 'US bank account ending 0000 at FEDERAL RESERVE BANK (default)')).toBeChecked();
    await expect(achForm(page)).toHaveCount(0);
    let tokenized = 0;
    page.on('request', (request) => {
      // braintree-web's tokenization of bank details (its other GraphQL calls are not about the account).
      if (request.url().includes('graphql') && /tokenizeUsBankAccount/i.test(request.postData() ?? '')) tokenized += 1;
    });
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await section.getByRole('button', { name: 'Pay from your saved account ending 0000' }).click();
    // A returning customer within the limit: released at once, the debit still settling.
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 30_000 });
    const second = await orderNumberOn(page);
    expect(second).not.toBe(first);
    expect(await bankDebitOrder(page.request, second)).toMatchObject({ bank_debit: { state: 'pending', method: 'us-bank-account', account_last4: '0000' } });
    expect(tokenized).toBe(0);
    expect((await saleOf(page.request, sandboxUrl, second)).status).toBe('settlement_pending');

    // The account details page lists it; while the second debit has not cleared the account stays.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/en-us/account/details/');
    const saved = savedMethodItem(page, 'US bank account ending 0000 at FEDERAL RESERVE BANK');
    await expect(saved).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const remove = saved.getByRole('button', { name: 'Remove US bank account ending 0000 at FEDERAL RESERVE BANK' });
    await remove.click();
    await expect(page.getByText('This payment method is paying for an order that has not settled yet. You can remove it once that order is complete.')).toBeVisible();
    await expect(saved).toBeVisible();

    // Once the bank settles it, the account is removed (keyboard), from the vault too: not offered again.
    await bank(page.request, sandboxUrl, (await saleOf(page.request, sandboxUrl, second)).id, 'settle');
    await expect.poll(async () => (await bankDebitOrder(page.request, second)).bank_debit?.state, { timeout: 30_000 }).toBe('settled');
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(savedMethodsSection(page).getByRole('heading', { level: 2, name: 'Saved payment methods' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'US bank account ending 0000 at FEDERAL RESERVE BANK has been removed.' })).toHaveCount(1);
    await expect(saved).toHaveCount(0);
    expect((await savedMethodsOf(page)).saved_methods).toEqual([]);
    await nextBasket(page, ACH_STORE);
    expect(await savedAccountsOf(page)).toEqual([]);
    const later = await chooseLocalMethod(page, ACH_STORE);
    await expect(later.getByRole('radio', { name: SAVED.method, exact: true })).toHaveCount(0);
  });

  test('an account failing the network check is not saved and the shopper is told; the order is then placed without saving', async ({ page }) => {
    expect((await shopperBilledIn(page, ACH_STORE)).gateway).toBe('braintree');
    await chooseLocalMethod(page, ACH_STORE);
    await payByAch(page, '1000000004', true);
    await expect(page.getByText(ErrorCatalogue.BANK_ACCOUNT_NOT_VERIFIED.message)).toBeVisible({ timeout: 30_000 });
    expect(await savedAccountsOf(page)).toEqual([]);
    await expect(achForm(page).getByRole('button', { name: 'Pay from my bank account' })).not.toHaveAttribute('aria-busy', 'true');

    await achForm(page).getByLabel('Account number').fill('1000000000');
    await achForm(page).getByRole('checkbox', { name: /Save this bank account for next time/ }).uncheck();
    await achForm(page).getByRole('button', { name: 'Pay from my bank account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your bank' })).toBeVisible({ timeout: 30_000 });
    expect(await savedAccountsOf(page)).toEqual([]);
  });

  test('a SEPA account saved with a recurring mandate is offered on a later euro order and pays it', async ({ page, sandboxUrl }) => {
    expect((await shopperBilledIn(page, SEPA_STORE)).gateway).toBe('braintree');
    await chooseLocalMethod(page, SEPA_STORE);
    const form = page.locator('[data-testid="sepa-payment"]');
    await form.getByLabel('IBAN').fill('PT50 0002 0123 1234 5678 9015 4');
    await form.getByRole('checkbox', { name: /Save this bank account for next time/ }).check();
    const popupOpened = page.waitForEvent('popup');
    await form.getByRole('button', { name: 'Continue to the SEPA mandate' }).click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Approve mandate' }).click();
    const first = await settleFirstOrder(page, sandboxUrl);
    const mandate = (await bankDebitOrder(page.request, first)) as unknown as { bank_debit: { mandate_reference: string } };

    const section = await nextBasketPayingSaved(page, SEPA_STORE);
    await expect(savedMethod(section, `SEPA Direct Debit from the account ending 0154 (mandate ${mandate.bank_debit.mandate_reference}) (default)`)).toBeChecked();
    let popups = 0;
    page.on('popup', () => (popups += 1));
    await section.getByRole('button', { name: 'Pay from your saved account ending 0154' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 30_000 });
    const second = await orderNumberOn(page);
    expect(await bankDebitOrder(page.request, second)).toMatchObject({ bank_debit: { method: 'sepa', account_last4: '0154', mandate_reference: mandate.bank_debit.mandate_reference } });
    expect(popups).toBe(0);
  });
});
