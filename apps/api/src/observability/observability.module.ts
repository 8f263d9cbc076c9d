import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { NO_OPERATIONS_EVENTS, OPERATIONS_EVENTS } from '@store/application';
import { DataSource } from 'typeorm';
import type { PoolCounts, StoreMetrics } from './store-metrics';

/** The app's StoreMetrics, when metrics are served (METRICS_PORT set). */
export const STORE_METRICS = Symbol('StoreMetrics');

/** node-postgres's pool under TypeORM's PostgreSQL driver, when there is one. */
function poolOf(dataSource: DataSource): PoolCounts | null {
  const pool = (dataSource.driver as { master?: Partial<PoolCounts> }).master;
  return pool && typeof pool.totalCount === 'number' ? (pool as PoolCounts) : null;
}

/**
 * The store's metrics, when they are served: one StoreMetrics per app, which is also what the use
 * cases tell their operations events to. When they are not, the use cases tell no one and
 * prom-client is never loaded (it loads OpenTelemetry's API, and keeps timers and observers for
 * Node's own metrics): a store without metrics pays nothing for them.
 */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(serveMetrics: boolean): DynamicModule {
    const providers: Provider[] = serveMetrics
      ? [
          {
            provide: STORE_METRICS,
            useFactory: (dataSource: DataSource): StoreMetrics => {
              // eslint-disable-next-line @typescript-eslint/no-require-imports
              const { StoreMetrics: Metrics } = require('./store-metrics') as typeof import('./store-metrics');
              return new Metrics({ pool: () => poolOf(dataSource) });
            },
            inject: [DataSource],
          },
          { provide: OPERATIONS_EVENTS, useExisting: STORE_METRICS },
        ]
      : [{ provide: OPERATIONS_EVENTS, useValue: NO_OPERATIONS_EVENTS }];
    return { module: ObservabilityModule, providers, exports: providers.map((provider) => (provider as { provide: symbol }).provide) };
  }
}
