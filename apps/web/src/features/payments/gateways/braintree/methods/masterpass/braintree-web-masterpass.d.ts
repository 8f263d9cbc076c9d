// The part of braintree-web 3.124.0's masterpass module the page uses (the package ships no types for it).
declare module 'braintree-web/masterpass' {
  import type { Client } from 'braintree-web/client';
  export interface MasterpassTokenizeOptions {
    subtotal: string;
    currencyCode: string;
    config?: Record<string, string>;
    frameOptions?: { width?: number; height?: number; top?: number; left?: number };
  }
  export interface MasterpassTokenizePayload {
    nonce: string;
    type: 'MasterpassCard';
    description: string;
    details: { cardType: string; lastFour: string; lastTwo: string };
  }
  export interface Masterpass {
    tokenize(options: MasterpassTokenizeOptions): Promise<MasterpassTokenizePayload>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<Masterpass>;
  export function isSupported(): boolean;
}
