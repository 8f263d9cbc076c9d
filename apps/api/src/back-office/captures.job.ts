import { Injectable } from '@nestjs/common';
import { CaptureMerchantOfRecordSales } from '@store/application';
import { PeriodicJob } from '../jobs/periodic-job';

/** How often paid merchant-of-record orders are reported delivered (started by main.ts; tests run it by hand). */
export const CAPTURE_EVERY_MS = 60_000;

/** Tells the merchant of record which paid orders' products were delivered, so it captures their charges. */
@Injectable()
export class CapturesJob extends PeriodicJob {
  constructor(private readonly captures: CaptureMerchantOfRecordSales) {
    super('MerchantOfRecordCaptures', CAPTURE_EVERY_MS, 'Capturing merchant-of-record charges failed');
  }

  protected async work(): Promise<void> {
    const { captured, deferred } = await this.captures.run();
    if (captured.length > 0) this.logger.log({ orders: captured }, 'Merchant-of-record charges captured');
    for (const order of deferred) this.logger.warn({ order: order.number, reason: order.reason }, 'Merchant-of-record capture deferred');
  }
}
