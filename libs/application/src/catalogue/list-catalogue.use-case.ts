import { DomainError, err, ok, type CountryAccount, type ProductSuite, type Result } from '@store/domain';
import type { CatalogueRepository, CountryAccountRepository } from './catalogue.ports';

export interface CatalogueView {
  readonly countryAccount: CountryAccount;
  readonly suites: readonly ProductSuite[];
}

export class ListCatalogue {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly accounts: CountryAccountRepository,
  ) {}

  async execute(countryAccountCode: string): Promise<Result<CatalogueView, DomainError>> {
    const countryAccount = await this.accounts.find(countryAccountCode);
    if (!countryAccount) return err(new DomainError('NOT_FOUND', { message: 'This store does not sell in that country' }));
    return ok({ countryAccount, suites: await this.catalogue.listSuites(countryAccount.code) });
  }
}
