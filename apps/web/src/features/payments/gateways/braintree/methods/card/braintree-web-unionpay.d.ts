// braintree-web 3.124.0's unionpay module, as the card method uses it (the package ships no types).
declare module 'braintree-web/unionpay' {
  import type { Client } from 'braintree-web/client';
  /** What the module is given for the card: the Hosted Fields instance (or, here, a view of it). */
  export interface UnionPayHostedFields {
    readonly _bus: unknown;
  }
  export interface UnionPayCapabilities {
    readonly isUnionPay: boolean;
    readonly isDebit: boolean;
    readonly unionPay?: { readonly isSupported: boolean; readonly supportsTwoStepAuthAndCapture: boolean } | null;
  }
  export interface UnionPayEnrollment {
    readonly enrollmentId: string;
    readonly smsCodeRequired: boolean;
  }
  export interface UnionPayTokenized {
    readonly nonce: string;
    readonly details: { readonly bin: string; readonly lastFour: string };
  }
  export interface UnionPay {
    fetchCapabilities(options: { hostedFields: UnionPayHostedFields }): Promise<UnionPayCapabilities>;
    enroll(options: { hostedFields: UnionPayHostedFields; mobile: { countryCode: string; number: string } }): Promise<UnionPayEnrollment>;
    tokenize(options: { hostedFields: UnionPayHostedFields; enrollmentId: string; smsCode?: string }): Promise<UnionPayTokenized>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<UnionPay>;
}
