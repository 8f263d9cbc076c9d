import { DomainError, err, ok, type Customer, type Result } from '@store/domain';
import type { OrderRepository } from './orders.ports';
import { withKeys, type OrderWithKeys } from './owned-order';

/** The signed-in customer's own orders, each with its keys once paid. */
export class ListOrders {
  constructor(private readonly orders: Pick<OrderRepository, 'listFor' | 'productKeys'>) {}

  async execute(customer: Customer | null): Promise<Result<readonly OrderWithKeys[], DomainError>> {
    if (!customer) return err(new DomainError('SESSION_EXPIRED'));
    const orders = await this.orders.listFor(customer.id);
    return ok(await Promise.all(orders.map((order) => withKeys(this.orders, order))));
  }
}
