import { Module } from '@nestjs/common';
import {
  AddToBasket,
  BASKET_REPOSITORY,
  BasketReader,
  CATALOGUE_REPOSITORY,
  COUNTRY_ACCOUNT_REPOSITORY,
  GetBasket,
  ID_GENERATOR,
  type BasketRepository,
  type CatalogueRepository,
  type CountryAccountRepository,
  type IdGenerator,
} from '@store/application';
import { BasketController } from './basket.controller';

@Module({
  controllers: [BasketController],
  providers: [
    {
      provide: BasketReader,
      useFactory: (catalogue: CatalogueRepository, accounts: CountryAccountRepository) => new BasketReader(catalogue, accounts),
      inject: [CATALOGUE_REPOSITORY, COUNTRY_ACCOUNT_REPOSITORY],
    },
    {
      provide: GetBasket,
      useFactory: (baskets: BasketRepository, reader: BasketReader) => new GetBasket(baskets, reader),
      inject: [BASKET_REPOSITORY, BasketReader],
    },
    {
      provide: AddToBasket,
      useFactory: (baskets: BasketRepository, catalogue: CatalogueRepository, reader: BasketReader, ids: IdGenerator) =>
        new AddToBasket(baskets, catalogue, reader, ids),
      inject: [BASKET_REPOSITORY, CATALOGUE_REPOSITORY, BasketReader, ID_GENERATOR],
    },
  ],
  exports: [GetBasket, BasketReader],
})
export class BasketModule {}
