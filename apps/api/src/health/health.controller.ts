import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { ReachedByNavigation } from '../http/requested-with.guard';

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

  /** Ready for shoppers: the database answers and no migration is waiting to run. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 2000 }),
      () => this.migrations(),
    ]);
  }

  private async migrations() {
    const indicator = this.indicators.check('migrations');
    try {
      const pending = await this.dataSource.showMigrations();
      return pending ? indicator.down({ pending: true }) : indicator.up({ pending: false });
    } catch {
      return indicator.down({ pending: 'unknown' });
    }
  }
}
