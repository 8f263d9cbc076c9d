import { at, clientApi, type WalletFlowTarget } from '../wallets/wallet-flows';

/**
 * A local payment's browser steps as plain HTTP calls, for server-side tests without a browser:
 * what braintree-web's local-payment module sends, and the payer's answer on the landing page.
 */

export interface LocalPaymentStart {
  readonly paymentType: 'blik' | 'mbway' | 'bancomatpay' | 'pay_upon_invoice';
  readonly amount: string;
  readonly currency: string;
  readonly merchantAccountId?: string;
  /** Anything else local_payments/create takes (blikOptions, phone, lineItems, …). */
  readonly extra?: Record<string, unknown>;
}

/** POST local_payments/create as braintree-web sends it (popup flow: its redirect frame as return URL). */
export async function startLocalPayment(target: WalletFlowTarget, fingerprint: string, start: LocalPaymentStart) {
  const frame = 'https://assets.braintreegateway.com/web/3.124.0/html/local-payment-redirect-frame.min.html?channel=test&r=https%3A%2F%2Fmerchant.test%2Freturn&t=Return';
  const { status, body } = await clientApi(target, fingerprint, 'local_payments/create', {
    amount: start.amount,
    currencyIsoCode: start.currency,
    fundingSource: start.paymentType,
    firstName: 'Jan',
    lastName: 'Kowalski',
    intent: 'sale',
    merchantAccountId: start.merchantAccountId,
    experienceProfile: { noShipping: true },
    returnUrl: frame,
    cancelUrl: `${frame}&c=1`,
    ...start.extra,
  });
  return { status, body, paymentId: at(body, 'paymentResource', 'paymentToken') as string | undefined, redirectUrl: at(body, 'paymentResource', 'redirectUrl') as string | null | undefined };
}

/** The payer's answer on the landing page (its form post), and where it sends them. */
export async function answerLandingPage(target: WalletFlowTarget, paymentId: string, action: 'approve' | 'later' | 'cancel' | 'fail' | 'expire', code?: string) {
  const response = await fetch(`${target.url}/__sandbox/lpm/${paymentId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action, ...(code ? { code } : {}) }).toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  return { status: response.status, returned: location ? Object.fromEntries(new URL(location).searchParams) : null, html: await response.text() };
}

/** An approved local payment's nonce, as braintree-web's tokenize asks for it (BLIK, the code typed on the landing page). */
export async function localPaymentNonce(target: WalletFlowTarget, fingerprint: string, start: LocalPaymentStart = { paymentType: 'blik', amount: '10.00', currency: 'PLN' }) {
  const started = await startLocalPayment(target, fingerprint, start);
  if (!started.paymentId) throw new Error(`local_payments/create answered ${started.status}: ${JSON.stringify(started.body)}`);
  const { returned } = await answerLandingPage(target, started.paymentId, 'approve', '123456');
  if (!returned) throw new Error('the landing page did not return to the merchant');
  const { body } = await clientApi(target, fingerprint, 'payment_methods/paypal_accounts', {
    paypalAccount: { correlationId: returned.btLpToken, paymentToken: returned.btLpPaymentId, payerId: returned.btLpPayerId, unilateral: false, intent: 'sale' },
  });
  return { paymentId: started.paymentId, nonce: at(body, 'paypalAccounts', 0, 'nonce') as string };
}
