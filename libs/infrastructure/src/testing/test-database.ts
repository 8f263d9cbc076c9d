import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, migrate } from '../persistence/data-source';
import { seedCatalogue } from '../persistence/seed/seed-catalogue';
import { seedCustomerCategories } from '../persistence/seed/seed-categories';

export interface TestDatabase {
  readonly url: string;
  readonly dataSource: DataSource;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_ADMIN_URL;
  if (!url) throw new Error('TEST_DATABASE_ADMIN_URL is not set: run integration tests through Jest with its global setup');
  return url;
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated (and by default seeded) database of its own for one test suite; dropped after. */
export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const dataSource = createDataSource(url.toString());
  await dataSource.initialize();
  await migrate(dataSource);
  if (options.seed ?? true) {
    await seedCustomerCategories(dataSource);
    await seedCatalogue(dataSource);
  }
  return {
    url: url.toString(),
    dataSource,
    async drop() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
