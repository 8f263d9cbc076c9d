import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { RemoveUnusedTaxCertificates } from '@store/application';

/** How often unused certificates are looked for in a served API: hourly is plenty for a day's grace. */
export const REMOVE_UNUSED_CERTIFICATES_EVERY_MS = 3_600_000;

/**
 * Removes certificates nothing uses, on a timer (started by main.ts; tests and cron run the use
 * case directly). One run at a time per instance; runs on several instances skip each other's rows.
 */
@Injectable()
export class UnusedCertificatesJob implements OnModuleDestroy {
  private readonly logger = new Logger('UnusedCertificates');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly removeUnused: RemoveUnusedTaxCertificates) {}

  start(everyMs = REMOVE_UNUSED_CERTIFICATES_EVERY_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), everyMs);
    this.timer.unref();
  }

  /** One run, unless one is still going; problems are logged and left for the next run. */
  async runOnce(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        const { removed, filesLeft } = await this.removeUnused.run();
        if (removed.length > 0) this.logger.log({ removed: removed.length }, 'Unused tax certificates removed');
        for (const certificate of filesLeft) this.logger.warn({ key: certificate.storageKey }, 'The file of a removed tax certificate could not be removed');
      } catch (error) {
        this.logger.error({ err: error }, 'Removing unused tax certificates failed');
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
