import { Injectable } from '@nestjs/common';
import { ProcessProviderNotifications } from '@store/application';
import { PeriodicJob } from '../../jobs/periodic-job';

/** How often a served API works through the notifications that are due (main.ts starts it; tests run it by hand). */
export const PROCESS_NOTIFICATIONS_EVERY_MS = 1000;

/**
 * The providers' notifications, handled on a timer. Instances share the work through the inbox's
 * row locks. Each handling is logged with the notification's id and kind, never its content.
 */
@Injectable()
export class ProviderNotificationsJob extends PeriodicJob {
  constructor(private readonly process: ProcessProviderNotifications) {
    super('ProviderNotifications', PROCESS_NOTIFICATIONS_EVERY_MS, "Processing the payment providers' notifications failed");
  }

  protected async work(): Promise<void> {
    for (const { id, kind, providerKind, disposition } of await this.process.execute()) {
      if (disposition.processed) this.logger.log({ notification: id, kind, providerKind, outcome: disposition.outcome }, 'Provider notification handled');
      else this.logger.warn({ notification: id, kind, providerKind, error: disposition.error, retryAt: disposition.retryAt }, 'Provider notification to be retried');
    }
  }
}
