import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { preparedQuery, registerStatement } from './prepared-statements';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

describe('named statements keep one text per name', () => {
  it('refuses a second text under a name already in use, before anything reaches the database', async () => {
    expect(await preparedQuery<{ n: number }>(db.dataSource, 'spec-one-text', 'SELECT $1::int AS n', [1])).toEqual([{ n: 1 }]);
    // The same name with the same text again, on the pool and in a transaction: the same statement.
    expect(await preparedQuery<{ n: number }>(db.dataSource, 'spec-one-text', 'SELECT $1::int AS n', [2])).toEqual([{ n: 2 }]);
    expect(await db.dataSource.transaction((manager) => preparedQuery<{ n: number }>(manager, 'spec-one-text', 'SELECT $1::int AS n', [3]))).toEqual([{ n: 3 }]);

    await expect(preparedQuery(db.dataSource, 'spec-one-text', 'SELECT $1::int + 1 AS n', [1])).rejects.toThrow(
      'Prepared statement "spec-one-text" is already used with another text',
    );
    expect(() => registerStatement('spec-one-text', 'SELECT 2')).toThrow('already used with another text');
    expect(() => registerStatement('spec-one-text', 'SELECT $1::int AS n')).not.toThrow();
  });

  it('names each statement at one call site only across the source', () => {
    // The registry catches a clash only when both call sites run in one process; this catches it
    // in the source, for the names written at the call (preparedQuery's and pg's { name, text }).
    const sources: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) sources.push(readFileSync(path, 'utf8'));
      }
    };
    walk(join(__dirname, '..'));
    const names = sources.flatMap((source) => [
      ...[...source.matchAll(/preparedQuery(?:<[^(]*?>)?\(\s*[\w.]+,\s*'([\w-]+)'/g)].map((match) => match[1]),
      ...[...source.matchAll(/\{\s*name: '([\w-]+)', text:/g)].map((match) => match[1]),
    ]);
    for (const expected of ['session-customer', 'basket-find', 'basket-update', 'basket-insert-lines', 'reference-data-version', 'order-reserve', 'session-snapshot']) {
      expect(names).toContain(expected);
    }
    const twice = names.filter((name, index) => names.indexOf(name) !== index);
    expect(twice).toEqual([]);
  });
});
