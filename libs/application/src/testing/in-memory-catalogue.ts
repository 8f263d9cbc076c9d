import { normaliseDiscountCode, type CountryAccount, type DiscountCode, type ProductSuite } from '@store/domain';
import type { DiscountRepository } from '../basket/discount.ports';
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

export class InMemoryDiscounts implements DiscountRepository {
  readonly redemptions: { code: string; customerId: string }[] = [];
  constructor(readonly codes: DiscountCode[] = []) {}
  async find(code: string) {
    return this.codes.find((candidate) => candidate.code === normaliseDiscountCode(code)) ?? null;
  }
  async redemptionsBy(code: string, customerId: string) {
    return this.redemptions.filter((redemption) => redemption.code === code && redemption.customerId === customerId).length;
  }
}
