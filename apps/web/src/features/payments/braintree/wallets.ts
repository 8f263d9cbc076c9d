import type { ApplePay } from 'braintree-web/apple-pay';
import type { Client } from 'braintree-web/client';
import type { GooglePayment } from 'braintree-web/google-payment';
import type { PayPalCheckout } from 'braintree-web/paypal-checkout';
import { yieldToMain } from '../../../lib/yield-to-main';
import { withLoadLimit } from '../load-limit';

/** Google's own Pay API script (spec 2 §6: Google Pay is offered only when it has loaded). */
export const GOOGLE_PAY_SCRIPT = 'https://pay.google.com/gp/p/js/pay.js';

export interface WalletSettings {
  readonly applePay: boolean;
  readonly googlePay: boolean;
  readonly payPal: boolean;
  readonly currency: string;
  readonly environment: 'sandbox' | 'production';
  readonly googleMerchantId: string | null;
  /** Spec 2 §9: how long each wallet's code (and Google's script) may take to arrive before it is not offered. */
  readonly loadLimitMs: number;
}

export interface Wallets {
  readonly payPal: PayPalCheckout | null;
  readonly applePay: ApplePay | null;
  readonly googlePay: { readonly instance: GooglePayment; readonly client: GooglePaymentsClient } | null;
  /** The gateway's preferred-payment-methods answer (spec 3): PayPal is listed first when true. */
  readonly payPalPreferred: boolean;
}

const NO_WALLETS: Wallets = { payPal: null, applePay: null, googlePay: null, payPalPreferred: false };

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (existing?.dataset.loaded === 'true') return resolve();
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error(`${src} did not load`)));
    if (!existing) {
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
  });
}

/** Apple Pay can be offered only in a browser with Apple Pay (Safari) that can make payments, version 3 (spec 2 §9). */
export function applePayAvailable(): boolean {
  try {
    return Boolean(window.ApplePaySession?.supportsVersion(3) && window.ApplePaySession.canMakePayments());
  } catch {
    return false;
  }
}

/** What a wallet's set-up gives, or null when it was not asked for, could not be made, or took longer than the limit. */
async function settle<M, T>(pending: Promise<M> | null, make: (module: M) => Promise<T>, limitMs: number, what: string): Promise<T | null> {
  if (!pending) return null;
  try {
    return await withLoadLimit(
      pending.then((module) => make(module)),
      limitMs,
      what,
    );
  } catch {
    return null;
  }
}

/**
 * Sets up the wallets whose feature flags are on, each with its braintree-web module; a wallet that
 * cannot be set up (its script does not load, the browser lacks it) is simply not offered.
 */
export async function setUpWallets(client: Client, settings: WalletSettings): Promise<Wallets> {
  if (!settings.applePay && !settings.googlePay && !settings.payPal) return NO_WALLETS;

  // The modules download together; each wallet is then made in turn, the browser getting a turn
  // between the pieces (issue 12: made all at once they were one long task on a phone-speed CPU).
  const payPalModule = settings.payPal ? import('braintree-web/paypal-checkout') : null;
  const preferredModule = settings.payPal ? import('braintree-web/preferred-payment-methods') : null;
  const applePayModule = settings.applePay && applePayAvailable() ? import('braintree-web/apple-pay') : null;
  const googlePayParts = settings.googlePay ? Promise.all([import('braintree-web/google-payment'), loadScript(GOOGLE_PAY_SCRIPT)]) : null;
  // Each wallet that cannot be set up (its script does not load, the browser lacks it) is simply not offered.
  for (const pending of [payPalModule, preferredModule, applePayModule, googlePayParts]) pending?.catch(() => undefined);

  const payPalInstance = await settle(payPalModule, async (module) => {
    await yieldToMain();
    const instance = await module.create({ client });
    await yieldToMain();
    // Spec 2 §9: PayPal's sandbox unless the gateway is live, in the basket's currency, checkout flow.
    return instance.loadPayPalSDK({ currency: settings.currency, intent: 'capture', ...(settings.environment === 'production' ? {} : { env: 'sandbox' }) });
  }, settings.loadLimitMs, 'PayPal');

  const payPalPreferred =
    (await settle(preferredModule, async (module) => {
      await yieldToMain();
      const methods = await module.create({ client });
      return (await methods.fetchPreferredPaymentMethods()).paypalPreferred;
    }, settings.loadLimitMs, 'Preferred payment methods')) ?? false;

  const applePayInstance = await settle(applePayModule, async (module) => {
    await yieldToMain();
    return module.create({ client });
  }, settings.loadLimitMs, 'Apple Pay');

  const googlePayInstance = await settle(googlePayParts, async ([module]) => {
    const PaymentsClient = window.google?.payments.api.PaymentsClient;
    if (!PaymentsClient) return null;
    await yieldToMain();
    const instance = await module.create({ client, googlePayVersion: 2, googleMerchantId: settings.googleMerchantId ?? undefined });
    // Spec 2 §9: Google Pay's test environment while the gateway is a sandbox.
    const paymentsClient = new PaymentsClient({ environment: settings.environment === 'production' ? 'PRODUCTION' : 'TEST' });
    const ready = await paymentsClient.isReadyToPay({
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: instance.createPaymentDataRequest().allowedPaymentMethods,
    });
    return ready.result ? { instance, client: paymentsClient } : null;
  }, settings.loadLimitMs, 'Google Pay');

  return { payPal: payPalInstance, applePay: applePayInstance, googlePay: googlePayInstance, payPalPreferred };
}
