import { DataSource, type EntityManager } from 'typeorm';

interface PgQueryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Every name handed out in this process, with its text. PostgreSQL keeps a named statement per
 * connection and pg sends the text only the first time a connection sees the name: a second
 * call site with the same name and another text would silently run the first one's SQL on a
 * connection that prepared it first. A mismatch therefore throws, at the first call that makes it.
 */
const texts = new Map<string, string>();

/** Checks that `name` always comes with `text` (see `texts`); throws on a second, different text. */
export function registerStatement(name: string, text: string): void {
  const known = texts.get(name);
  if (known === undefined) texts.set(name, text);
  else if (known !== text) throw new Error(`Prepared statement "${name}" is already used with another text`);
}

/**
 * Runs one of the hot statements (PLACE_ORDER, the session's reads, the basket's writes) as a
 * statement PostgreSQL keeps prepared under `name` on each connection: parsed, analysed and
 * rewritten once per connection (and planned once when its generic plan is as good) instead of
 * on every call. Under load that work was most of the server's CPU for these statements. TypeORM
 * sends every statement unnamed, so this goes to the pg pool, or to the transaction's own
 * connection, underneath it (the same clients, with the same deadlines). A name must always come
 * with the same text (checked by `registerStatement`). Answers the rows.
 */
export async function preparedQuery<Row>(on: DataSource | EntityManager, name: string, text: string, values: unknown[]): Promise<Row[]> {
  registerStatement(name, text);
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
