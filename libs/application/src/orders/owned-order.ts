import { DomainError, err, ok, type Customer, type Result } from '@store/domain';
import type { Order, OrderRepository, ProductKey } from './orders.ports';

/** An order as its owner reads it: the product keys come with it once it is paid. */
export interface OrderWithKeys {
  readonly order: Order;
  readonly productKeys: readonly ProductKey[];
}

/**
 * The signed-in customer's order of this number. Someone else's order answers exactly as a number
 * that does not exist, so nobody can learn which order numbers are taken.
 */
export async function findOwnedOrder(
  orders: Pick<OrderRepository, 'find'>,
  customer: Customer | null,
  number: string,
): Promise<Result<{ readonly order: Order; readonly owner: Customer }, DomainError>> {
  if (!customer) return err(new DomainError('SESSION_EXPIRED'));
  const order = await orders.find(number);
  if (!order || order.customerId !== customer.id) return err(new DomainError('NOT_FOUND', { message: 'There is no such order in your account' }));
  return ok({ order, owner: customer });
}

/** Keys are issued when the payment goes through, so only a paid order has any to show. */
export async function withKeys(orders: Pick<OrderRepository, 'productKeys'>, order: Order): Promise<OrderWithKeys> {
  return { order, productKeys: order.status === 'paid' ? await orders.productKeys(order.number) : [] };
}
