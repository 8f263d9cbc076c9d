import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

type QueryFn = (...args: unknown[]) => unknown;
interface PgModule {
  Client: { prototype: { query: QueryFn } };
}

const textOf = (first: unknown): string => (typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? '(unknown)'));

/**
 * Records every statement the application sends to PostgreSQL (each a round trip: BEGIN and COMMIT
 * included), by wrapping `query` of the pg client its TypeORM DataSource uses. Nothing else may
 * use the database while recording: the test's own DataSource shares the pg module.
 */
export async function recordStatements<T>(app: INestApplication, work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const driver = app.get(DataSource, { strict: false }).driver as unknown as { postgres: PgModule };
  const prototype = driver.postgres.Client.prototype;
  const original = prototype.query;
  const statements: string[] = [];
  prototype.query = function (this: unknown, ...args: unknown[]) {
    statements.push(textOf(args[0]).replace(/\s+/g, ' ').trim());
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    prototype.query = original;
  }
}
