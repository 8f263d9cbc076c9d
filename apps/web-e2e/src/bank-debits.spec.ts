import type { Page } from '@playwright/test';
import { bank, bankDebitOrder, orderNumberOn, saleOf } from './bank-debits';
import { chooseLocalMethod, expect, MB_WAY_STORE, shopperBilledIn, test, type LocalStore } from './local-payments';
import { expectNoSeriousAxeViolations, XHR } from './support';

// SEPA Direct Debit (spec 3 §2, §3, §5, §8) in Chromium through the real API and braintree-web's
// own sepa module against the card sandbox: a Portuguese shopper of the euro storefront (the main
// e2e store sends Portugal's euros to the card gateway). The mandate opens in the module's popup;
// the sandbox's controls stand in for the bank, which settles days later.

test.describe.configure({ timeout: 90_000 });

const SEPA_STORE: LocalStore = { ...MB_WAY_STORE, method: 'SEPA Direct Debit' };
const IBAN = 'PT50 0002 0123 1234 5678 9015 4';
// The sandbox's test IBAN declined at settlement (AM04).
const DECLINED_IBAN = 'DE62 3704 0044 0532 0130 01';
// The catalogue's words for a mandate cancelled or its window closed (the sepa module reports both alike).
const CANCELLED = 'The SEPA mandate was not approved, so nothing will be debited. You can try again or choose another way to pay.';

async function atSepa(page: Page) {
  const shopper = await shopperBilledIn(page, SEPA_STORE);
  expect(shopper.gateway).toBe('braintree');
  const section = await chooseLocalMethod(page, SEPA_STORE);
  return section;
}

/** Fills the IBAN and opens the mandate's popup from our button. */
async function openMandate(page: Page, iban: string) {
  const section = page.locator('[data-testid="sepa-payment"]');
  await section.getByLabel('IBAN').fill(iban);
  const popupOpened = page.waitForEvent('popup');
  await section.getByRole('button', { name: 'Continue to the SEPA mandate' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'SEPA Direct Debit mandate' })).toBeVisible({ timeout: 15_000 });
  return popup;
}

const ordersOf = async (page: Page) => (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as { status: string }[];

test.describe('SEPA Direct Debit', () => {
  test('an IBAN with a typing mistake is refused at its field and opens no popup; the form is accessible', async ({ page }) => {
    await atSepa(page);
    const section = page.locator('[data-testid="sepa-payment"]');
    let popups = 0;
    page.on('popup', () => (popups += 1));
    const iban = section.getByLabel('IBAN');
    await iban.fill('PT50 0002 0123 1234 5678 9015 5');
    await section.getByRole('button', { name: 'Continue to the SEPA mandate' }).click();
    await expect(iban).toHaveAccessibleDescription(/This IBAN is not valid\. Please check it for typing mistakes\./);
    await expect(iban).toBeFocused();
    await iban.fill('PT50 0002 0123 1234 5678');
    await section.getByRole('button', { name: 'Continue to the SEPA mandate' }).click();
    await expect(iban).toHaveAccessibleDescription(/wrong number of characters for its country/);
    await section.getByLabel('Account holder name').fill('');
    await section.getByRole('button', { name: 'Continue to the SEPA mandate' }).click();
    await expect(section.getByLabel('Account holder name')).toHaveAccessibleDescription(/Please enter the account holder's name\./);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 320, height: 700 });
    // The form fits a 320 px phone without scrolling sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(popups).toBe(0);
    expect(await ordersOf(page)).toEqual([]);
  });

  test('the mandate cancelled, then its window closed: nothing charged, and said so each time', async ({ page }) => {
    await atSepa(page);
    const cancelled = await openMandate(page, IBAN);
    await cancelled.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(CANCELLED)).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => cancelled.isClosed()).toBe(true);
    const button = page.getByRole('button', { name: 'Continue to the SEPA mandate' });
    await expect(button).not.toHaveAttribute('aria-busy', 'true');

    const closed = await openMandate(page, IBAN);
    await closed.close();
    await expect(page.getByText(CANCELLED)).toBeVisible({ timeout: 15_000 });
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    expect(await ordersOf(page)).toEqual([]);
  });

  test('approved: the order waits for the bank, then the settled debit releases the keys', async ({ page, sandboxUrl }) => {
    await atSepa(page);
    const popup = await openMandate(page, IBAN);
    expect(await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }))).toEqual({ width: 400, height: 570 });
    await expect(popup.getByText('ending in 0154')).toBeVisible();
    // The approval is announced while the order is placed, then the page moves on: record what it said.
    await page.evaluate(() => {
      const region = document.querySelector('[data-testid="sepa-approved"]') as HTMLElement;
      const said: string[] = ((window as unknown as { said: string[] }).said = []);
      new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, { childList: true, subtree: true, characterData: true });
    });
    await popup.getByRole('button', { name: 'Approve mandate' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your bank' })).toBeVisible({ timeout: 20_000 });
    // The page moved on within the app (no reload), so the record is still there.
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    const announced = said.map((text) => /^Mandate approved for the account ending in 0154, mandate reference (\S+)\. Placing your order…$/.exec(text)?.[1]).find(Boolean);
    expect(announced).toEqual(expect.any(String));
    await expect(page.getByText(/receipt with your product keys as soon as the debit settles/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const number = await orderNumberOn(page);
    // The order keeps the account and the mandate as the gateway recorded the sale: the same mandate the page approved.
    expect(await bankDebitOrder(page.request, number)).toMatchObject({
      status: 'pending',
      bank_debit: { state: 'pending', released: false, method: 'sepa', account_last4: '0154', mandate_reference: announced },
    });
    const account = `Payment: SEPA Direct Debit, IBAN ending 0154, mandate reference ${announced}`;
    await expect(page.getByTestId('bank-account')).toHaveText(account);

    await page.goto('/en-eu/account/orders/');
    await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText('Waiting for your bank');
    await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText('IBAN ending 0154');

    const sale = await saleOf(page.request, sandboxUrl, number);
    await page.goto(`/en-eu/order/${number}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your bank' })).toBeVisible();
    await expect(page.getByTestId('bank-account')).toHaveText(account);
    // The long mandate reference wraps on a 320 px phone rather than pushing the page sideways.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await bank(page.request, sandboxUrl, sale.id, 'settle');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 40_000 });
    await expect(page.getByTestId('bank-account')).toHaveText(account);
    const paid = await bankDebitOrder(page.request, number);
    expect(paid).toMatchObject({ status: 'paid', bank_debit: { state: 'settled', released: true } });
    expect(paid.lines.some((line) => line.product_key)).toBe(true);
  });

  test('declined by the bank at settlement: the order failed and nothing was taken', async ({ page, sandboxUrl }) => {
    await atSepa(page);
    const popup = await openMandate(page, DECLINED_IBAN);
    await popup.getByRole('button', { name: 'Approve mandate' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Waiting for your bank' })).toBeVisible({ timeout: 20_000 });
    const number = await orderNumberOn(page);
    const sale = await saleOf(page.request, sandboxUrl, number);
    await bank(page.request, sandboxUrl, sale.id, 'fail');
    await expect(page.getByRole('heading', { level: 1, name: 'Your bank declined the payment' })).toBeVisible({ timeout: 40_000 });
    await expect(page.getByText('Nothing has been taken from your account.')).toBeVisible();
    await expect(page.getByTestId('bank-account')).toContainText('Payment: SEPA Direct Debit, IBAN ending 3001, mandate reference ');
    expect(await bankDebitOrder(page.request, number)).toMatchObject({ status: 'failed', bank_debit: { state: 'declined', account_last4: '3001' } });
  });
});
