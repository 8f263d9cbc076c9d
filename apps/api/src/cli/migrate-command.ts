import { createDataSource, migrate, seedCatalogue, seedCustomerCategories } from '@store/infrastructure';
import { ConfigError, loadConfig } from '../config/app-config';

/**
 * Whether to seed the demo catalogue. Its discount codes include a 100% one with no use limit, so a
 * store must never get it by default: SEED_DEMO_CATALOGUE=true asks for it anywhere; `--seed` (what
 * `npm start` and the benchmarks pass) is enough only outside production, and in production it is
 * refused rather than ignored, so a deployment script that relies on it fails loudly.
 */
export function demoCatalogueWanted(flags: readonly string[], env: Record<string, string | undefined>, nodeEnv: string): boolean {
  const setting = env.SEED_DEMO_CATALOGUE ?? '';
  if (!['', 'true', 'false'].includes(setting)) {
    throw new ConfigError(`Invalid configuration: SEED_DEMO_CATALOGUE: must be true or false (got "${setting.slice(0, 40)}")`);
  }
  const asked = flags.includes('--seed');
  if (asked && nodeEnv === 'production' && setting !== 'true') {
    throw new ConfigError(
      'Refusing to seed the demo catalogue (with its free discount codes) in production: set SEED_DEMO_CATALOGUE=true to seed it anyway',
    );
  }
  return setting === 'true' || (asked && setting !== 'false');
}

/**
 * `migrate [--seed]`: applies pending migrations and reference data, then the demo catalogue when
 * demoCatalogueWanted says so. The settings are checked before anything is written.
 */
export async function migrateCommand(argv: readonly string[], env: Record<string, string | undefined>, write: (line: string) => void): Promise<void> {
  const [command, ...flags] = argv;
  if (command !== 'migrate') throw new UsageError('Usage: node apps/api/dist/cli.js migrate [--seed]');
  const config = loadConfig(env);
  const seedDemo = demoCatalogueWanted(flags, env, config.NODE_ENV);
  const dataSource = createDataSource(config.DATABASE_URL);
  await dataSource.initialize();
  try {
    const applied = await migrate(dataSource);
    write(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date');
    // Reference data the store cannot work without, demo or not.
    await seedCustomerCategories(dataSource);
    if (seedDemo) {
      await seedCatalogue(dataSource);
      write('Demo catalogue seeded');
    }
  } finally {
    await dataSource.destroy();
  }
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
