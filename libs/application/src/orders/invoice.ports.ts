import type { Customer } from '@store/domain';
import type { Order } from './orders.ports';

/** Who sells: the store's legal name, address and tax registration, printed on its invoices. */
export interface Seller {
  readonly name: string;
  readonly address: readonly string[];
  readonly taxId: string | null;
}

/** Renders the invoice of an order the store itself sold (not the merchant of record's). */
export interface InvoiceRenderer {
  render(order: Order, customer: Customer, seller: Seller): Promise<Uint8Array>;
}
export const INVOICE_RENDERER = Symbol('InvoiceRenderer');
