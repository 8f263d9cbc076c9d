import { Injectable } from '@nestjs/common';
import { RefundOrder } from '@store/application';
import { PeriodicJob } from '../jobs/periodic-job';

/** How often unfinished refunds are looked at in a served API (started by main.ts; tests run it by hand). */
export const FINISH_REFUNDS_EVERY_MS = 60_000;

/**
 * Refunds on a timer: one whose answer was lost is finished (the provider asked first, so it is
 * never made twice), and one the merchant of record was finishing is confirmed once it has.
 */
@Injectable()
export class RefundsJob extends PeriodicJob {
  constructor(private readonly refunds: RefundOrder) {
    super('Refunds', FINISH_REFUNDS_EVERY_MS, 'Finishing refunds failed');
  }

  protected async work(): Promise<void> {
    const { finished, confirmed, deferred } = await this.refunds.finishUnfinished();
    for (const id of finished) this.logger.warn({ refund: id }, 'Refund finished after its answer was lost');
    for (const id of confirmed) this.logger.log({ refund: id }, 'Refund confirmed by the provider');
    for (const refund of deferred) this.logger.warn({ refund: refund.id, reason: refund.reason }, 'Refund still without an answer');
  }
}
