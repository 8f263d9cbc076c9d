import braintree from 'braintree';
import type { RunningBraintreeSandbox } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';
import { at, clientApi, paypalNonce, savedPaymentMethods, type WalletFlowTarget } from './wallet-flows';

/**
 * Vault-initiated checkout as the store runs it: a saved PayPal account whose payer withdrew the
 * pre-approval is refused 2071 through the real `braintree` SDK; braintree-web's create_payment_resource
 * with the account's vault-manager nonce, the sandbox's PayPal page (agree or cancel) and its return
 * to braintree-web's frames, then the tokenized approval pays.
 */

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;
let target: WalletFlowTarget;

beforeAll(async () => {
  ({ sandbox, gateway, target } = await sandboxWithSdk());
});
afterAll(() => sandbox.close());

const FRAMES = 'https://checkout.paypal.com/web/3.124.0/html';

async function fingerprintFor(customerId?: string): Promise<string> {
  const { clientToken } = await gateway.clientToken.generate(customerId ? { customerId } : {});
  return JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint;
}

/** A customer with a saved PayPal account (checkout with vault), and that account's token. */
async function customerWithSavedPayPal(): Promise<{ customerId: string; token: string }> {
  const nonce = await paypalNonce(target, await fingerprintFor(), '30.00', 'GBP', { requestBillingAgreement: true });
  const sale = await gateway.transaction.sale({ amount: '30.00', paymentMethodNonce: nonce, options: { submitForSettlement: true, storeInVaultOnSuccess: true } });
  expect(sale.success).toBe(true);
  return { customerId: sale.transaction.customer.id as string, token: (sale.transaction.paypalAccount as { token: string }).token };
}

async function savedNonce(customerId: string): Promise<{ fingerprint: string; nonce: string }> {
  const fingerprint = await fingerprintFor(customerId);
  const listed = await savedPaymentMethods(target, fingerprint);
  return { fingerprint, nonce: String(at(listed.body, 'paymentMethods', 0, 'nonce')) };
}

const revoke = (token: string) => fetch(`${sandbox.url}/__sandbox/payment-methods/${token}/revoke-consent`, { method: 'POST', body: '{}' });

const startCheckout = (fingerprint: string, body: object) =>
  clientApi(target, fingerprint, 'paypal_hermes/create_payment_resource', {
    amount: '42.00',
    currencyIsoCode: 'GBP',
    intent: 'sale',
    flow: 'checkout',
    returnUrl: `${FRAMES}/redirect-frame.min.html?channel=abc`,
    cancelUrl: `${FRAMES}/cancel-frame.min.html?channel=abc`,
    ...body,
  });

/** The payer's answer on the sandbox's PayPal page: the 303 back to braintree-web's frame. */
async function answer(redirectUrl: string, action: 'consent' | 'cancel'): Promise<URL> {
  const url = new URL(redirectUrl);
  const response = await fetch(`${sandbox.url}${url.pathname}${url.search}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '');
}

describe('vault-initiated checkout', () => {
  it('refuses a revoked saved account 2071, and the payer agreeing again pays once and renews it', async () => {
    const { customerId, token } = await customerWithSavedPayPal();
    expect((await revoke(token)).status).toBe(200);
    const refused = await gateway.transaction.sale({ amount: '42.00', paymentMethodToken: token });
    expect(refused.success).toBe(false);
    expect(refused.transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2071', processorResponseText: 'PayPal Payer Revoked Authorization' });

    const { fingerprint, nonce } = await savedNonce(customerId);
    const created = await startCheckout(fingerprint, { vaultInitiatedCheckoutPaymentMethodToken: nonce });
    expect(created.status).toBe(201);
    const redirectUrl = String(at(created.body, 'paymentResource', 'redirectUrl'));
    expect(redirectUrl).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?/);
    const page = await (await fetch(`${sandbox.url}${new URL(redirectUrl).pathname}${new URL(redirectUrl).search}`)).text();
    expect(page).toContain('Pay <strong>42.00 GBP</strong>');
    expect(page).toContain('Agree and pay');

    const back = await answer(redirectUrl, 'consent');
    expect(back.href.startsWith(`${FRAMES}/redirect-frame.min.html?channel=abc&`)).toBe(true);
    const paymentId = String(at(created.body, 'paymentResource', 'paymentToken'));
    expect(Object.fromEntries(back.searchParams)).toEqual({ channel: 'abc', token: new URL(redirectUrl).searchParams.get('token'), PayerID: 'SBXBUYER7QH2L', paymentId });
    // Answered once: a second answer changes nothing.
    const again = await fetch(`${sandbox.url}${new URL(redirectUrl).pathname}${new URL(redirectUrl).search}`, { method: 'POST', body: 'action=cancel', redirect: 'manual' });
    expect(again.status).toBe(409);

    // What braintree-web's tokenizePayment sends with the frame's payload.
    const tokenized = await clientApi(target, fingerprint, 'payment_methods/paypal_accounts', {
      paypalAccount: { correlationId: back.searchParams.get('token'), paymentToken: paymentId, payerId: 'SBXBUYER7QH2L', unilateral: false, intent: 'sale', options: { validate: false } },
    });
    expect(tokenized.status).toBe(201);
    const paid = await gateway.transaction.sale({ amount: '42.00', paymentMethodNonce: String(at(tokenized.body, 'paypalAccounts', 0, 'nonce')), options: { submitForSettlement: true } });
    expect(paid.success).toBe(true);
    // Agreeing again renewed the pre-approval: the saved account pays by itself once more.
    expect((await gateway.transaction.sale({ amount: '5.00', paymentMethodToken: token })).success).toBe(true);
  });

  it('cancelled on PayPal: back to the cancel frame, nothing approved, the account still revoked', async () => {
    const { customerId, token } = await customerWithSavedPayPal();
    // Named by a vault-manager nonce of the account, as a browser test can read it.
    expect((await revoke((await savedNonce(customerId)).nonce)).status).toBe(200);
    const { fingerprint, nonce } = await savedNonce(customerId);
    const created = await startCheckout(fingerprint, { vaultInitiatedCheckoutPaymentMethodToken: nonce });
    const redirectUrl = String(at(created.body, 'paymentResource', 'redirectUrl'));
    const back = await answer(redirectUrl, 'cancel');
    expect(back.href).toBe(`${FRAMES}/cancel-frame.min.html?channel=abc&token=${new URL(redirectUrl).searchParams.get('token')}`);
    expect((await gateway.transaction.sale({ amount: '5.00', paymentMethodToken: token })).transaction.processorResponseCode).toBe('2071');
  });

  it("refuses another customer's saved account, a token that is no saved PayPal account, and missing return pages", async () => {
    const owner = await customerWithSavedPayPal();
    const other = await customerWithSavedPayPal();
    const { nonce } = await savedNonce(owner.customerId);
    expect((await startCheckout(await fingerprintFor(other.customerId), { vaultInitiatedCheckoutPaymentMethodToken: nonce })).status).toBe(422);
    expect((await startCheckout(await fingerprintFor(), { vaultInitiatedCheckoutPaymentMethodToken: nonce })).status).toBe(422);
    expect((await startCheckout(await fingerprintFor(owner.customerId), { vaultInitiatedCheckoutPaymentMethodToken: 'fake-nonce' })).status).toBe(422);
    const fingerprint = await fingerprintFor(owner.customerId);
    expect((await startCheckout(fingerprint, { vaultInitiatedCheckoutPaymentMethodToken: nonce, returnUrl: undefined })).status).toBe(422);
    expect((await startCheckout(fingerprint, { vaultInitiatedCheckoutPaymentMethodToken: nonce })).status).toBe(201);
  });

  it("serves the classic paypal module's checkout: PayPal's page, back to its redirect frame; the JS SDK's return pages open no page", async () => {
    const fingerprint = await fingerprintFor();
    const created = await startCheckout(fingerprint, {});
    const redirectUrl = String(at(created.body, 'paymentResource', 'redirectUrl'));
    const page = await (await fetch(`${sandbox.url}${new URL(redirectUrl).pathname}${new URL(redirectUrl).search}`)).text();
    expect(page).toContain('<h1>Pay with PayPal</h1>');
    expect(page).toContain('Pay now');
    const back = await answer(redirectUrl, 'consent');
    expect(back.searchParams.get('PayerID')).toBe('SBXBUYER7QH2L');
    expect(back.pathname).toBe('/web/3.124.0/html/redirect-frame.min.html');

    const sdkFlow = await startCheckout(fingerprint, { returnUrl: 'https://www.paypal.com/checkoutnow/error', cancelUrl: 'https://www.paypal.com/checkoutnow/error' });
    const sdkUrl = new URL(String(at(sdkFlow.body, 'paymentResource', 'redirectUrl')));
    expect((await fetch(`${sandbox.url}${sdkUrl.pathname}${sdkUrl.search}`)).status).toBe(404);
  });

  it('serves braintree-web its PayPal landing and cancel frames; revoking needs a saved PayPal account', async () => {
    const landing = await (await fetch(`${sandbox.url}/web/3.124.0/html/paypal-landing-frame.min.html`)).text();
    expect(landing).toContain('data-frame="loading"');
    const cancel = await (await fetch(`${sandbox.url}/web/3.124.0/html/cancel-frame.html`)).text();
    expect(cancel).toContain('/__sandbox/close-window.js');
    expect((await revoke('nope')).status).toBe(404);
    expect((await fetch(`${sandbox.url}/checkoutnow?token=EC-NOPE`)).status).toBe(404);
  });
});
