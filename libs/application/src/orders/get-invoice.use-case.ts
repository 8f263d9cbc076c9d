import { DomainError, err, gatewayDescriptor, ok, type Customer, type PaymentGateway, type Result } from '@store/domain';
import type { InvoiceRenderer, Seller } from './invoice.ports';
import type { Order, OrderRepository } from './orders.ports';
import { findOwnedOrder } from './owned-order';

/** Whether the store writes the invoices of this gateway's orders: the merchant of record issues its own. */
export function storeIssuesInvoice(gateway: PaymentGateway): boolean {
  return !gatewayDescriptor(gateway).merchantOfRecord;
}

/**
 * An invoice exists for a sale the store made and was paid for (a pending or failed order sold
 * nothing yet); one refunded since keeps it, corrected by its credit notes.
 */
export function hasStoreInvoice(order: Pick<Order, 'status' | 'gateway' | 'paidAt'>): boolean {
  return (order.status === 'paid' || (order.status === 'refunded' && order.paidAt !== null)) && storeIssuesInvoice(order.gateway);
}

export interface Invoice {
  readonly order: Order;
  readonly pdf: Uint8Array;
}

/** The store's invoice of an order of the signed-in customer, as a PDF. */
export class GetInvoice {
  constructor(
    private readonly orders: Pick<OrderRepository, 'find'>,
    private readonly renderer: InvoiceRenderer,
    private readonly seller: Seller,
  ) {}

  async execute(customer: Customer | null, number: string): Promise<Result<Invoice, DomainError>> {
    const owned = await findOwnedOrder(this.orders, customer, number);
    if (!owned.ok) return owned;
    const { order, owner } = owned.value;
    // Not found rather than forbidden: the shopper's way to an invoice of such an order is the reseller's.
    if (!hasStoreInvoice(order)) return err(new DomainError('NOT_FOUND', { message: 'The invoice for this order comes from our reseller, Digital River' }));
    return ok({ order, pdf: await this.renderer.render(order, owner, this.seller) });
  }
}
