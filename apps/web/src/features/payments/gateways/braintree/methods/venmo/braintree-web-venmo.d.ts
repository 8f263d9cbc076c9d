// The part of braintree-web 3.124.0's venmo module the store uses (its desktop QR code flow).
declare module 'braintree-web/venmo' {
  import type { Client } from 'braintree-web/client';
  export interface VenmoTokenizePayload {
    readonly nonce: string;
    readonly type: 'VenmoAccount';
    readonly details: { readonly username: string; readonly paymentContextId?: string };
  }
  export interface Venmo {
    isBrowserSupported(): boolean;
    tokenize(): Promise<VenmoTokenizePayload>;
    teardown(): Promise<void>;
  }
  export function create(options: {
    client: Client;
    allowDesktop?: boolean;
    allowDesktopWebLogin?: boolean;
    paymentMethodUsage?: 'single_use' | 'multi_use';
    displayName?: string;
  }): Promise<Venmo>;
}
