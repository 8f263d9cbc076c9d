/** The parts of braintree-web's payment-request module (3.124.0) the store uses; the package ships no types. */
declare module 'braintree-web/payment-request' {
  import type { Client } from 'braintree-web/client';
  export interface PaymentRequestConfiguration {
    readonly details: { readonly total: { readonly label: string; readonly amount: { readonly currency: string; readonly value: string } } };
    readonly supportedPaymentMethods?: readonly unknown[];
    readonly options?: Record<string, unknown>;
  }
  export interface PaymentRequestPayload {
    readonly nonce: string;
    readonly type: string;
    readonly description?: string;
    readonly details: { readonly rawPaymentResponse?: unknown; readonly cardType?: string; readonly lastFour?: string; readonly lastTwo?: string };
    readonly binData?: unknown;
  }
  export interface PaymentRequestComponent {
    canMakePayment(configuration: PaymentRequestConfiguration): Promise<boolean>;
    tokenize(configuration: PaymentRequestConfiguration): Promise<PaymentRequestPayload>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client; enabledPaymentMethods?: { basicCard?: boolean; googlePay?: boolean }; googlePayVersion?: 1 | 2 }): Promise<PaymentRequestComponent>;
}
