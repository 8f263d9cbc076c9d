import type { Locator, Page } from '@playwright/test';
import { agreeToImmediateSupply, expectConfirmation, paymentSection, shopperAtPayment } from './card-gateway';
import { expect, test } from './local-payments';
import { expectNoSeriousAxeViolations, XHR } from './support';
import { openProviderPopup } from './provider-popup';
import { SAVED_METHODS_OPTION, savedMethod } from './checkout-saved-methods';

// Vault-initiated checkout (spec 3): a saved PayPal account whose payer withdrew its pre-approval at
// PayPal is refused (the processor's 2071); the checkout offers 'Confirm with PayPal', which opens
// braintree-web's PayPal window (startVaultInitiatedCheckout, its frame-service popup) on the saved
// account, and the payer's answer on the sandbox's PayPal page pays the same order, or nothing.
// The provider's pages answer with 303s the popup must follow itself: local-payments' routing.

const CONSENT_NEEDED =
  'PayPal needs you to confirm this payment from your saved account, so you have not been charged yet. Choose Confirm with PayPal to continue.';

interface Sale {
  readonly status: string;
  readonly orderId: string | null;
  readonly paymentMethodToken: string | null;
}

const salesOf = async (page: Page, sandboxUrl: string, orderNumber: string) =>
  ((await (await page.request.get(`${sandboxUrl}/__sandbox/transactions`)).json()) as Sale[]).filter((sale) => sale.orderId?.startsWith(orderNumber));

const paidOrders = async (page: Page) =>
  ((await (await page.request.get('/data/orders/', { headers: XHR })).json()).data.orders as Array<{ status: string; number?: string }>).filter(
    (order) => order.status === 'paid',
  );

/** The checkout opens on the saved methods: the saved account is chosen (the shopper's only one, so the default). */
async function chooseSavedPayPal(page: Page) {
  await page.goto('/en-gb/checkout/');
  const section = paymentSection(page);
  await expect(section.getByRole('radio', { name: SAVED_METHODS_OPTION })).toBeChecked({ timeout: 15_000 });
  await expect(savedMethod(section, 'PayPal sandbox-buyer@example.com (default)')).toBeChecked();
  await agreeToImmediateSupply(page);
  return section;
}

const fingerprintOf = (clientToken: string): string => JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint;

/**
 * A shopper with a saved PayPal account, saved as account details' 'Add a PayPal account' does (its
 * own e2e drives that page: paypal-vault.spec.ts): braintree-web's vault-flow calls, the payer's
 * approval and the store's POST, made here over HTTP so that this spec pays its time for its own step.
 */
async function savePayPalAccount(page: Page, sandboxUrl: string): Promise<void> {
  const started = (await (await page.request.get('/data/account/paypal-vault/', { headers: XHR })).json()).data;
  const authorizationFingerprint = fingerprintOf(started.client_token);
  const clientApi = async (endpoint: string, data: object) => {
    const response = await page.request.post(`${sandboxUrl}/merchants/sandbox_merchant/client_api/v1/${endpoint}`, { data: { ...data, authorizationFingerprint } });
    expect(response.ok()).toBe(true);
    return response.json();
  };
  const agreement = (await clientApi('paypal_hermes/setup_billing_agreement', { returnUrl: 'x', cancelUrl: 'x', experienceProfile: { noShipping: 'true' } })).agreementSetup.tokenId;
  expect((await page.request.post(`${sandboxUrl}/__sandbox/paypal/orders/${agreement}/approve`, { data: {} })).ok()).toBe(true);
  const tokenized = await clientApi('payment_methods/paypal_accounts', { paypalAccount: { correlationId: agreement, billingAgreementToken: agreement, options: { validate: false } } });
  const saved = await page.request.post('/data/account/saved-paypal/', { headers: XHR, data: { nonce: tokenized.paypalAccounts[0].nonce } });
  expect(saved.ok()).toBe(true);
}

/** The payer withdraws the saved account's pre-approval at PayPal (the sandbox's control, named by a vault-manager nonce). */
async function revokeAtPayPal(page: Page, sandboxUrl: string): Promise<void> {
  const session = await (await page.request.get('/data/session/', { headers: XHR })).json();
  const checkout = (await (await page.request.get(`/data/braintree-checkout/?basket_ref=${session.data.basket.reference}`, { headers: XHR })).json()).data;
  const fingerprint = encodeURIComponent(fingerprintOf(checkout.client_token));
  const listed = await (await page.request.get(`${sandboxUrl}/merchants/sandbox_merchant/client_api/v1/payment_methods?defaultFirst=1&authorizationFingerprint=${fingerprint}`)).json();
  const account = (listed.paymentMethods as Array<{ type: string; nonce: string }>).find((method) => method.type === 'PayPalAccount');
  expect(account).toBeDefined();
  expect((await page.request.post(`${sandboxUrl}/__sandbox/payment-methods/${account?.nonce}/revoke-consent`, { data: {} })).ok()).toBe(true);
}

/**
 * A shopper whose saved PayPal account's payer withdrew its pre-approval, at the checkout after the
 * saved account was refused: the order number of the refused attempt.
 */
async function refusedSavedPayPal(page: Page, sandboxUrl: string) {
  await shopperAtPayment(page);
  await savePayPalAccount(page, sandboxUrl);
  await revokeAtPayPal(page, sandboxUrl);
  const section = await chooseSavedPayPal(page);
  const refusal = page.waitForResponse((response) => response.request().method() === 'POST' && (response.request().postData() ?? '').includes('PLACE_ORDER'));
  await section.getByRole('button', { name: 'Pay with saved PayPal account' }).click();
  const refused = (await (await refusal).json()) as { code: number; data?: { order_number?: string } };
  expect(refused.code).toBe(310237);
  await expect(page.getByText(CONSENT_NEEDED)).toBeVisible();
  const confirm = section.getByRole('button', { name: 'Confirm with PayPal' });
  await expect(confirm).toBeFocused();
  await expect(section.getByText('PayPal needs you to agree again before this saved account can pay. Nothing has been charged.')).toBeVisible();
  // The shopper has read it: the next message (each shows for 8 seconds, queued) comes at once.
  await page.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(page.getByText(CONSENT_NEEDED)).toHaveCount(0);
  const orderNumber = refused.data?.order_number ?? '';
  expect(orderNumber).toMatch(/^AFS-\d{8}$/);
  return { section, confirm, orderNumber };
}

/** Opens PayPal's window from 'Confirm with PayPal': braintree-web's own popup, on the sandbox's PayPal page. */
const openPayPal = (page: Page, confirm: Locator) =>
  openProviderPopup(page, { setUpCall: 'paypal_hermes/create_payment_resource', opener: confirm, loading: 'Loading PayPal…', heading: 'Confirm your payment' });

test('the payer agrees again in PayPal\'s window: the same order is paid, once', async ({ page, sandboxUrl }) => {
  const { confirm, orderNumber } = await refusedSavedPayPal(page, sandboxUrl);
  await expectNoSeriousAxeViolations(page);
  const payPal = await openPayPal(page, confirm);
  await expect(payPal.getByText('from your saved PayPal account sandbox-buyer@example.com')).toBeVisible();
  await payPal.getByRole('button', { name: 'Agree and pay' }).click();
  expect(await expectConfirmation(page)).toBe(orderNumber);
  // One refused sale and one that went through, for the one order number.
  const sales = await salesOf(page, sandboxUrl, orderNumber);
  expect(sales.map((sale) => sale.status === 'processor_declined')).toEqual([true, false]);
  expect((await paidOrders(page)).length).toBe(1);
});

test('cancelled in PayPal\'s window: its words, nothing charged, the saved account still offered', async ({ page, sandboxUrl }) => {
  const { section, confirm, orderNumber } = await refusedSavedPayPal(page, sandboxUrl);
  const payPal = await openPayPal(page, confirm);
  await payPal.getByRole('button', { name: 'Cancel and return to the shop' }).click();
  await payPal.waitForEvent('close');
  await expect(page.getByText('You closed PayPal before confirming, so you have not been charged. Your saved PayPal account is still there to confirm.')).toBeVisible();
  await expect(confirm).toBeFocused();
  await expect(section.getByRole('button', { name: 'Pay with saved PayPal account' })).toBeVisible();
  expect((await salesOf(page, sandboxUrl, orderNumber)).map((sale) => sale.status)).toEqual(['processor_declined']);
  expect(await paidOrders(page)).toEqual([]);
});

test('a browser that blocks PayPal\'s window: its words, and nothing charged', async ({ page, sandboxUrl }) => {
  const { confirm, orderNumber } = await refusedSavedPayPal(page, sandboxUrl);
  // What a pop-up blocker does to the page: window.open answers null.
  await page.evaluate(() => {
    window.open = () => null;
  });
  await confirm.click();
  await expect(page.getByText('The PayPal window could not open. Please allow pop-up windows for this site and try again.')).toBeVisible();
  await expect(confirm).toBeFocused();
  expect((await salesOf(page, sandboxUrl, orderNumber)).map((sale) => sale.status)).toEqual(['processor_declined']);
});
