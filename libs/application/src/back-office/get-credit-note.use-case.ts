import { DomainError, err, ok, type Customer, type Result } from '@store/domain';
import { storeIssuesInvoice } from '../orders/get-invoice.use-case';
import type { Seller } from '../orders/invoice.ports';
import type { Order, OrderRepository } from '../orders/orders.ports';
import { findOwnedOrder } from '../orders/owned-order';
import type { CreditNote, CreditNoteRenderer } from './credit-note';

const NOT_FOUND = () => new DomainError('NOT_FOUND', { message: 'There is no such credit note' });

/**
 * The store's credit note of a refund, as a PDF: for the order's owner (from the account area and
 * the refund's mail) and for staff. The reseller writes the credit notes of its own sales.
 */
export class GetCreditNote {
  constructor(
    private readonly orders: Pick<OrderRepository, 'find'>,
    private readonly customers: { findById(id: string): Promise<Customer | null> },
    private readonly renderer: CreditNoteRenderer,
    private readonly seller: Seller,
  ) {}

  async forCustomer(customer: Customer | null, orderNumber: string, creditNoteNumber: string): Promise<Result<{ readonly number: string; readonly pdf: Uint8Array }, DomainError>> {
    const owned = await findOwnedOrder(this.orders, customer, orderNumber);
    if (!owned.ok) return owned;
    return this.render(owned.value.order, owned.value.owner, creditNoteNumber);
  }

  async forStaff(orderNumber: string, creditNoteNumber: string): Promise<Result<{ readonly number: string; readonly pdf: Uint8Array }, DomainError>> {
    const order = await this.orders.find(orderNumber);
    const owner = order ? await this.customers.findById(order.customerId) : null;
    if (!order || !owner) return err(new DomainError('ORDER_NOT_FOUND_FOR_STAFF'));
    return this.render(order, owner, creditNoteNumber);
  }

  private async render(order: Order, owner: Customer, creditNoteNumber: string): Promise<Result<{ readonly number: string; readonly pdf: Uint8Array }, DomainError>> {
    if (!storeIssuesInvoice(order.gateway)) return err(NOT_FOUND());
    const refund = (order.refunds ?? []).find((candidate) => candidate.creditNoteSequence !== null && `${order.number}-CN${candidate.creditNoteSequence}` === creditNoteNumber);
    if (!refund) return err(NOT_FOUND());
    const note: CreditNote = {
      number: creditNoteNumber,
      issuedAt: refund.createdAt,
      order,
      positions: refund.positions,
      netMinor: refund.netMinor,
      taxMinor: refund.taxMinor,
      grossMinor: refund.grossMinor,
      reason: refund.reason,
    };
    return ok({ number: creditNoteNumber, pdf: await this.renderer.render(note, owner, this.seller) });
  }
}
