import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { FileTaxRates } from '../../tax/file-tax-rates';
import { CachedCatalogue, CachedCustomerCategories, ReferenceDataVersion } from './cached-reference-data';
import { TypeOrmCustomerCategoryRepository } from './typeorm-identity.repositories';
import { TypeOrmCatalogueRepository } from './typeorm-catalogue.repository';
import { inRequestScope } from '../../system/request-scope';

let db: TestDatabase;
let versions: ReferenceDataVersion;

beforeAll(async () => {
  db = await createTestDatabase();
  versions = new ReferenceDataVersion(db.dataSource);
});
afterAll(() => db?.drop());

/** The catalogue from the database, counting how often it is really read. */
function countingCatalogue() {
  const source = new TypeOrmCatalogueRepository(db.dataSource, new FileTaxRates());
  const loads = { suites: 0, accounts: 0 };
  const counted = {
    listSuites: (account: string) => (loads.suites++, source.listSuites(account)),
    findSuites: () => Promise.reject(new Error('the cache answers findSuites from listSuites')),
    find: (code: string) => (loads.accounts++, source.find(code)),
  };
  return { cached: new CachedCatalogue(counted, versions), loads };
}

const priceOf = async (cached: CachedCatalogue, suite: string) => (await cached.findSuites([suite], 'GB'))[0].products[0].price.current.amountMinor;

describe('the reference data kept in memory', () => {
  it('reads the catalogue and an account once per version, however many ask at once', async () => {
    const { cached, loads } = countingCatalogue();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cached.listSuites('GB')));
    expect(new Set(answers.map((suites) => suites.map((suite) => suite.reference).join())).size).toBe(1);
    await cached.findSuites(['photo-2', 'publisher-2'], 'GB');
    await cached.find('GB');
    await cached.find('GB');
    expect(loads).toEqual({ suites: 1, accounts: 1 });
    // findSuites keeps the catalogue's order and leaves out what it does not have.
    expect((await cached.findSuites(['publisher-2', 'photo-2', 'no-such-suite'], 'GB')).map((suite) => suite.reference)).toEqual(['photo-2', 'publisher-2']);
    expect(await cached.findSuites([], 'GB')).toEqual([]);
  });

  it('sees a change made by anyone (an operator’s SQL) at the very next read', async () => {
    const { cached, loads } = countingCatalogue();
    const before = await priceOf(cached, 'photo-2');
    await db.dataSource.query(`UPDATE product_prices SET current_minor = current_minor + 100 WHERE country_account_code = 'GB'`);
    expect(await priceOf(cached, 'photo-2')).toBe(before + 100);
    expect(loads.suites).toBe(2);
    await db.dataSource.query(`UPDATE product_prices SET current_minor = current_minor - 100 WHERE country_account_code = 'GB'`);
    expect(await priceOf(cached, 'photo-2')).toBe(before);
  });

  it('is not made stale, nor emptied, by orders: claiming a limited unit, or a claim that matches no row, leaves the version alone', async () => {
    const start = await versions.current();
    await db.dataSource.query(`UPDATE products SET units_left = 5 WHERE reference = (SELECT reference FROM products ORDER BY reference LIMIT 1)`);
    await db.dataSource.query(`UPDATE products SET units_left = units_left - 1 WHERE units_left IS NOT NULL`);
    await db.dataSource.query(`UPDATE products SET units_left = units_left - 1 WHERE reference = 'no-such-product'`);
    expect(await versions.current()).toBe(start);
    await db.dataSource.query(`UPDATE products SET units_left = NULL`);
    // Anything else about a product is reference data.
    await db.dataSource.query(`UPDATE products SET sort_order = sort_order WHERE reference = 'no-such-product'`);
    expect(await versions.current()).toBe(start);
    await db.dataSource.query(`UPDATE products SET sort_order = sort_order + 1 WHERE reference = (SELECT reference FROM products ORDER BY reference LIMIT 1)`);
    expect(BigInt(await versions.current())).toBe(BigInt(start) + 1n);
  });

  it('keeps the customer categories per version too', async () => {
    const cached = new CachedCustomerCategories(new TypeOrmCustomerCategoryRepository(db.dataSource), versions);
    const first = await cached.list();
    expect(await cached.list()).toBe(first);
    await db.dataSource.query(`UPDATE customer_categories SET name = name || ' (renamed)' WHERE fqn = 'education.university'`);
    expect((await cached.list()).education.find((category) => category.fqn === 'education.university')?.name).toMatch(/\(renamed\)$/);
  });

  it('forgets a failed read, so the next one tries again', async () => {
    let calls = 0;
    const flaky = {
      list: async () => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return { business: [], education: [] };
      },
    };
    const cached = new CachedCustomerCategories(flaky, versions);
    await expect(cached.list()).rejects.toThrow('connection lost');
    await expect(cached.list()).resolves.toEqual({ business: [], education: [] });
  });

  it('asks the version once per request, so a request sees one catalogue throughout; the next request sees a change', async () => {
    // Every statement the pg clients send (the version is read as a named statement, past TypeORM).
    const asked: string[] = [];
    type Query = (...args: unknown[]) => unknown;
    const prototype = (db.dataSource.driver as unknown as { postgres: { Client: { prototype: { query: Query } } } }).postgres.Client.prototype;
    const original = prototype.query;
    const spy = jest.spyOn(prototype, 'query').mockImplementation(function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      asked.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text));
      return original.apply(this, args);
    });
    try {
      const { cached } = countingCatalogue();
      const categories = new CachedCustomerCategories(new TypeOrmCustomerCategoryRepository(db.dataSource), versions);
      const request = () => inRequestScope(async () => [await cached.find('GB'), await priceOf(cached, 'photo-2'), await categories.list()]);
      await request();
      const versionReads = () => asked.filter((sql) => sql.includes('reference_data_version')).length;
      expect(versionReads()).toBe(1);
      // Changed in the middle of a request: that request keeps its version; the next sees the change.
      const [before, during] = await inRequestScope(async () => {
        const first = await priceOf(cached, 'photo-2');
        await db.dataSource.query(`UPDATE product_prices SET current_minor = current_minor + 7 WHERE country_account_code = 'GB'`);
        return [first, await priceOf(cached, 'photo-2')];
      });
      expect(during).toBe(before);
      expect(await inRequestScope(() => priceOf(cached, 'photo-2'))).toBe(before + 7);
      await db.dataSource.query(`UPDATE product_prices SET current_minor = current_minor - 7 WHERE country_account_code = 'GB'`);
    } finally {
      spy.mockRestore();
    }
  });
});
