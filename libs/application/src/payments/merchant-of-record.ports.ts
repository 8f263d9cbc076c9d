import type { BillingAddress } from '../billing/billing.ports';
import type { ShippingAddress } from '../billing/shipping.ports';

/** The provider's totals for a checkout, in minor units of its currency. */
export interface MorTotals {
  readonly netMinor: number;
  readonly taxMinor: number;
  readonly grossMinor: number;
  readonly discountMinor: number;
}

export type MorTaxIdentifierState = 'pending' | 'verified' | 'not_valid';

/** A merchant-of-record checkout (spec 2 §3 session) with the provider's tax. */
export interface MorCheckout {
  readonly checkoutId: string;
  readonly paymentSessionId: string;
  readonly sellingEntityId: string;
  readonly sellingEntityName: string;
  /** The provider's customer record of this shopper. */
  readonly customerId: string;
  readonly currency: string;
  readonly totals: MorTotals;
  readonly taxIdentifier: { readonly type: string; readonly value: string; readonly state: MorTaxIdentifierState } | null;
  /** Ours: the exemption certificate the checkout was made with (another one needs a fresh checkout). */
  readonly taxCertificateId?: string | null;
}

/** A priced line as the provider is told it: what the shopper pays, before the provider's tax when prices exclude it. */
export interface MorItem {
  readonly productReference: string;
  readonly name: string;
  readonly quantity: number;
  /** The line's price after discount, in minor units (tax included when taxInclusive). */
  readonly amountMinor: number;
}

/** A US sales tax exemption certificate sent with the checkout (issue 11). */
export interface MorTaxCertificate {
  readonly taxAuthority: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly companyName: string;
}

export interface MorCheckoutRequest {
  /** Ours: the store customer's id, so the provider's customer record is reused across checkouts. */
  readonly storeCustomerId: string;
  readonly email: string;
  readonly name: string;
  readonly organization: string | null;
  readonly customerType: 'individual' | 'business';
  readonly locale: string;
  readonly currency: string;
  readonly taxInclusive: boolean;
  readonly billingAddress: BillingAddress;
  /** Where a posted product goes (null: nothing to post); the provider taxes shipped goods there. */
  readonly shippingAddress?: ShippingAddress | null;
  readonly items: readonly MorItem[];
  readonly taxCertificate: MorTaxCertificate | null;
}

/**
 * The merchant-of-record gateway's own calls besides placing the order (spec 2 §7). Provider
 * refusals are thrown as DomainErrors with their catalogued code; anything else (unreachable, a
 * timeout, a 5xx) is thrown as is.
 */
export interface MerchantOfRecordPort {
  createCheckout(request: MorCheckoutRequest): Promise<MorCheckout>;
  /** Creates the tax identifier and attaches it to the checkout; the answer is the repriced checkout. */
  attachTaxIdentifier(checkoutId: string, taxIdentifier: { readonly type: string; readonly value: string }): Promise<MorCheckout>;
  /** Attaches the drop-in's payment source to the checkout. */
  attachSource(checkoutId: string, sourceId: string): Promise<{ readonly id: string }>;
}
export const MERCHANT_OF_RECORD = Symbol('MerchantOfRecord');

/** What the page needs to load the provider's browser library (spec 2 §3 mor_public_api_key). */
export interface MerchantOfRecordSettings {
  readonly publicApiKey: string;
  readonly scriptUrl: string;
  readonly mountTimeoutMs: number;
  /** How long the provider's browser library may take to load (spec 2 §9: 120 s). */
  readonly scriptLoadTimeoutMs: number;
}
export const MERCHANT_OF_RECORD_SETTINGS = Symbol('MerchantOfRecordSettings');
