import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  BASKET_REPOSITORY,
  CATALOGUE_REPOSITORY,
  CLOCK,
  COUNTRY_ACCOUNT_REPOSITORY,
  ID_GENERATOR,
} from '@store/application';
import {
  dataSourceOptions,
  RandomIdGenerator,
  SystemClock,
  TypeOrmBasketRepository,
  TypeOrmCatalogueRepository,
} from '@store/infrastructure';
import { DataSource } from 'typeorm';

const adapters: Provider[] = [
  { provide: CATALOGUE_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmCatalogueRepository(ds), inject: [DataSource] },
  { provide: COUNTRY_ACCOUNT_REPOSITORY, useExisting: CATALOGUE_REPOSITORY },
  { provide: BASKET_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmBasketRepository(ds), inject: [DataSource] },
  { provide: CLOCK, useClass: SystemClock },
  { provide: ID_GENERATOR, useClass: RandomIdGenerator },
];

/** The database connection and every port adapter the use cases need, available to all modules. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(databaseUrl),
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
