import 'reflect-metadata';
import { createDataSource, migrate, seedCatalogue, seedCustomerCategories } from '@store/infrastructure';
import { ConfigError, loadConfig } from './config/app-config';

/** `node cli.js migrate [--seed]`: applies pending migrations and reference data, then optionally the demo catalogue. */
async function main(argv: string[]): Promise<void> {
  const [command, ...flags] = argv;
  if (command !== 'migrate') {
    process.stderr.write('Usage: node apps/api/dist/cli.js migrate [--seed]\n');
    process.exit(2);
  }
  const config = loadConfig();
  const dataSource = createDataSource(config.DATABASE_URL);
  await dataSource.initialize();
  try {
    const applied = await migrate(dataSource);
    process.stdout.write(applied.length ? `Applied migrations: ${applied.join(', ')}\n` : 'Database schema is up to date\n');
    // Reference data the store cannot work without, demo or not.
    await seedCustomerCategories(dataSource);
    if (flags.includes('--seed')) {
      await seedCatalogue(dataSource);
      process.stdout.write('Demo catalogue seeded\n');
    }
  } finally {
    await dataSource.destroy();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
