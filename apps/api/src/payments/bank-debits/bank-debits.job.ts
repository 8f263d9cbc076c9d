import { Injectable } from '@nestjs/common';
import { ReconcileBankDebits } from '@store/application';
import { PeriodicJob } from '../../jobs/periodic-job';

/** How often a served API looks up the bank debits still waiting long after they were accepted (main.ts starts it). */
export const RECONCILE_BANK_DEBITS_EVERY_MS = 15 * 60_000;

/** A settlement notification the provider never delivered still settles or refuses its debit. */
@Injectable()
export class BankDebitsReconciliationJob extends PeriodicJob {
  constructor(private readonly reconcile: ReconcileBankDebits) {
    super('BankDebits', RECONCILE_BANK_DEBITS_EVERY_MS, 'Looking up the waiting bank debits failed');
  }

  protected async work(): Promise<void> {
    for (const done of await this.reconcile.run()) {
      if (done.outcome !== 'pending') this.logger.warn({ transaction: done.transactionId, outcome: done.outcome }, 'Bank debit reconciled without its notification');
    }
  }
}
