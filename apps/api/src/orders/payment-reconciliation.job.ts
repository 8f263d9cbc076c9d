import { Inject, Injectable, Optional } from '@nestjs/common';
import { NO_OPERATIONS_EVENTS, OPERATIONS_EVENTS, ReconcilePayments, type OperationsEvents } from '@store/application';
import { PeriodicJob } from '../jobs/periodic-job';

/** How often reconciliation runs in a served API (started by main.ts; tests run it by hand). */
export const RECONCILE_EVERY_MS = 60_000;

/**
 * Payment reconciliation on a timer: pending orders the shopper left are completed or given up,
 * and second charges are reversed. Instances meet in the ledgers' rows, so running it on several is
 * safe.
 */
@Injectable()
export class PaymentReconciliationJob extends PeriodicJob {
  constructor(
    private readonly reconcile: ReconcilePayments,
    @Optional() @Inject(OPERATIONS_EVENTS) private readonly events: OperationsEvents = NO_OPERATIONS_EVENTS,
  ) {
    super('PaymentReconciliation', RECONCILE_EVERY_MS, 'Payment reconciliation failed');
  }

  protected async work(): Promise<void> {
    const { reconciled, deferred } = await this.reconcile.run();
    for (const order of reconciled.filter((candidate) => candidate.outcome !== 'unchanged' || candidate.reversed.length > 0)) {
      this.logger.warn({ order: order.orderNumber, outcome: order.outcome, reversed: order.reversed }, 'Payment reconciled');
    }
    for (const order of deferred) this.logger.warn({ order: order.orderNumber, reason: order.reason }, 'Payment reconciliation deferred');
    for (const order of reconciled) this.events.orderReconciled({ outcome: order.outcome, reversals: order.reversed.length });
    for (let index = 0; index < deferred.length; index += 1) this.events.orderReconciled({ outcome: 'deferred', reversals: 0 });
    this.events.reconciliationRun({ deferred: deferred.length });
  }
}
