import type { Page } from '@playwright/test';
import { bank, bankDebitOrder, orderNumberOn, saleOf } from './bank-debits';
import { basketBilledIn, chooseLocalMethod, expect, shopperBilledIn, test, VENMO_STORE, type LocalStore } from './local-payments';
import { expectNoSeriousAxeViolations, XHR } from './support';

// US bank account (ACH; spec 3 §3, §5, §8) in Chromium through the real API and braintree-web's own
// us-bank-account module against the card sandbox. The main e2e store sends dollars to the
// merchant of record, so this runs on the configured store, whose rules send US billing to the card
// gateway (playwright.config.ts). The sandbox's controls stand in for the bank.

test.describe.configure({ timeout: 120_000 });

// The method's radio label is the domain's; the local payments' helpers take any store of the card gateway.
const ACH_STORE: LocalStore = { ...VENMO_STORE, method: 'US bank account (ACH)' };

const form = (page: Page) => page.locator('[data-testid="us-bank-account-payment"]');

/** Fills the bank details (the provider's documented test routing number by default) and accepts the mandate. */
async function fillBankDetails(page: Page, details: { routing?: string; account?: string } = {}) {
  const section = form(page);
  await section.getByLabel('Routing number').fill(details.routing ?? '011000015');
  await section.getByLabel('Account number').fill(details.account ?? '1000000000');
  await section.getByRole('radio', { name: 'Savings' }).check();
  await section.getByRole('checkbox', { name: 'I authorize this debit' }).check();
}

const pay = (page: Page) => form(page).getByRole('button', { name: 'Pay from my bank account' }).click();

/** Another basket for the same shopper, billed to the same address, at the payment step. */
async function nextBasket(page: Page) {
  expect(await basketBilledIn(page, ACH_STORE)).toBe('braintree');
  return chooseLocalMethod(page, ACH_STORE);
}

test.describe('US bank account (ACH)', () => {
  test.beforeEach(async ({ page }) => {
    const shopper = await shopperBilledIn(page, ACH_STORE);
    expect(shopper.gateway).toBe('braintree');
  });

  test('a routing number failing its checksum, and no mandate accepted, are refused at their fields before anything is sent', async ({ page }) => {
    await chooseLocalMethod(page, ACH_STORE);
    const section = form(page);
    await expect(section.getByText(/I authorize Affinity Store to debit the bank account above/)).toBeVisible();
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('graphql')) sent += 1;
    });
    await section.getByLabel('Routing number').fill('011000016');
    await section.getByLabel('Account number').fill('1000000000');
    await pay(page);
    const routing = section.getByLabel('Routing number');
    await expect(routing).toHaveAccessibleDescription(/This routing number is not valid\. It has 9 digits: please check them\./);
    await expect(routing).toBeFocused();
    await expect(section.getByRole('checkbox', { name: 'I authorize this debit' })).toHaveAccessibleDescription(/Please accept the authorization to debit your account\./);
    await expectNoSeriousAxeViolations(page);
    expect(sent).toBe(0);
    expect((await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders).toEqual([]);
  });

  test('paid: the order waits for the bank, then the settled debit releases the keys', async ({ page, sandboxUrl }) => {
    await chooseLocalMethod(page, ACH_STORE);
    await fillBankDetails(page);
    await pay(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your bank' })).toBeVisible({ timeout: 30_000 });
    const number = await orderNumberOn(page);
    // The account as the gateway recorded the sale: its last four and bank, and no mandate reference (ACH has none).
    expect(await bankDebitOrder(page.request, number)).toMatchObject({
      status: 'pending',
      bank_debit: { state: 'pending', released: false, method: 'us-bank-account', account_last4: '0000', mandate_reference: null },
    });
    await expect(page.getByTestId('bank-account')).toHaveText('Payment: US bank account (ACH), account ending 0000 (FEDERAL RESERVE BANK)');
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const sale = await saleOf(page.request, sandboxUrl, number);
    await bank(page.request, sandboxUrl, sale.id, 'settle');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 40_000 });
    expect(await bankDebitOrder(page.request, number)).toMatchObject({ status: 'paid', bank_debit: { state: 'settled', released: true } });
  });

  test('a returning customer gets the keys at once; when the bank returns the debit later, the order says so and the keys are gone', async ({ page, sandboxUrl }) => {
    // The first order: paid once the bank settles it, which makes the shopper a returning customer.
    await chooseLocalMethod(page, ACH_STORE);
    await fillBankDetails(page);
    await pay(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your bank' })).toBeVisible({ timeout: 30_000 });
    const first = await orderNumberOn(page);
    await bank(page.request, sandboxUrl, (await saleOf(page.request, sandboxUrl, first)).id, 'settle');
    await expect.poll(async () => (await bankDebitOrder(page.request, first)).status, { timeout: 30_000 }).toBe('paid');

    await nextBasket(page);
    await fillBankDetails(page);
    await pay(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('bank-settling')).toBeVisible();
    const second = await orderNumberOn(page);
    const released = await bankDebitOrder(page.request, second);
    expect(released).toMatchObject({ status: 'paid', bank_debit: { state: 'pending', released: true } });
    expect(released.lines.some((line) => line.product_key)).toBe(true);

    const sale = await saleOf(page.request, sandboxUrl, second);
    await bank(page.request, sandboxUrl, sale.id, 'settle');
    await bank(page.request, sandboxUrl, sale.id, 'return');
    await expect.poll(async () => (await bankDebitOrder(page.request, second)).bank_debit?.state, { timeout: 30_000 }).toBe('returned');
    await page.goto(`/en-us/order/${second}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your bank returned this payment' })).toBeVisible();
    await expect(page.getByText(/its product keys no longer work/)).toBeVisible();
    const returned = await bankDebitOrder(page.request, second);
    expect(returned.status).toBe('refunded');
    await page.goto('/en-us/account/orders/');
    await expect(page.getByRole('row', { name: new RegExp(second) })).toContainText('Returned by your bank');
    await page.goto('/en-us/account/downloads/');
    await expect(page.getByText(second)).toHaveCount(0);
  });
});
