// The part of braintree-web 3.124.0's visa-checkout module the page uses (the package ships no types for it).
declare module 'braintree-web/visa-checkout' {
  import type { Client } from 'braintree-web/client';
  /** What Visa's lightbox hands the page on payment.success (and the module sends to the gateway). */
  export interface VisaCheckoutPayment {
    callid: string;
    encKey: string;
    encPaymentData: string;
  }
  /** Visa's V.init options; createInitOptions adds the gateway's api key, encryption key and card brands. */
  export interface VisaCheckoutInitOptions {
    paymentRequest?: { currencyCode?: string; subtotal?: string; total?: string };
    settings?: { locale?: string; countryCode?: string; displayName?: string; [key: string]: unknown };
    [key: string]: unknown;
  }
  export interface VisaCheckoutTokenizePayload {
    nonce: string;
    type: 'VisaCheckoutCard';
    description: string;
    details: { cardType: string; lastFour: string; lastTwo: string };
  }
  export interface VisaCheckout {
    createInitOptions(options: VisaCheckoutInitOptions): VisaCheckoutInitOptions;
    tokenize(payment: VisaCheckoutPayment): Promise<VisaCheckoutTokenizePayload>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<VisaCheckout>;
}

/** Visa's own sdk.js (not braintree-web): window.V once it has loaded. */
interface VisaCheckoutSdk {
  init(options: import('braintree-web/visa-checkout').VisaCheckoutInitOptions): void;
  on(event: 'payment.success', handler: (payment: import('braintree-web/visa-checkout').VisaCheckoutPayment) => void): void;
  on(event: 'payment.cancel', handler: (payment: unknown) => void): void;
  on(event: 'payment.error', handler: (payment: unknown, error: unknown) => void): void;
}

interface Window {
  V?: VisaCheckoutSdk;
}
