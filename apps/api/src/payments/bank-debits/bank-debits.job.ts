import { Injectable } from '@nestjs/common';
import { ReconcileBankDebits } from '@store/application';
import { PeriodicJob } from '../../jobs/periodic-job';

/**
 * How often a served API looks up the bank debits still waiting long after they were accepted, and
 * a batch of the settled ones due their daily look for a return (main.ts starts it).
 */
export const RECONCILE_BANK_DEBITS_EVERY_MS = 15 * 60_000;

/** A settlement or return notification the provider never delivered still settles or refuses its debit. */
@Injectable()
export class BankDebitsReconciliationJob extends PeriodicJob {
  constructor(private readonly reconcile: ReconcileBankDebits) {
    super('BankDebits', RECONCILE_BANK_DEBITS_EVERY_MS, 'Looking up the waiting bank debits failed');
  }

  protected async work(): Promise<void> {
    for (const done of await this.reconcile.run()) {
      // Still waiting, or still settled: the look-up found nothing the notifications missed.
      if (done.outcome === 'pending' || done.outcome === 'still-settled') continue;
      if (done.error !== undefined) this.logger.error({ transaction: done.transactionId, err: done.error }, 'Looking up a bank debit failed; it is due again next run');
      else this.logger.warn({ transaction: done.transactionId, outcome: done.outcome }, 'Bank debit reconciled without its notification');
    }
  }
}
