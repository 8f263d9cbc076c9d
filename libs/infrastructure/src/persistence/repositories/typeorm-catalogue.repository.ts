import type { CatalogueRepository, CountryAccountRepository, TaxRates } from '@store/application';
import type { CountryAccount, ProductSuite } from '@store/domain';
import type { DataSource } from 'typeorm';
import { CountryAccountRecord, ProductSuiteRecord } from '../entities';
import { toCountryAccount, toSuite } from './catalogue.mapper';

export class TypeOrmCatalogueRepository implements CatalogueRepository, CountryAccountRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly taxRates: TaxRates,
  ) {}

  async find(code: string): Promise<CountryAccount | null> {
    const record = await this.dataSource.getRepository(CountryAccountRecord).findOneBy({ code });
    return record ? toCountryAccount(record, this.taxRates) : null;
  }

  listSuites(countryAccount: string): Promise<ProductSuite[]> {
    return this.querySuites(countryAccount, null);
  }

  findSuites(references: readonly string[], countryAccount: string): Promise<ProductSuite[]> {
    if (references.length === 0) return Promise.resolve([]);
    return this.querySuites(countryAccount, references);
  }

  /** Suites with the products priced in the account; a suite with none is not on sale there. */
  private async querySuites(countryAccount: string, references: readonly string[] | null): Promise<ProductSuite[]> {
    const account = await this.find(countryAccount);
    if (!account) return [];
    const query = this.dataSource
      .getRepository(ProductSuiteRecord)
      .createQueryBuilder('suite')
      .innerJoinAndSelect('suite.products', 'product')
      .innerJoinAndSelect('product.prices', 'price', 'price.country_account_code = :account', { account: account.code })
      .leftJoinAndSelect('suite.included', 'included')
      .leftJoinAndSelect('included.product', 'included_product')
      .leftJoinAndSelect('included_product.prices', 'included_price', 'included_price.country_account_code = :account')
      .orderBy('suite.sort_order')
      .addOrderBy('suite.reference')
      .addOrderBy('product.sort_order')
      .addOrderBy('included.sort_order');
    if (references) query.where('suite.reference IN (:...references)', { references: [...references] });
    const records = await query.getMany();
    return records.map((record) => toSuite(record, account));
  }
}
