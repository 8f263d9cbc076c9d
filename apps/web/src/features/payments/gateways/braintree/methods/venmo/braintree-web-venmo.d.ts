// The part of braintree-web 3.124.0's venmo module the store uses (the desktop QR code flow, and the phone's app switch and return).
declare module 'braintree-web/venmo' {
  import type { Client } from 'braintree-web/client';
  export interface VenmoTokenizePayload {
    /** Absent when the module falls back to a return's fragment that carries none (the app failed). */
    readonly nonce?: string;
    readonly type: 'VenmoAccount';
    readonly details: { readonly username: string; readonly paymentContextId?: string };
  }
  export interface Venmo {
    isBrowserSupported(): boolean;
    /** The page was opened by the Venmo app's return (`#venmoSuccess`, `#venmoCancel`, `#venmoError`): tokenize() finishes it. */
    hasTokenizationResult(): boolean;
    tokenize(): Promise<VenmoTokenizePayload>;
    teardown(): Promise<void>;
  }
  export function create(options: {
    client: Client;
    allowDesktop?: boolean;
    allowDesktopWebLogin?: boolean;
    allowNewBrowserTab?: boolean;
    mobileWebFallBack?: boolean;
    ignoreHistoryChanges?: boolean;
    paymentMethodUsage?: 'single_use' | 'multi_use';
    displayName?: string;
  }): Promise<Venmo>;
}
