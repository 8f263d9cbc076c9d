import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { ReachedByNavigation } from '../http/requested-with.guard';

const READY_CHECK_TIMEOUT_MS = 1000;

@ApiTags('health')
@ReachedByNavigation()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly dataSource: DataSource,
  ) {}

  /** The process is up and answering. */
  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  /**
   * Ready for shoppers: the database answers and no migration is waiting to run. Both checks run at
   * once and each gives up after a second: a probe must hear 'not ready' from a database that has
   * stopped answering before its own timeout, not after the outage.
   */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: READY_CHECK_TIMEOUT_MS }),
      () => this.migrations(),
    ]);
  }

  private async migrations() {
    const indicator = this.indicators.check('migrations');
    try {
      const pending = await Promise.race([
        this.dataSource.showMigrations(),
        new Promise<never>((_, fail) => setTimeout(() => fail(new Error('timed out')), READY_CHECK_TIMEOUT_MS).unref()),
      ]);
      return pending ? indicator.down({ pending: true }) : indicator.up({ pending: false });
    } catch {
      return indicator.down({ pending: 'unknown' });
    }
  }
}
