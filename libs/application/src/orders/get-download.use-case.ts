import { DomainError, err, ok, type Customer, type Result } from '@store/domain';
import { refundedPositions, type Order, type OrderLineDraft, type OrderRepository } from './orders.ports';
import { findOwnedOrder } from './owned-order';

export interface Download {
  readonly order: Order;
  readonly line: OrderLineDraft;
}

/** The download of one line of the signed-in customer's order: only once the order is paid, and not for a line refunded since. */
export class GetDownload {
  constructor(private readonly orders: Pick<OrderRepository, 'find'>) {}

  async execute(customer: Customer | null, number: string, position: number): Promise<Result<Download, DomainError>> {
    const owned = await findOwnedOrder(this.orders, customer, number);
    if (!owned.ok) return owned;
    const { order } = owned.value;
    const line = order.lines[position];
    if (order.status !== 'paid' || !line || refundedPositions(order).has(position)) return err(new DomainError('NOT_FOUND', { message: 'There is no such download in your account' }));
    return ok({ order, line });
  }
}
