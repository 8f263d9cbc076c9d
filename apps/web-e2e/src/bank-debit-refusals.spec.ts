import type { Page, Route } from '@playwright/test';
import { configuredPort, configuredSandboxPort } from '../playwright.config';
import { chooseLocalMethod, expect, MB_WAY_STORE, shopperBilledIn, test, VENMO_STORE, type LocalStore } from './local-payments';
import { XHR } from './support';

// What a shopper reads when a bank debit does not go ahead, word for word, in Chromium through the
// real API and braintree-web's own sepa and us-bank-account modules against the card sandbox: the
// bank debits' own catalogued words (a mandate not approved, bank details refused), never the
// local payments' 'You cancelled the payment' or 'The payment provider did not accept these details'.

test.describe.configure({ timeout: 90_000 });

const MANDATE_NOT_APPROVED = 'The SEPA mandate was not approved, so nothing will be debited. You can try again or choose another way to pay.';
const DETAILS_REFUSED = 'Your bank did not accept these account details. Please check them and try again.';

const ordersOf = async (page: Page) => (await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as unknown[];

/** The message the page shows and announces (in its alert region, as every refusal is); it carries its catalogue code. */
const refusal = (page: Page) => page.getByRole('alert').locator('[data-code]');

test.describe('SEPA Direct Debit: the mandate not approved', () => {
  // The main e2e store sends a Portuguese shopper's euros to the card gateway.
  const SEPA_STORE: LocalStore = { ...MB_WAY_STORE, method: 'SEPA Direct Debit' };

  /** The payment step with SEPA chosen, the IBAN typed and the mandate's popup opened from our button. */
  async function openMandate(page: Page) {
    const shopper = await shopperBilledIn(page, SEPA_STORE);
    expect(shopper.gateway).toBe('braintree');
    await chooseLocalMethod(page, SEPA_STORE);
    const section = page.locator('[data-testid="sepa-payment"]');
    await section.getByLabel('IBAN').fill('PT50 0002 0123 1234 5678 9015 4');
    const popupOpened = page.waitForEvent('popup');
    await section.getByRole('button', { name: 'Continue to the SEPA mandate' }).click();
    const popup = await popupOpened;
    await expect(popup.getByRole('heading', { name: 'SEPA Direct Debit mandate' })).toBeVisible({ timeout: 15_000 });
    return { popup, button: section.getByRole('button', { name: 'Continue to the SEPA mandate' }) };
  }

  test('cancelled in the mandate: the shopper reads that nothing will be debited, and can try again', async ({ page }) => {
    const { popup, button } = await openMandate(page);
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect(refusal(page).locator('span')).toHaveText(MANDATE_NOT_APPROVED, { timeout: 15_000 });
    await expect(refusal(page)).toHaveAttribute('data-code', '310221');
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(button).toBeEnabled();
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    expect(await ordersOf(page)).toEqual([]);
  });

  test("the mandate's window closed: the same words, as the module reports both alike", async ({ page }) => {
    const { popup, button } = await openMandate(page);
    await popup.close();
    await expect(refusal(page).locator('span')).toHaveText(MANDATE_NOT_APPROVED, { timeout: 15_000 });
    await expect(refusal(page)).toHaveAttribute('data-code', '310221');
    await expect(button).not.toHaveAttribute('aria-busy', 'true');
    expect(await ordersOf(page)).toEqual([]);
  });
});

/**
 * The main e2e store sends dollars to the merchant of record, so the US bank account runs on the
 * 'configured' store (its rules send US billing to the card gateway), with its own card sandbox.
 */
const achTest = test.extend({ sandboxUrl: async ({}, use) => use(`http://127.0.0.1:${configuredSandboxPort}`) });

achTest.describe('US bank account (ACH): bank details the provider refuses', () => {
  achTest.use({ baseURL: `http://127.0.0.1:${configuredPort}` });

  const ACH_STORE = { ...VENMO_STORE, method: 'US bank account (ACH)' };

  /**
   * The page refuses a routing number failing its checksum and a short account number before
   * anything is sent, so it never sends the sandbox's documented refused values itself. The real
   * provider also refuses numbers that pass those checks (a routing number of no bank); to stand in
   * for that, the details the shopper typed are swapped in flight for a value the sandbox refuses
   * (routing 011000016, the README's refused number; an account of 2 digits): the refusal, the
   * module's report of it and everything after are the real ones.
   */
  async function providerRefuses(page: Page, field: 'routingNumber' | 'accountNumber', refused: string) {
    let sent = 0;
    await page.context().route(/\/graphql$/, async (route: Route) => {
      const body = route.request().postDataJSON() as { query?: string; variables?: { input?: { usBankAccount?: Record<string, unknown> } } } | null;
      const account = body?.variables?.input?.usBankAccount;
      if (!body?.query?.includes('tokenizeUsBankAccount') || !account) return route.fallback();
      sent += 1;
      account[field] = refused;
      return route.fallback({ postData: JSON.stringify(body) });
    });
    return () => sent;
  }

  async function payWith(page: Page) {
    const shopper = await shopperBilledIn(page, ACH_STORE);
    expect(shopper.gateway).toBe('braintree');
    await chooseLocalMethod(page, ACH_STORE);
    const section = page.locator('[data-testid="us-bank-account-payment"]');
    await section.getByLabel('Routing number').fill('011000015');
    await section.getByLabel('Account number').fill('1000000000');
    await section.getByRole('checkbox', { name: 'I authorize this debit' }).check();
    await section.getByRole('button', { name: 'Pay from my bank account' }).click();
    return section;
  }

  achTest('a routing number the provider refuses: said at the field and in the bank debits’ own words', async ({ page }) => {
    const sent = await providerRefuses(page, 'routingNumber', '011000016');
    const section = await payWith(page);
    await expect(refusal(page).locator('span')).toHaveText(DETAILS_REFUSED, { timeout: 20_000 });
    await expect(refusal(page)).toHaveAttribute('data-code', '310225');
    const routing = section.getByLabel('Routing number');
    await expect(routing).toHaveAccessibleDescription(/Your bank did not recognise this routing number\. Please check it\./);
    await expect(routing).toBeFocused();
    expect(sent()).toBe(1);
    await expect(section.getByRole('button', { name: 'Pay from my bank account' })).not.toHaveAttribute('aria-busy', 'true');
    expect(await ordersOf(page)).toEqual([]);
  });

  achTest('an account number the provider refuses: said at the field and in the bank debits’ own words', async ({ page }) => {
    const sent = await providerRefuses(page, 'accountNumber', '12');
    const section = await payWith(page);
    await expect(refusal(page).locator('span')).toHaveText(DETAILS_REFUSED, { timeout: 20_000 });
    await expect(refusal(page)).toHaveAttribute('data-code', '310225');
    const account = section.getByLabel('Account number');
    await expect(account).toHaveAccessibleDescription(/Your bank did not accept this account number\. Please check it\./);
    await expect(account).toBeFocused();
    await expect(section.getByLabel('Routing number')).not.toHaveAccessibleDescription(/did not recognise/);
    expect(sent()).toBe(1);
    expect(await ordersOf(page)).toEqual([]);
  });
});
