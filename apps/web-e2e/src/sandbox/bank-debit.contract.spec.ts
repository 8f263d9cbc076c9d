import { expect, test, type Page } from '@playwright/test';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract charges the nonces through the real server SDK, as the API does
import braintree from 'braintree';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the contract runs the sandbox in-process, from its sources
import { gatewayFor, startBraintreeSandbox, startSepaMandate, type RunningBraintreeSandbox } from '../../../payment-sandbox/src';
import { expectNoSeriousAxeViolations } from '../support';
import { guardMerchantPage, MERCHANT, moduleScripts } from './provider-routing';

// The contract of the card sandbox's bank debits: the real braintree-web 3.124.0 `sepa` module in
// Chromium (its mandate call, the frame service's 400x570 popup with the sandbox's mandate page
// and redirect frame, and the tokenization) and the real `us-bank-account` module (its GraphQL
// tokenization), with the providers' hostnames routed to the sandbox. Any request to another host
// is refused and fails the test. Each nonce is charged through the real SDK and settled by control.

const MODULES = ['client', 'sepa', 'us-bank-account'];

const MERCHANT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Merchant bank debit test page</title></head>
  <body>
    <main>
      <h1>Checkout</h1>
      <button type="button" id="sepa">Pay by SEPA direct debit</button>
      <button type="button" id="ach">Pay from a US bank account</button>
    </main>
    ${moduleScripts(MODULES)}
    <script>
      window.events = [];
      // tokenize runs from the click, as braintree-web needs for its popup.
      document.getElementById('sepa').addEventListener('click', function () {
        window.sepa
          .tokenize(window.sepaOptions)
          .then(function (payload) { window.events.push({ payload: payload }); })
          .catch(function (error) { window.events.push({ error: error.code }); });
      });
      document.getElementById('ach').addEventListener('click', function () {
        window.usBankAccount
          .tokenize(window.achOptions)
          .then(function (payload) { window.events.push({ payload: payload }); })
          .catch(function (error) { window.events.push({ error: error.code, original: error.details && error.details.originalError && error.details.originalError.details && error.details.originalError.details.originalError }); });
      });
    </script>
  </body>
</html>`;

const SEPA_OPTIONS = {
  accountHolderName: 'Erika Mustermann',
  customerId: 'customer-42',
  iban: 'DE89370400440532013000',
  mandateType: 'ONE_OFF',
  countryCode: 'DE',
  merchantAccountId: 'store_EUR',
};

const MANDATE_TEXT = 'By clicking Pay, I authorize Affinity Store to debit my bank account for this order.';
const ACH_OPTIONS = {
  mandateText: MANDATE_TEXT,
  bankDetails: {
    routingNumber: '011000015',
    accountNumber: '1000000000',
    accountType: 'checking',
    ownershipType: 'personal',
    firstName: 'Ada',
    lastName: 'Lovelace',
    billingAddress: { streetAddress: '1 Main St', locality: 'Springfield', region: 'IL', postalCode: '62701' },
  },
};

// The SDK's typings lack the bank account details the SDK itself reads.
const sepaDetails = (transaction: braintree.Transaction): any => (transaction as unknown as { sepaDirectDebitAccountDetails?: unknown }).sepaDirectDebitAccountDetails;
const bankAccount = (transaction: braintree.Transaction): any => (transaction as unknown as { usBankAccount?: unknown }).usBankAccount;

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;

test.beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  gateway = gatewayFor(sandbox);
  expect((await fetch(`${sandbox.url}/__sandbox/frame-service.js`)).status, 'the sandbox browser bundles are built (node tools/build.mjs)').toBe(200);
});
test.afterAll(async () => {
  await sandbox?.close();
});

guardMerchantPage(test, () => ({ sandboxUrl: sandbox.url, page: MERCHANT_PAGE, modules: MODULES, open: false }));

const clientToken = async () => (await gateway.clientToken.generate({})).clientToken;

/** The merchant page with braintree-web's client, sepa and us-bank-account instances. */
async function openMerchantPage(page: Page, sepaOptions: object = SEPA_OPTIONS, achOptions: object = ACH_OPTIONS): Promise<void> {
  await page.goto(`${MERCHANT}/`);
  await page.evaluate(
    async ({ token, sepaOptions, achOptions }) => {
      const w = window as any;
      w.client = await w.braintree.client.create({ authorization: token });
      w.sepa = await w.braintree.sepa.create({ client: w.client });
      w.usBankAccount = await w.braintree.usBankAccount.create({ client: w.client });
      w.sepaOptions = sepaOptions;
      w.achOptions = achOptions;
    },
    { token: await clientToken(), sepaOptions, achOptions },
  );
}

const events = (page: Page) => page.evaluate(() => (window as any).events as any[]);

/** Clicks Pay by SEPA and answers the popup's mandate page. */
async function mandateInPopup(page: Page, answer: (popup: Page) => Promise<void>): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Pay by SEPA direct debit' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'SEPA Direct Debit mandate' })).toBeVisible();
  await answer(popup);
  return popup;
}

test('SEPA popup: the mandate approved from the keyboard gives the nonce; its sale waits, then settles', async ({ page }) => {
  await openMerchantPage(page);
  const popup = await mandateInPopup(page, async (mandate) => {
    // The module opens its popup at the spec's SEPA size; the page fits it without scrolling sideways.
    expect(await mandate.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }))).toEqual({ width: 400, height: 570 });
    expect(await mandate.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expect(mandate.getByText('ending in 3000')).toBeVisible();
    await expect(mandate.getByText('Erika Mustermann')).toBeVisible();
    await mandate.keyboard.press('Tab');
    await expect(mandate.getByRole('button', { name: 'Approve mandate' })).toBeFocused();
    await mandate.keyboard.press('Enter');
  });
  await expect.poll(() => events(page)).toHaveLength(1);
  const [{ payload }] = await events(page);
  expect(payload).toEqual({ nonce: expect.any(String), ibanLastFour: '3000', customerId: 'customer-42', mandateType: 'ONE_OFF' });
  await expect.poll(() => popup.isClosed()).toBe(true);

  const result = await gateway.transaction.sale({ amount: '59.00', paymentMethodNonce: payload.nonce, merchantAccountId: 'store_EUR', options: { submitForSettlement: true } });
  expect(result.success).toBe(true);
  expect(result.transaction.status).toBe('settlement_pending');
  expect(sepaDetails(result.transaction)).toMatchObject({ last4: '3000', mandateType: 'ONE_OFF', merchantOrPartnerCustomerId: 'customer-42' });
  const settled = await fetch(`${sandbox.url}/__sandbox/transactions/${result.transaction.id}/settle`, { method: 'POST' });
  expect(settled.status).toBe(200);
  expect((await gateway.transaction.find(result.transaction.id)).status).toBe('settled');
});

test('SEPA popup: Cancel rejects with SEPA_CUSTOMER_CANCELED; closing the window too', async ({ page }) => {
  await openMerchantPage(page);
  const canceled = await mandateInPopup(page, (mandate) => mandate.getByRole('button', { name: 'Cancel' }).click());
  await expect.poll(() => events(page)).toEqual([{ error: 'SEPA_CUSTOMER_CANCELED' }]);
  await expect.poll(() => canceled.isClosed()).toBe(true);

  await mandateInPopup(page, (mandate) => mandate.close());
  await expect.poll(() => events(page)).toEqual([{ error: 'SEPA_CUSTOMER_CANCELED' }, { error: 'SEPA_CUSTOMER_CANCELED' }]);
  const mandates = Object.values(sandbox.context.store.state.sepaMandates).filter((mandate) => mandate.merchantOrPartnerCustomerId === 'customer-42');
  expect(mandates.map((mandate) => mandate.status).slice(-2)).toEqual(['canceled', 'created']);
});

test('SEPA: an IBAN with wrong check digits opens no popup and rejects with SEPA_CREATE_MANDATE_FAILED', async ({ page }) => {
  await openMerchantPage(page, { ...SEPA_OPTIONS, iban: 'DE89370400440532013001' });
  let popups = 0;
  page.on('popup', () => (popups += 1));
  await page.getByRole('button', { name: 'Pay by SEPA direct debit' }).click();
  await expect.poll(() => events(page)).toEqual([{ error: 'SEPA_CREATE_MANDATE_FAILED' }]);
  expect(popups).toBe(0);
});

test('US bank account: bank details tokenize to a nonce whose sale waits in settlement_pending', async ({ page }) => {
  await openMerchantPage(page);
  await page.getByRole('button', { name: 'Pay from a US bank account' }).click();
  await expect.poll(() => events(page)).toHaveLength(1);
  const [{ payload }] = await events(page);
  expect(payload).toEqual({ nonce: expect.any(String), details: {}, description: 'US bank account ending in - 0000', type: 'us_bank_account' });
  const result = await gateway.transaction.sale({ amount: '120.00', paymentMethodNonce: payload.nonce, merchantAccountId: 'store_USD', options: { submitForSettlement: true } });
  expect(result.transaction.status).toBe('settlement_pending');
  expect(bankAccount(result.transaction)).toMatchObject({ routingNumber: '011000015', last4: '0000', accountHolderName: 'Ada Lovelace' });
  expect(bankAccount(result.transaction).achMandate.text).toBe(MANDATE_TEXT);
});

test('US bank account: a refused routing number rejects with the provider\'s message inside; bank login is not enabled', async ({ page }) => {
  await openMerchantPage(page, SEPA_OPTIONS, { ...ACH_OPTIONS, bankDetails: { ...ACH_OPTIONS.bankDetails, routingNumber: '011000016' } });
  await page.getByRole('button', { name: 'Pay from a US bank account' }).click();
  await expect.poll(() => events(page)).toHaveLength(1);
  // The provider's GraphQL answers refusals with HTTP 200 and an errors list; braintree-web 3.124.0
  // then has no HTTP status to read and reports US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR, with the
  // provider's errors inside. A page must check the routing number itself before it submits.
  const [refused] = await events(page);
  expect(refused.error).toBe('US_BANK_ACCOUNT_TOKENIZATION_NETWORK_ERROR');
  expect(refused.original).toEqual([expect.objectContaining({ message: 'Routing number is invalid.', extensions: expect.objectContaining({ errorClass: 'VALIDATION' }) })]);

  const login = await page.evaluate(() =>
    (window as any).usBankAccount.tokenize({ mandateText: 'I authorize', bankLogin: { displayName: 'Affinity Store' } }).then(
      () => 'resolved',
      (error: any) => error.code,
    ),
  );
  expect(login).toBe('US_BANK_ACCOUNT_BANK_LOGIN_NOT_ENABLED');
});

test('the mandate page works at 320 px, from the keyboard, and is axe clean', async ({ page }) => {
  const { clientToken: token } = await gateway.clientToken.generate({});
  const fingerprint = JSON.parse(Buffer.from(token, 'base64').toString('utf8')).authorizationFingerprint;
  const started = await startSepaMandate({ url: sandbox.url, merchantId: sandbox.config.merchantId }, fingerprint, { iban: 'FR7630006000011234567890189', mandateType: 'RECURRENT' });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(started.account?.approvalUrl as string);
  await expect(page.getByRole('heading', { name: 'SEPA Direct Debit mandate' })).toBeVisible();
  await expect(page.getByText('Recurring payments')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // The answer sends the payer to the module's cancel URL (Chromium does not pass that redirect
  // of a routed response back through the routes, so the test reads where it was sent, not the page).
  const sentBack = page.waitForRequest(/^https:\/\/assets\.braintreegateway\.com\/web\/3\.124\.0\/html\/redirect-frame\.html\?cancel=1&cart_id=[A-Z0-9]{17}$/);
  await page.keyboard.press('Enter');
  await sentBack;
  expect(Object.values(sandbox.context.store.state.sepaMandates).find((mandate) => mandate.bankReferenceToken === started.account?.bankReferenceToken)?.status).toBe('canceled');
});
