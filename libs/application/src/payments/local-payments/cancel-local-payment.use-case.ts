import { err, ok, type Customer, type DomainError, type Result } from '@store/domain';
import type { OrderRepository } from '../../orders/orders.ports';
import { orderFailure } from '../../orders/place-order.use-case';
import type { LocalPaymentRepository, OrderSettler, StoredLocalPaymentState } from './local-payments.ports';


const ENDED: readonly StoredLocalPaymentState[] = ['cancelled', 'expired', 'reversed', 'failed'];

/**
 * The shopper gives up a local payment (they cancelled, closed the provider's window, the provider
 * failed, or it took too long): the payment is ended and its order failed, giving back what it
 * claimed, so the basket can be paid another way. Refused once the payer has approved it: that
 * payment is charged, not dropped. Asking again changes nothing more.
 */
export class CancelLocalPayment {
  constructor(
    private readonly orders: OrderRepository,
    private readonly localPayments: LocalPaymentRepository,
    private readonly settler: OrderSettler,
  ) {}

  async execute(customer: Customer, orderNumber: string): Promise<Result<void, DomainError>> {
    const order = await this.orders.find(orderNumber);
    const payment = order && order.customerId === customer.id ? await this.localPayments.findByOrder(orderNumber) : null;
    if (!order || !payment) return err(orderFailure('LOCAL_PAYMENT_UNKNOWN', null, 'not-charged'));
    if (order.status === 'paid') return err(orderFailure('ORDER_ALREADY_COMPLETE', order.number, 'charged'));
    // Ended already (asked twice, or another attempt took the order over): nothing more to do.
    if (ENDED.includes(payment.state)) return ok(undefined);
    if (!(await this.localPayments.end(payment.paymentId, 'cancelled'))) {
      const now = await this.localPayments.find(payment.paymentId);
      if (!now || !ENDED.includes(now.state)) return err(orderFailure('LOCAL_PAYMENT_COMPLETING', order.number, 'unknown'));
      return ok(undefined);
    }
    // The order is settled by its charge key, not simply failed: another attempt on it (the shopper
    // paying by card in another tab) may be charging under that key, and then it is completed.
    try {
      await this.settler.order(order.number);
    } catch {
      // That attempt is still waiting for the gateway: it completes or fails the order itself.
    }
    return ok(undefined);
  }
}
