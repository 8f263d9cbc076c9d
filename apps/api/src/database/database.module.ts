import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  BASKET_REPOSITORY,
  CATALOGUE_REPOSITORY,
  CLOCK,
  COUNTRY_ACCOUNT_REPOSITORY,
  DISCOUNT_REPOSITORY,
  ID_GENERATOR,
  TAX_RATES,
  VOUCHER_REPOSITORY,
  type TaxRates,
} from '@store/application';
import {
  databaseDeadlines,
  dataSourceOptions,
  FileTaxRates,
  RandomIdGenerator,
  SystemClock,
  TypeOrmBasketRepository,
  TypeOrmCatalogueRepository,
  CachedCatalogue,
  ReferenceDataVersion,
  TypeOrmDiscountRepository,
  TypeOrmVoucherRepository,
} from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { billingAdapters } from './billing-adapters';
import { identityAdapters } from './identity-adapters';
import { paymentAdapters } from './payment-adapters';

const adapters: Provider[] = [
  { provide: TAX_RATES, useFactory: () => new FileTaxRates() },
  {
    provide: CATALOGUE_REPOSITORY,
    // Read on nearly every request: kept in memory, checked against the reference-data version.
    useFactory: (ds: DataSource, taxRates: TaxRates) => new CachedCatalogue(new TypeOrmCatalogueRepository(ds, taxRates), new ReferenceDataVersion(ds)),
    inject: [DataSource, TAX_RATES],
  },
  { provide: COUNTRY_ACCOUNT_REPOSITORY, useExisting: CATALOGUE_REPOSITORY },
  { provide: BASKET_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmBasketRepository(ds), inject: [DataSource] },
  { provide: DISCOUNT_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmDiscountRepository(ds), inject: [DataSource] },
  { provide: VOUCHER_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmVoucherRepository(ds), inject: [DataSource] },
  { provide: CLOCK, useClass: SystemClock },
  { provide: ID_GENERATOR, useClass: RandomIdGenerator },
  ...identityAdapters,
  ...billingAdapters,
  ...paymentAdapters,
];

/** The database connection and every port adapter the use cases need, available to all modules. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string, timeoutMs: number): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(databaseUrl, {}, databaseDeadlines(timeoutMs)),
          // Fail fast at start rather than retrying for minutes with an unreachable database.
          retryAttempts: 2,
          retryDelay: 500,
        }),
      ],
      providers: adapters,
      exports: adapters,
    };
  }
}
