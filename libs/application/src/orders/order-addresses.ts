import { countryName } from '@store/domain';
import type { BillingAddress } from '../billing/billing.ports';
import type { ShippingAddress } from '../billing/shipping.ports';

/** The billing address the page showed when the shopper paid (spec 2 §7 PLACE_ORDER billing_address). */
export interface ShownBillingAddress {
  readonly line1?: string | null;
  readonly line2?: string | null;
  readonly line3?: string | null;
  readonly city?: string | null;
  readonly county?: string | null;
  readonly state?: string | null;
  readonly postalCode?: string | null;
  readonly country?: string | null;
  readonly vatId?: string | null;
}

const FIELDS = ['line1', 'line2', 'line3', 'city', 'county', 'state', 'postalCode', 'country', 'vatId'] as const;
const plain = (value: string | null | undefined) => (value ?? '').trim().toUpperCase();

/**
 * Whether the page showed the address stored now: an order is billed, and its tax worked out, for
 * the address the shopper saw, so one saved meanwhile from another tab refuses it. A blank field
 * and a missing one are the same, and letter case is not a difference.
 */
export function showsBillingAddress(shown: ShownBillingAddress, stored: BillingAddress): boolean {
  return FIELDS.every((field) => plain(shown[field]) === plain(stored[field]));
}

/** An address on one line, as the receipt and the order page show where an order is posted. */
export function addressLine(address: ShippingAddress): string {
  return [address.line1, address.line2, address.line3, address.city, address.county, address.state, address.postalCode, countryName(address.country) ?? address.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}
