import type { BillingAddress } from './billing.ports';

/** An address physical products are delivered to: the billing address's fields without the Tax ID. */
export type ShippingAddress = Omit<BillingAddress, 'vatId' | 'vatIdStatus'>;

/** Where the customer's physical products go: their billing address, or an address of its own. */
export type ShippingChoice = { readonly sameAsBilling: true } | { readonly sameAsBilling: false; readonly address: ShippingAddress };

export interface ShippingAddressRepository {
  find(customerId: string): Promise<ShippingChoice | null>;
  save(customerId: string, choice: ShippingChoice): Promise<void>;
  /** Keeps on the order, before anything is charged, the address it is delivered to. */
  recordForOrder(orderNumber: string, address: ShippingAddress): Promise<void>;
}
export const SHIPPING_ADDRESS_REPOSITORY = Symbol('ShippingAddressRepository');

/** The address a choice delivers to: its own, or the billing address (null when there is none). */
export function deliveryAddress(choice: ShippingChoice | null, billing: BillingAddress | null): ShippingAddress | null {
  if (!choice) return null;
  if (!choice.sameAsBilling) return choice.address;
  if (!billing) return null;
  const { line1, line2, line3, city, county, state, postalCode, country } = billing;
  return { line1, line2, line3, city, county, state, postalCode, country };
}
