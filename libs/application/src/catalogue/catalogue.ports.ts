import type { CountryAccount, ProductSuite } from '@store/domain';

export interface CatalogueRepository {
  /** Every suite on sale in the account, with prices in its currency, in display order. */
  listSuites(countryAccount: string): Promise<ProductSuite[]>;
  /** The suites with these references, priced for the account; missing ones are left out. */
  findSuites(references: readonly string[], countryAccount: string): Promise<ProductSuite[]>;
}
export const CATALOGUE_REPOSITORY = Symbol('CatalogueRepository');

export interface CountryAccountRepository {
  find(code: string): Promise<CountryAccount | null>;
}
export const COUNTRY_ACCOUNT_REPOSITORY = Symbol('CountryAccountRepository');
