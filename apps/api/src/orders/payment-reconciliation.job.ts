import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ReconcilePayments } from '@store/application';

/** How often reconciliation runs in a served API (started by main.ts; tests run it by hand). */
export const RECONCILE_EVERY_MS = 60_000;

/**
 * Runs payment reconciliation on a timer: pending orders the shopper left are completed or given
 * up, and second charges are reversed. One run at a time per instance; instances meet in the
 * ledgers' rows, so running it on several is safe.
 */
@Injectable()
export class PaymentReconciliationJob implements OnModuleDestroy {
  private readonly logger = new Logger('PaymentReconciliation');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly reconcile: ReconcilePayments) {}

  start(everyMs = RECONCILE_EVERY_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), everyMs);
    this.timer.unref();
  }

  /** One run, unless one is still going; problems are logged and left for the next run. */
  async runOnce(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        const { reconciled, deferred } = await this.reconcile.run();
        for (const order of reconciled.filter((candidate) => candidate.outcome !== 'unchanged' || candidate.reversed.length > 0)) {
          this.logger.warn({ order: order.orderNumber, outcome: order.outcome, reversed: order.reversed }, 'Payment reconciled');
        }
        for (const order of deferred) this.logger.warn({ order: order.orderNumber, reason: order.reason }, 'Payment reconciliation deferred');
      } catch (error) {
        this.logger.error({ err: error }, 'Payment reconciliation failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
