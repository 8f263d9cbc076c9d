/**
 * The wallets' browser steps as plain HTTP calls, for the sandbox's own tests and for server-side
 * tests that need a real wallet nonce without a browser: what braintree-web and the stand-ins send.
 */

type Json = Record<string, unknown>;

/** Reads a nested field of a JSON answer (`at(body, 'paymentResource', 'redirectUrl')`), or undefined. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) current = typeof current === 'object' && current !== null ? (current as Record<string | number, unknown>)[key] : undefined;
  return current;
}

export interface WalletFlowTarget {
  /** The sandbox's http URL. */
  readonly url: string;
  readonly merchantId: string;
}

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const response = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

export const clientApi = (target: WalletFlowTarget, fingerprint: string, endpoint: string, body: Json = {}) =>
  call(`${target.url}/merchants/${target.merchantId}/client_api/v1/${endpoint}`, { method: 'POST', body: JSON.stringify({ ...body, authorizationFingerprint: fingerprint }) });

export const configuration = async (target: WalletFlowTarget, fingerprint: string) =>
  (await call(`${target.url}/merchants/${target.merchantId}/client_api/v1/configuration?authorizationFingerprint=${encodeURIComponent(fingerprint)}`)).body;

/** GET payment_methods as braintree-web's vault manager calls it (`fetchPaymentMethods({defaultFirst})`): the token customer's saved methods, each with a fresh nonce. */
export const savedPaymentMethods = (target: WalletFlowTarget, fingerprint: string, defaultFirst = true) =>
  call(`${target.url}/merchants/${target.merchantId}/client_api/v1/payment_methods?defaultFirst=${defaultFirst ? 1 : 0}&authorizationFingerprint=${encodeURIComponent(fingerprint)}`);

/** The stand-in's order: read it, or approve (with the SDK button's funding source) or cancel it. */
export const paypalOrder = (target: WalletFlowTarget, token: string, action?: 'approve' | 'cancel', fundingSource?: string) =>
  call(`${target.url}/__sandbox/paypal/orders/${token}${action ? `/${action}` : ''}`, action ? { method: 'POST', body: JSON.stringify(fundingSource ? { fundingSource } : {}) } : {});

export interface PayPalNonceOptions {
  /**
   * Checkout with Vault (braintree-web's `createPayment({flow: 'checkout', requestBillingAgreement: true})`):
   * the nonce carries a billing agreement, so a sale with `storeInVaultOnSuccess` or
   * `paymentMethod.create` saves the PayPal account. Without it the nonce is a one-time payment.
   */
  readonly requestBillingAgreement?: boolean;
  /** `billingAgreementDetails.description`, shown to the payer with the agreement. */
  readonly billingAgreementDescription?: string;
}

/** create_payment_resource, the buyer's approval, paypal_accounts: a PayPalAccount nonce. */
export async function paypalNonce(target: WalletFlowTarget, fingerprint: string, amount = '10.00', currency = 'GBP', options: PayPalNonceOptions = {}): Promise<string> {
  const agreement = options.requestBillingAgreement
    ? { requestBillingAgreement: true, ...(options.billingAgreementDescription ? { billingAgreementDetails: { description: options.billingAgreementDescription } } : {}) }
    : {};
  const created = await clientApi(target, fingerprint, 'paypal_hermes/create_payment_resource', { amount, currencyIsoCode: currency, intent: 'sale', returnUrl: 'x', cancelUrl: 'x', ...agreement });
  const token = new URL(String(at(created.body, 'paymentResource', 'redirectUrl'))).searchParams.get('token') ?? '';
  const approved = (await paypalOrder(target, token, 'approve')).body;
  const tokenized = await clientApi(target, fingerprint, 'payment_methods/paypal_accounts', {
    paypalAccount: { correlationId: token, paymentToken: approved.paymentID, payerId: approved.payerID, unilateral: false, intent: 'sale', options: { validate: false } },
  });
  return String(at(tokenized.body, 'paypalAccounts', 0, 'nonce'));
}

/** An Apple Pay token as the ApplePaySession stand-in makes it (paymentData's `data` unencrypted). */
export function applePayToken(number = '4111111111111111', expiry = `${String(new Date().getUTCFullYear() + 5).slice(2)}1231`) {
  const data = Buffer.from(JSON.stringify({ applicationPrimaryAccountNumber: number, applicationExpirationDate: expiry, currencyCode: '826', transactionAmount: 1000 })).toString('base64');
  return {
    paymentData: { version: 'EC_v1', data, signature: 'c2FuZGJveA==', header: { ephemeralPublicKey: 'AA==', publicKeyHash: 'AA==', transactionId: 'ab12' } },
    paymentMethod: { displayName: `Visa ${number.slice(-4)}`, network: 'Visa', type: 'credit' },
    transactionIdentifier: 'AB12',
  };
}

/** payment_methods/apple_payment_tokens with paymentData base64-encoded, as braintree-web sends it. */
export async function applePayNonce(target: WalletFlowTarget, fingerprint: string, number?: string): Promise<string> {
  const token = applePayToken(number);
  const response = await clientApi(target, fingerprint, 'payment_methods/apple_payment_tokens', {
    applePaymentToken: { ...token, paymentData: Buffer.from(JSON.stringify(token.paymentData)).toString('base64') },
  });
  return String(at(response.body, 'applePayCards', 0, 'nonce'));
}

/** Google's tokenization with the configuration's Google Pay parameters: the token braintree-web parses. */
export async function googlePayToken(target: WalletFlowTarget, fingerprint: string, cardNetwork = 'VISA', parameters: Json = {}) {
  const authorization = at(await configuration(target, fingerprint), 'androidPay', 'googleAuthorizationFingerprint');
  return call(`${target.url}/__sandbox/google-pay/tokenize`, {
    method: 'POST',
    body: JSON.stringify({
      parameters: { gateway: 'braintree', 'braintree:merchantId': target.merchantId, 'braintree:authorizationFingerprint': authorization, ...parameters },
      cardNetwork,
    }),
  });
}

export async function googlePayNonce(target: WalletFlowTarget, fingerprint: string, cardNetwork?: string): Promise<string> {
  const { body } = await googlePayToken(target, fingerprint, cardNetwork);
  return String(at(JSON.parse(String(body.token)), 'androidPayCards', 0, 'nonce'));
}
