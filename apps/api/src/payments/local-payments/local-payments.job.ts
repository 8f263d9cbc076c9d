import { Injectable } from '@nestjs/common';
import { CompleteLocalPayment } from '@store/application';
import { PeriodicJob } from '../../jobs/periodic-job';

/** How often a served API charges the local payments the provider approved (main.ts starts it; tests run it by hand). */
export const COMPLETE_LOCAL_PAYMENTS_EVERY_MS = 1000;

/**
 * Charges the local payments whose approval came by the provider's notification: the shopper may
 * be waiting on the order's page, or long gone. Instances meet on the payments' guarded states.
 */
@Injectable()
export class LocalPaymentsJob extends PeriodicJob {
  constructor(private readonly complete: CompleteLocalPayment) {
    super('LocalPayments', COMPLETE_LOCAL_PAYMENTS_EVERY_MS, 'Completing the approved local payments failed');
  }

  protected async work(): Promise<void> {
    for (const done of await this.complete.completeDue()) {
      if (done.kind === 'paid') this.logger.log({ payment: done.paymentId, order: done.order.number }, 'Local payment charged');
      else this.logger.warn({ payment: done.paymentId, order: done.orderNumber, outcome: done.kind, ...(done.kind === 'declined' ? { code: done.code } : {}) }, 'Local payment not charged');
    }
  }
}
