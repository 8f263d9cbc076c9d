import { DomainError, err, errorNameForCode, isPayingGateway, ok, type Customer, type Result } from '@store/domain';
import type { CustomerRepository } from '../../identity/identity.ports';
import { orderCharge, type KeyMaterial, type Order, type OrderRepository, type PaymentPorts } from '../../orders/orders.ports';
import { fulfilmentFor, orderFailure, type PlacedOrder } from '../../orders/place-order.use-case';
import type { LocalPayment, LocalPaymentRepository, StoredLocalPaymentState } from './local-payments.ports';

export interface LocalPaymentSettings {
  /** The store's public address, for the links in the receipt. */
  readonly storeUrl: string;
  /**
   * A charge taken this long ago and still not settled was left half done (a crash, a lost
   * answer): it may be taken over, and the payment ledger then asks the gateway what became of it.
   */
  readonly staleAfterMs: number;
}

/** What one attempt to charge a local payment came to. */
export type LocalPaymentCharge =
  | { readonly kind: 'paid'; readonly order: Order }
  | { readonly kind: 'declined'; readonly code: number; readonly orderNumber: string }
  /** The gateway did not say: the payment stays 'completing' and is taken over later. */
  | { readonly kind: 'unknown'; readonly orderNumber: string }
  /** Not taken: it is ended, being charged elsewhere, or has no nonce yet. */
  | { readonly kind: 'not-taken'; readonly state: StoredLocalPaymentState | null; readonly orderNumber: string | null };

const ENDED: readonly StoredLocalPaymentState[] = ['failed', 'cancelled', 'expired', 'reversed'];

/**
 * Charges a local payment the payer approved, and completes its order: from the page, when the
 * provider's window gave it the nonce (BLIK by popup or redirect), or from the worker, with the
 * nonce the provider's notification brought (the deferred methods, and any shopper who closed the
 * tab). Both go through one claim on the payment and the order's one idempotency key, so the
 * payment is charged once whichever comes first, and a cancelled or expired one never.
 */
export class CompleteLocalPayment {
  constructor(
    private readonly orders: OrderRepository,
    private readonly localPayments: LocalPaymentRepository,
    private readonly payments: PaymentPorts,
    private readonly customers: CustomerRepository,
    private readonly keys: KeyMaterial,
    private readonly settings: LocalPaymentSettings,
  ) {}

  /** The page's PLACE_ORDER with the nonce the provider's window gave, for the customer's own order. */
  async byPage(customer: Customer, orderNumber: string, nonce: string): Promise<Result<PlacedOrder, DomainError>> {
    const order = await this.orders.find(orderNumber);
    if (!order || order.customerId !== customer.id) return err(orderFailure('ORDER_FAILED', null, 'not-charged'));
    const payment = await this.localPayments.findByOrder(orderNumber);
    if (!payment) return err(orderFailure('LOCAL_PAYMENT_UNKNOWN', orderNumber, 'not-charged'));
    const charged = await this.charge(payment, nonce, customer);
    switch (charged.kind) {
      case 'paid':
        return ok({ order: charged.order, redirect: `/${charged.order.locale}/order/${charged.order.number}/` });
      case 'declined':
        return err(orderFailure(errorNameForCode(charged.code) ?? 'ORDER_FAILED', orderNumber, 'not-charged'));
      case 'unknown':
        return err(orderFailure('ORDER_FAILED_UNEXPECTEDLY', orderNumber, 'unknown'));
      case 'not-taken':
        if (charged.state === 'paid') {
          const paid = (await this.orders.find(orderNumber)) ?? order;
          return ok({ order: paid, redirect: `/${paid.locale}/order/${paid.number}/` });
        }
        if (charged.state !== null && ENDED.includes(charged.state)) return err(orderFailure('LOCAL_PAYMENT_ENDED', orderNumber, 'not-charged'));
        // The worker is charging it with the provider's nonce: the order's page follows it.
        return err(orderFailure('LOCAL_PAYMENT_COMPLETING', orderNumber, 'unknown'));
    }
  }

  /** The worker's: a payment the provider says was approved, charged with the nonce it brought. */
  async byWorker(paymentId: string): Promise<LocalPaymentCharge> {
    const payment = await this.localPayments.find(paymentId);
    if (!payment) return { kind: 'not-taken', state: null, orderNumber: null };
    return this.charge(payment, null, null);
  }

  /**
   * The worker's round: every payment the provider approved and nobody charged yet, and any charge
   * left half done, each charged once. Returns what became of each.
   */
  async completeDue(limit = 20): Promise<readonly (LocalPaymentCharge & { readonly paymentId: string })[]> {
    const done: (LocalPaymentCharge & { readonly paymentId: string })[] = [];
    for (const paymentId of await this.localPayments.dueForCharge(this.settings.staleAfterMs, limit)) {
      done.push({ paymentId, ...(await this.byWorker(paymentId)) });
    }
    return done;
  }

  private async charge(payment: LocalPayment, nonce: string | null, customer: Customer | null): Promise<LocalPaymentCharge> {
    const claimed = await this.localPayments.claimForCharge(payment.paymentId, nonce, this.settings.staleAfterMs);
    if (!claimed?.nonce) {
      const now = await this.localPayments.find(payment.paymentId);
      return { kind: 'not-taken', state: now?.state ?? null, orderNumber: payment.orderNumber };
    }
    const order = await this.orders.find(claimed.orderNumber);
    if (!order) throw new Error(`The order ${claimed.orderNumber} of local payment ${claimed.paymentId} is missing`);
    if (order.status === 'paid') {
      await this.localPayments.settle(claimed.paymentId, 'paid');
      return { kind: 'paid', order };
    }
    if (order.status !== 'pending') {
      // Failed meanwhile (a declined charge of another attempt): nothing is charged for it.
      await this.localPayments.settle(claimed.paymentId, 'failed');
      return { kind: 'not-taken', state: 'failed', orderNumber: order.number };
    }
    const buyer = customer ?? (await this.customers.findById(order.customerId));
    if (!buyer) throw new Error(`The customer of order ${order.number} is missing`);
    const port = isPayingGateway(order.gateway) ? this.payments[order.gateway] : undefined;
    if (!port) throw new Error(`No payment adapter for ${order.gateway}`);
    let result;
    try {
      result = await port.charge({
        ...orderCharge(order),
        paymentToken: claimed.nonce,
        deviceData: null,
        checkoutId: null,
        vault: false,
        payer: {
          vaultCustomerId: null,
          email: buyer.email,
          firstName: buyer.firstName,
          lastName: buyer.lastName,
          postalCode: order.billingAddress?.postalCode ?? null,
          countryCode: order.billingAddress?.country ?? null,
        },
      });
    } catch {
      return { kind: 'unknown', orderNumber: order.number };
    }
    if (result.outcome === 'declined') {
      await this.orders.fail(order.number, result.code, result.reason);
      await this.localPayments.settle(claimed.paymentId, 'failed');
      return { kind: 'declined', code: result.code, orderNumber: order.number };
    }
    const done = await this.orders.complete(order.number, fulfilmentFor(order, buyer, result.transactionId, this.keys, this.settings.storeUrl));
    await this.localPayments.settle(claimed.paymentId, 'paid');
    const completed: Order = done
      ? { ...order, status: 'paid', transactionId: result.transactionId, paidAt: done.paidAt }
      : ((await this.orders.find(order.number)) ?? order);
    return { kind: 'paid', order: completed };
  }
}
