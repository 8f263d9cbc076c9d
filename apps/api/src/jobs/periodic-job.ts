import { Inject, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { runAlone } from './advisory-lock';

/**
 * Work a served API repeats on a timer (started by main.ts; tests and cron call runOnce or the use
 * case directly). One run at a time per instance: a run still going when the timer fires again is
 * joined, not doubled. One run at a time across instances too: a run takes a PostgreSQL advisory
 * lock named for the job and is skipped while another instance holds it, so two APIs on one database
 * never do the same work twice at once. A failed run is logged and left for the next one. The timer
 * does not keep the process alive, and shutting down waits for the run in progress.
 */
export abstract class PeriodicJob implements OnModuleDestroy {
  protected readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Property-injected so the jobs' own constructors stay about their work; absent outside Nest (no lock then). */
  @Optional()
  @Inject(DataSource)
  private readonly dataSource?: DataSource;

  protected constructor(
    private readonly jobName: string,
    private readonly everyMs: number,
    private readonly failure: string,
  ) {
    this.logger = new Logger(jobName);
  }

  /** One run of the work; whatever it wants said, it logs itself. */
  protected abstract work(): Promise<void>;

  start(everyMs = this.everyMs): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), everyMs);
    this.timer.unref();
  }

  async runOnce(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        if (!this.dataSource) await this.work();
        else if (!(await runAlone(this.dataSource, this.jobName, () => this.work()))) this.logger.debug('Skipped: another instance is running it');
      } catch (error) {
        this.logger.error({ err: error }, this.failure);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * A run that starts after the one in progress, if any, so it sees whatever was queued before this
   * call (a run already going may have looked before it was).
   */
  async runAfterCurrent(): Promise<void> {
    while (this.running) await this.running;
    return this.runOnce();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
