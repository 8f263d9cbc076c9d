import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { SavedMethodsJson } from '@store/domain';
import { XHR } from './support';

// Account details' 'Saved payment methods' as the specs read it: the section, an item by the
// method's description (its accessible name), and the server's list behind it.

/** The customer's saved payment methods as GET /data/account/saved-methods/ answers (the default first), for a page's shopper or a request context's. */
export const savedMethodsOf = async (shopper: Page | APIRequestContext): Promise<SavedMethodsJson> =>
  (await (await ('request' in shopper ? shopper.request : shopper).get('/data/account/saved-methods/', { headers: XHR })).json()).data;

/** The 'Saved payment methods' section of account details. */
export const savedMethodsSection = (page: Page) => page.getByRole('region', { name: 'Saved payment methods' });

/** The listed method whose description is (or matches) the given one. */
export const savedMethodItem = (page: Page, description: string | RegExp) => savedMethodsSection(page).getByRole('listitem', { name: description });

/** What the section says while the customer has none. */
export const NO_SAVED_METHODS = 'You have no saved payment methods.';

const fingerprintOf = (clientToken: string): string => JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')).authorizationFingerprint;

/**
 * One more PayPal account saved as account details' 'Add a PayPal account' does (paypal-vault.spec.ts
 * drives that button): braintree-web's vault-flow calls, the payer's approval and the store's POST,
 * over HTTP in a request context signed in as the shopper (a page's `page.request`, or a shopper with
 * no browser), for specs that need a PayPal account in the list without paying for PayPal's window.
 */
export async function addPayPalAccount(request: APIRequestContext, sandboxUrl: string): Promise<SavedMethodsJson> {
  const started = (await (await request.get('/data/account/paypal-vault/', { headers: XHR })).json()).data;
  const authorizationFingerprint = fingerprintOf(started.client_token);
  const clientApi = async (endpoint: string, data: object) => {
    const response = await request.post(`${sandboxUrl}/merchants/sandbox_merchant/client_api/v1/${endpoint}`, { data: { ...data, authorizationFingerprint } });
    expect(response.ok()).toBe(true);
    return response.json();
  };
  const agreement = (await clientApi('paypal_hermes/setup_billing_agreement', { returnUrl: 'x', cancelUrl: 'x', experienceProfile: { noShipping: 'true' } })).agreementSetup.tokenId;
  expect((await request.post(`${sandboxUrl}/__sandbox/paypal/orders/${agreement}/approve`, { data: {} })).ok()).toBe(true);
  const tokenized = await clientApi('payment_methods/paypal_accounts', { paypalAccount: { correlationId: agreement, billingAgreementToken: agreement, options: { validate: false } } });
  const saved = await request.post('/data/account/saved-paypal/', { headers: XHR, data: { nonce: tokenized.paypalAccounts[0].nonce } });
  expect(saved.ok()).toBe(true);
  return (await saved.json()).data;
}
