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
  private running = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.SMTP_URL) return;
    this.dispatcher = new SmtpOutboxDispatcher(this.dataSource, this.config.SMTP_URL, this.config.MAIL_FROM);
    this.timer = setInterval(() => void this.tick(), INTERVAL_MS);
    this.timer.unref();
  }

  async tick(): Promise<number> {
    if (!this.dispatcher || this.running) return 0;
    this.running = true;
    try {
      return await this.dispatcher.deliverDue();
    } catch (error) {
      this.logger.warn({ err: error }, 'Mail delivery failed; will retry');
      return 0;
    } finally {
      this.running = false;
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.dispatcher?.close();
  }
}
