import { DomainError, err, viewBasket, type Basket, type BasketView, type Result } from '@store/domain';
import type { CatalogueRepository, CountryAccountRepository } from '../catalogue/catalogue.ports';

/** Turns a stored basket into the priced view, loading what the lines point at. */
export class BasketReader {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly accounts: CountryAccountRepository,
  ) {}

  async view(basket: Basket): Promise<Result<BasketView, DomainError>> {
    const account = await this.accounts.find(basket.countryAccount);
    if (!account) return err(new DomainError('BASKET_NOT_FOUND'));
    const suites = await this.catalogue.findSuites(
      [...new Set(basket.lines.map((line) => line.suiteReference))],
      basket.countryAccount,
    );
    return viewBasket(basket, account, new Map(suites.map((suite) => [suite.reference, suite])));
  }
}
