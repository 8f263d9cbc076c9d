import { ok, type Customer, type DomainError, type Result } from '@store/domain';
import type { OrderRepository } from './orders.ports';
import { findOwnedOrder, withKeys, type OrderWithKeys } from './owned-order';

/** One order of the signed-in customer, with its keys once paid; anyone else's is not found. */
export class GetOrder {
  constructor(private readonly orders: Pick<OrderRepository, 'find' | 'productKeys'>) {}

  async execute(customer: Customer | null, number: string): Promise<Result<OrderWithKeys, DomainError>> {
    const owned = await findOwnedOrder(this.orders, customer, number);
    return owned.ok ? ok(await withKeys(this.orders, owned.value.order)) : owned;
  }
}
