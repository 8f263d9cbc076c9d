import { chargeIdempotencyKey, isPayingGateway, type Customer } from '@store/domain';
import type { BankDebitReleases } from '../payments/bank-debits/bank-debit-notifications';
import type { Clock } from '../shared/ports';
import type { KeyMaterial, OrderRepository, PaymentPorts, ProviderCharge } from './orders.ports';
import { fulfilmentFor } from './place-order.use-case';

export interface ReconcileSettings {
  /** The store's public address, for the links in a receipt sent by reconciliation. */
  readonly storeUrl: string;
  /** A pending order younger than this may still be in a shopper's hands: it is left alone. */
  readonly pendingGraceMs: number;
  /** How far back orders whose charge answer was once unknown are checked for late duplicates. */
  readonly lookbackMs: number;
  /** Orders per run. */
  readonly batchSize: number;
}

export interface ReconciledOrder {
  readonly orderNumber: string;
  /** completed: a charge was found and the order fulfilled; failed: nothing was charged, the order was given up. */
  readonly outcome: 'completed' | 'failed' | 'unchanged';
  /** Charges given back: a second charge of a paid order, or any charge of a failed one. */
  readonly reversed: readonly string[];
}

export interface ReconcileRun {
  readonly reconciled: readonly ReconciledOrder[];
  /** Orders whose gateway could not say (down, timing out) or that another caller held: tried again next run. */
  readonly deferred: readonly { readonly orderNumber: string; readonly reason: string }[];
}

/**
 * Payment reconciliation: the store's side of "no paid charge without an order, and no order charged
 * twice", for everything the shopper's own retry does not settle.
 *
 * - A pending order (the answer was lost and the shopper never came back) is settled by its charge
 *   key: charged at the gateway, the order is completed and its receipt sent; never charged, it is
 *   failed, and the key is settled so that no late attempt can charge under it.
 * - Every charge the gateway holds for the order's keys besides the one the order records (a late
 *   duplicate after a timeout, a charge of an order that failed) is reversed, exactly once.
 *
 * Each step is idempotent and guarded in the database, so concurrent runs, API instances and shopper
 * retries meet in the same rows; a step whose outcome is unknown is simply taken up by the next run.
 */
export class ReconcilePayments {
  constructor(
    private readonly orders: OrderRepository,
    private readonly payments: PaymentPorts,
    private readonly customers: { findById(id: string): Promise<Customer | null> },
    private readonly keys: KeyMaterial,
    private readonly clock: Clock,
    private readonly settings: ReconcileSettings,
    private readonly bankDebits: BankDebitReleases | null = null,
  ) {}

  async run(): Promise<ReconcileRun> {
    const now = this.clock.now().getTime();
    const numbers = await this.orders.forReconciliation({
      pendingBefore: new Date(now - this.settings.pendingGraceMs),
      uncertainSince: new Date(now - this.settings.lookbackMs),
      limit: this.settings.batchSize,
    });
    const reconciled: ReconciledOrder[] = [];
    const deferred: { orderNumber: string; reason: string }[] = [];
    for (const orderNumber of numbers) {
      try {
        reconciled.push(await this.order(orderNumber));
      } catch (error) {
        deferred.push({ orderNumber, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return { reconciled, deferred };
  }

  /** Reconciles one order; throws when its gateway cannot say now (the next run tries again). */
  async order(orderNumber: string): Promise<ReconciledOrder> {
    let order = await this.orders.find(orderNumber);
    if (!order || !isPayingGateway(order.gateway)) return { orderNumber, outcome: 'unchanged', reversed: [] };
    const port = this.payments[order.gateway];
    if (!port) throw new Error(`No payment adapter for ${order.gateway}`);

    let outcome: ReconciledOrder['outcome'] = 'unchanged';
    if (order.status === 'pending') {
      const settled = await port.settle(chargeIdempotencyKey(order.number, order.paymentAttempt), order.number);
      // A bank debit found charged (its answer lost) waits for its bank as the release rule says.
      const waits = settled.outcome === 'charged' && settled.settlesLater === true && (await this.bankDebits?.afterCharge(order, settled.transactionId, settled.bankAccount ?? null)) === 'wait';
      if (waits) return { orderNumber, outcome: 'unchanged', reversed: [] };
      if (settled.outcome === 'charged') {
        const customer = await this.customers.findById(order.customerId);
        if (!customer) throw new Error(`Order ${order.number} has no customer`);
        await this.orders.complete(order.number, fulfilmentFor(order, customer, settled.transactionId, this.keys, this.settings.storeUrl));
        outcome = 'completed';
      } else {
        await this.orders.fail(order.number, settled.code, settled.reason);
        outcome = 'failed';
      }
      order = (await this.orders.find(orderNumber)) ?? order;
      // Another caller (a shopper's retry) moved it on meanwhile: the next run looks again.
      if (order.status === 'pending') return { orderNumber, outcome: 'unchanged', reversed: [] };
    }

    // Only the attempts this order has had: a retry starting now makes a key not listed here.
    const { number, paymentAttempt } = order;
    const keys = Array.from({ length: paymentAttempt }, (_, index) => chargeIdempotencyKey(number, index + 1));
    const kept = order.status === 'paid' ? order.transactionId : null;
    const extra: ProviderCharge[] = (await port.chargesFor(keys)).filter((charge) => charge.transactionId !== kept);
    // A reversal whose answer was lost is finished too (the gateway may no longer list the charge as in force).
    for (const unfinished of await port.unfinishedReversals(number)) {
      if (unfinished.transactionId !== kept && !extra.some((charge) => charge.transactionId === unfinished.transactionId)) extra.push(unfinished);
    }
    const reversed: string[] = [];
    for (const charge of extra) {
      await port.reverse({ ...charge, orderNumber: number, reason: kept ? `a second charge of paid order ${number}` : `a charge of failed order ${number}` });
      reversed.push(charge.transactionId);
    }
    return { orderNumber, outcome, reversed };
  }
}
