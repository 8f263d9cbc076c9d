import { Module } from '@nestjs/common';
import {
  CATALOGUE_REPOSITORY,
  COUNTRY_ACCOUNT_REPOSITORY,
  ListCatalogue,
  type CatalogueRepository,
  type CountryAccountRepository,
} from '@store/application';
import { CatalogueController } from './catalogue.controller';

@Module({
  controllers: [CatalogueController],
  providers: [
    {
      provide: ListCatalogue,
      useFactory: (catalogue: CatalogueRepository, accounts: CountryAccountRepository) => new ListCatalogue(catalogue, accounts),
      inject: [CATALOGUE_REPOSITORY, COUNTRY_ACCOUNT_REPOSITORY],
    },
  ],
})
export class CatalogueModule {}
