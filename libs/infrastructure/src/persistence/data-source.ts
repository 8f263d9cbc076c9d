import { DataSource, type DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

/**
 * The one place the database connection is described; schema changes only through migrations.
 * `extra` adds to the pool's settings (a serving process adds its deadlines: databaseDeadlines).
 */
export function dataSourceOptions(url: string, overrides: Partial<DataSourceOptions> = {}, extra: object = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    logging: false,
    extra: { max: 10, application_name: 'software-store', ...extra },
    ...overrides,
  } as DataSourceOptions;
}

export function createDataSource(url: string): DataSource {
  return new DataSource(dataSourceOptions(url));
}

/** Runs pending migrations; returns the names of those applied. */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((migration) => migration.name);
}
