import { Module } from '@nestjs/common';
import {
  AddToBasket,
  BASKET_REPOSITORY,
  BasketReader,
  BILLING_REPOSITORY,
  CATALOGUE_REPOSITORY,
  CLOCK,
  COUNTRY_ACCOUNT_REPOSITORY,
  DISCOUNT_REPOSITORY,
  EditBasket,
  GetBasket,
  ID_GENERATOR,
  VOUCHER_REPOSITORY,
  TAX_RATES,
  type BasketRepository,
  type BillingRepository,
  type CatalogueRepository,
  type Clock,
  type CountryAccountRepository,
  type DiscountRepository,
  type IdGenerator,
  type VoucherRepository,
  type TaxRates,
} from '@store/application';
import { EmailVerificationModule } from '../identity/email-verification.module';
import { BasketActions } from './basket-actions';
import { BasketController } from './basket.controller';

@Module({
  imports: [EmailVerificationModule],
  controllers: [BasketController],
  providers: [
    {
      provide: BasketReader,
      useFactory: (
        catalogue: CatalogueRepository,
        accounts: CountryAccountRepository,
        baskets: BasketRepository,
        discounts: DiscountRepository,
        clock: Clock,
        vouchers: VoucherRepository,
        taxRates: TaxRates,
        billing: BillingRepository,
      ) => new BasketReader(catalogue, accounts, baskets, discounts, clock, vouchers, taxRates, billing),
      inject: [CATALOGUE_REPOSITORY, COUNTRY_ACCOUNT_REPOSITORY, BASKET_REPOSITORY, DISCOUNT_REPOSITORY, CLOCK, VOUCHER_REPOSITORY, TAX_RATES, BILLING_REPOSITORY],
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
    {
      provide: EditBasket,
      useFactory: (baskets: BasketRepository, catalogue: CatalogueRepository, reader: BasketReader) => new EditBasket(baskets, catalogue, reader),
      inject: [BASKET_REPOSITORY, CATALOGUE_REPOSITORY, BasketReader],
    },
    BasketActions,
  ],
  exports: [GetBasket, BasketReader, BasketActions],
})
export class BasketModule {}
