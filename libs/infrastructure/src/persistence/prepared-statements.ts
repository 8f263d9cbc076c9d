import { DataSource, type EntityManager } from 'typeorm';

interface PgQueryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs one of the hot statements of PLACE_ORDER as a statement PostgreSQL keeps prepared under
 * `name` on each connection: parsed, analysed and rewritten once per connection (and planned once
 * when its generic plan is as good) instead of on every call. Under load that work was most of the
 * server's CPU for these statements. TypeORM sends every statement unnamed, so this goes to the
 * pg pool, or to the transaction's own connection, underneath it (the same clients, with the same
 * deadlines). A name must always come with the same text. Answers the rows.
 */
export async function preparedQuery<Row>(on: DataSource | EntityManager, name: string, text: string, values: unknown[]): Promise<Row[]> {
  let client: PgQueryable;
  if (on instanceof DataSource) {
    client = (on.driver as unknown as { master: PgQueryable }).master;
  } else if (on.queryRunner) {
    client = (await on.queryRunner.connect()) as PgQueryable;
  } else {
    return on.query(text, values);
  }
  return (await client.query({ name, text, values })).rows as Row[];
}
