import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { RetryTaxIdChecks } from '@store/application';
import { AppConfig } from '../config/app-config';

/** Tries unverified tax ID checks again on a timer (TAX_ID_RETRY_INTERVAL_MS; 0 turns it off). */
@Injectable()
export class TaxIdRetryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TaxIdRetryService.name);
  private timer: ReturnType<typeof setInterval> | undefined;
  private running = false;

  constructor(
    private readonly retry: RetryTaxIdChecks,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.TAX_ID_RETRY_INTERVAL_MS <= 0) return;
    this.timer = setInterval(() => void this.runOnce(), this.config.TAX_ID_RETRY_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async runOnce(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const settled = await this.retry.execute();
      if (settled > 0) this.logger.log(`Settled ${settled} unverified tax ID check(s)`);
      return settled;
    } catch (error) {
      this.logger.warn(`Tax ID retry failed: ${(error as Error).message}`);
      return 0;
    } finally {
      this.running = false;
    }
  }
}
