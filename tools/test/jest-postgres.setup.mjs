// Jest global setup: one real PostgreSQL for the whole run. Each integration suite makes its own
// database in it (see createTestDatabase), so suites run in parallel without sharing rows.
// With DATABASE_URL set, that server is used instead and nothing is started. Several projects of
// one run list this setup; only the first starts a server.
import { startEmbeddedPostgres } from '../lib/embedded-db.mjs';

export default async function setup() {
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  const server = await startEmbeddedPostgres();
  globalThis.__STORE_TEST_POSTGRES__ = server;
  process.env.TEST_DATABASE_ADMIN_URL = server.url('postgres');
}
