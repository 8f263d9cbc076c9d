import type { CountryAccount, ProductSuite } from '@store/domain';
import type { CatalogueRepository, CountryAccountRepository } from '../catalogue/catalogue.ports';

export class InMemoryCatalogue implements CatalogueRepository, CountryAccountRepository {
  constructor(
    private readonly suitesByAccount: ReadonlyMap<string, readonly ProductSuite[]>,
    private readonly accounts: readonly CountryAccount[],
  ) {}

  async listSuites(countryAccount: string): Promise<ProductSuite[]> {
    return [...(this.suitesByAccount.get(countryAccount) ?? [])];
  }

  async findSuites(references: readonly string[], countryAccount: string): Promise<ProductSuite[]> {
    return (this.suitesByAccount.get(countryAccount) ?? []).filter((suite) => references.includes(suite.reference));
  }

  async find(code: string): Promise<CountryAccount | null> {
    return this.accounts.find((account) => account.code === code) ?? null;
  }
}
