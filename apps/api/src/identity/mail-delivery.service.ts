import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SmtpOutboxDispatcher } from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';

const INTERVAL_MS = 1000;

/** Delivers the mail outbox every second while the API runs, when an SMTP server is configured. */
@Injectable()
export class MailDeliveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MailDelivery');
  private dispatcher: SmtpOutboxDispatcher | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The delivery under way, if any. */
  private current: Promise<number> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.SMTP_URL) return;
    this.dispatcher = new SmtpOutboxDispatcher(this.dataSource, this.config.SMTP_URL, this.config.MAIL_FROM);
    // The timer skips a beat while a delivery is still under way rather than queueing behind it.
    this.timer = setInterval(() => {
      if (!this.current) void this.tick();
    }, INTERVAL_MS);
    this.timer.unref();
  }

  /**
   * Delivers what is due now. A delivery already under way (the timer's) is waited for first: it may
   * have read the outbox before the caller's mail was queued, and a caller asking for delivery must
   * find its mail sent when this answers.
   */
  async tick(): Promise<number> {
    const dispatcher = this.dispatcher;
    if (!dispatcher) return 0;
    while (this.current) await this.current;
    const run = this.deliver(dispatcher);
    this.current = run;
    try {
      return await run;
    } finally {
      if (this.current === run) this.current = null;
    }
  }

  private async deliver(dispatcher: SmtpOutboxDispatcher): Promise<number> {
    try {
      return await dispatcher.deliverDue();
    } catch (error) {
      this.logger.warn({ err: error }, 'Mail delivery failed; will retry');
      return 0;
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.dispatcher?.close();
  }
}
