// The part of braintree-web 3.124.0's classic paypal module (deprecated for paypal-checkout) the store uses: checkout in its own popup.
declare module 'braintree-web/paypal' {
  import type { Client } from 'braintree-web/client';
  export interface PayPalClassicTokenizePayload {
    readonly nonce: string;
    readonly type: 'PayPalAccount';
    readonly details: { readonly email?: string; readonly payerId?: string };
  }
  export interface PayPalClassic {
    tokenize(options: {
      flow: 'checkout';
      amount: string;
      currency: string;
      intent?: 'authorize' | 'sale' | 'order';
      enableShippingAddress?: boolean;
      locale?: string;
    }): Promise<PayPalClassicTokenizePayload>;
    closeWindow(): void;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<PayPalClassic>;
}
