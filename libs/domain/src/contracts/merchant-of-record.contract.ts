import type { MoneyJson } from './catalogue.contract';

/**
 * The merchant-of-record gateway's checkout as the page sees it (spec 2 §3, §7): data.checkout of
 * MERCHANT_OF_RECORD_CREATE_CHECKOUT and of MERCHANT_OF_RECORD_ATTACH_TAX_ID is this object as
 * JSON text. With this gateway the provider's tax replaces ours in what the shopper sees.
 */
export interface MorCheckoutJson {
  readonly paymentSessionId: string;
  readonly sellingEntityId: string;
  readonly sellingEntityName: string;
  readonly checkoutId: string;
  readonly customerId: string;
  /** The provider's totals, formatted in the store locale (spec 2 §7). */
  readonly totalTaxBreakdown: { readonly net: string; readonly tax: string; readonly gross: string; readonly discount: string };
  /** The same totals as amounts (ours), for the page's total box and the zero-tax checks. */
  readonly totals: { readonly net: MoneyJson; readonly tax: MoneyJson; readonly gross: MoneyJson; readonly discount: MoneyJson };
  /** The tax identifier attached to the checkout, and what the provider says of it. */
  readonly taxIdentifier: { readonly type: string; readonly value: string; readonly state: 'pending' | 'verified' | 'not_valid' } | null;
}

/** data of MERCHANT_OF_RECORD_CREATE_CHECKOUT: the checkout (JSON text), the basket's stale hash and the drop-in's set-up. */
export interface MorSetupJson {
  readonly checkout: string;
  readonly stale_hash: string;
  /** The provider's public key for its browser library (spec 2 §3 mor_public_api_key). */
  readonly mor_public_api_key: string;
  /** Where the provider's browser library is loaded from (the provider's, or the sandbox's stand-in). */
  readonly mor_script_url: string;
  /** How long the drop-in may take to become ready before the page gives up (spec 2 §9: 25 s). */
  readonly mount_timeout_ms: number;
  /** How long the provider's browser library may take to load before the page gives up (spec 2 §9: 120 s). */
  readonly script_load_timeout_ms: number;
}

/** Payloads of the merchant-of-record actions (checkout data API, spec 2 §7). */
export interface MorCreateCheckoutPayload {
  readonly basketReference: string;
  /** The page's locale (en-gb); the provider's drop-in and receipts use it. */
  readonly locale?: string;
  /** Sent by the page as the spec has it; the server uses the stored billing address. */
  readonly billingAddress?: unknown;
  readonly basket?: unknown;
}
export interface MorAttachTaxIdPayload {
  readonly basketReference: string;
  readonly checkoutId: string;
  /** The provider's tax identifier type (for example de, gb, mx). */
  readonly type: string;
  readonly taxId: string;
}
export interface MorAttachSourcePayload {
  readonly basketReference: string;
  readonly checkoutId: string;
  readonly sourceId: string;
}
/** data of MERCHANT_OF_RECORD_ATTACH_SOURCE. */
export interface MorAttachSourceJson {
  readonly paymentSource: { readonly id: string };
}
