import type { CatalogueRepository, CountryAccountRepository, CustomerCategoryRepository } from '@store/application';
import type { CountryAccount, ProductSuite } from '@store/domain';
import type { DataSource } from 'typeorm';
import { preparedQuery } from '../prepared-statements';
import { knownThisRequest, oncePerRequest } from '../../system/request-scope';

/**
 * The reference data's version (migration 1700000000011): one single-row read, made once per
 * request (a request sees one version of the catalogue throughout, and asks once).
 */
export class ReferenceDataVersion {
  /** The statement reading it, for a query that reads it alongside other things (then handed to `seen`). */
  static readonly SQL = 'SELECT version FROM reference_data_version';
  private static readonly KEY = 'reference-data-version';

  constructor(private readonly dataSource: DataSource) {}

  current(): Promise<string> {
    return oncePerRequest(ReferenceDataVersion.KEY, async () => {
      // Named: nearly every request reads it once.
      const [row] = await preparedQuery<{ version: string }>(this.dataSource, 'reference-data-version', ReferenceDataVersion.SQL, []);
      return row.version;
    });
  }

  /** The version this request read within another statement: `current()` answers it without reading again. */
  static seen(version: string): void {
    knownThisRequest(ReferenceDataVersion.KEY, version);
  }
}

/**
 * Values loaded once per reference-data version. Every read first reads the version (a single row
 * a trigger moves with any change to the catalogue's tables), so what it returns was loaded after
 * the last change the reader could have seen: never stale, and a change made by anyone — another
 * API instance, an operator's SQL — is seen by the next read. Entries are promises, so concurrent
 * misses load once; a failed load is forgotten.
 */
class VersionedMemo {
  private version: string | null = null;
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly versions: ReferenceDataVersion) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const version = await this.versions.current();
    if (version !== this.version) {
      this.version = version;
      this.entries.clear();
    }
    let entry = this.entries.get(key) as Promise<T> | undefined;
    if (!entry) {
      entry = load();
      this.entries.set(key, entry);
      const stored = entry;
      entry.catch(() => {
        if (this.entries.get(key) === stored) this.entries.delete(key);
      });
    }
    return entry;
  }
}

/**
 * The catalogue and its country accounts, read on nearly every request, kept in memory per
 * reference-data version. The values are shared between requests: the domain treats them as
 * read-only (readonly types throughout).
 */
export class CachedCatalogue implements CatalogueRepository, CountryAccountRepository {
  private readonly memo: VersionedMemo;

  constructor(
    private readonly source: CatalogueRepository & CountryAccountRepository,
    versions: ReferenceDataVersion,
  ) {
    this.memo = new VersionedMemo(versions);
  }

  find(code: string): Promise<CountryAccount | null> {
    return this.memo.get(`account:${code}`, () => this.source.find(code));
  }

  listSuites(countryAccount: string): Promise<ProductSuite[]> {
    // A copy: the caller may sort or filter its list without touching the one kept here.
    return this.memo.get(`suites:${countryAccount}`, () => this.source.listSuites(countryAccount)).then((suites) => [...suites]);
  }

  async findSuites(references: readonly string[], countryAccount: string): Promise<ProductSuite[]> {
    if (references.length === 0) return [];
    const wanted = new Set(references);
    return (await this.listSuites(countryAccount)).filter((suite) => wanted.has(suite.reference));
  }
}

/** The customer categories (spec 1 §5's lists), kept in memory per reference-data version. */
export class CachedCustomerCategories implements CustomerCategoryRepository {
  private readonly memo: VersionedMemo;

  constructor(
    private readonly source: CustomerCategoryRepository,
    versions: ReferenceDataVersion,
  ) {
    this.memo = new VersionedMemo(versions);
  }

  list(): ReturnType<CustomerCategoryRepository['list']> {
    return this.memo.get('categories', () => this.source.list());
  }
}
