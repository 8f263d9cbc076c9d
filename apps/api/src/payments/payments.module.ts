import { Module } from '@nestjs/common';
import {
  BASKET_REPOSITORY,
  BILLING_REPOSITORY,
  FILE_STORAGE,
  MERCHANT_OF_RECORD,
  MERCHANT_OF_RECORD_SETTINGS,
  MerchantCheckout,
  TAX_CERTIFICATE_REPOSITORY,
  type BasketCertificates,
  type BillingRepository,
  type FileStorage,
  type MerchantOfRecordPort,
  type MerchantOfRecordSettings,
  BasketReader,
  CARD_GATEWAY_PORT,
  CARD_GATEWAY_SETTINGS,
  GetCardCheckout,
  ListSavedMethods,
  MakeSavedMethodDefault,
  PAYMENT_STATE_REPOSITORY,
  RemoveSavedMethod,
  SAVED_METHOD_REPOSITORY,
  SHIPPING_ADDRESS_REPOSITORY,
  type BasketRepository,
  type CardGatewayPort,
  type CardGatewaySettings,
  type PaymentStateRepository,
  type SavedMethodRepository,
  type ShippingAddressRepository,
} from '@store/application';
import { DomainError } from '@store/domain';
import { BasketModule } from '../basket/basket.module';
import { TaxExemptionModule } from '../tax-exemption/tax-exemption.module';
import { MerchantOfRecordActions } from './merchant-of-record-actions';
import { CardCheckoutController } from './card-checkout.controller';
import { SavedMethodsController } from './saved-methods.controller';
import { BraintreeWebhooksModule } from './braintree/braintree-webhooks.module';
import { PayPalVaultModule } from './paypal-vault/paypal-vault.module';

/** A card gateway that answers every call with 'payment methods unavailable', when none is configured. */
const unconfiguredGateway: CardGatewayPort = {
  clientToken: () => Promise.reject(new DomainError('PAYMENT_METHODS_UNAVAILABLE')),
  vaultedMethods: () => Promise.reject(new DomainError('PAYMENT_METHODS_UNAVAILABLE')),
  makeDefault: () => Promise.reject(new DomainError('PAYMENT_METHODS_UNAVAILABLE')),
  deletePaymentMethod: () => Promise.reject(new DomainError('PAYMENT_METHODS_UNAVAILABLE')),
};

@Module({
  imports: [BasketModule, TaxExemptionModule, BraintreeWebhooksModule, PayPalVaultModule],
  controllers: [CardCheckoutController, SavedMethodsController],
  providers: [
    {
      provide: MerchantCheckout,
      useFactory: (
        baskets: BasketRepository,
        reader: BasketReader,
        billing: BillingRepository,
        states: PaymentStateRepository,
        certificates: BasketCertificates,
        files: FileStorage,
        provider: MerchantOfRecordPort | null,
        settings: MerchantOfRecordSettings | null,
        shipping: ShippingAddressRepository,
      ) => new MerchantCheckout(baskets, reader, billing, states, certificates, files, provider, settings, shipping),
      inject: [
        BASKET_REPOSITORY,
        BasketReader,
        BILLING_REPOSITORY,
        PAYMENT_STATE_REPOSITORY,
        TAX_CERTIFICATE_REPOSITORY,
        FILE_STORAGE,
        MERCHANT_OF_RECORD,
        MERCHANT_OF_RECORD_SETTINGS,
        SHIPPING_ADDRESS_REPOSITORY,
      ],
    },
    MerchantOfRecordActions,
    {
      provide: GetCardCheckout,
      useFactory: (
        baskets: BasketRepository,
        reader: BasketReader,
        paymentStates: PaymentStateRepository,
        billing: BillingRepository,
        gateway: CardGatewayPort | null,
        savedMethods: ListSavedMethods,
        settings: CardGatewaySettings,
      ) => new GetCardCheckout({ baskets, reader, paymentStates, billing, gateway: gateway ?? unconfiguredGateway, savedMethods, settings }),
      inject: [BASKET_REPOSITORY, BasketReader, PAYMENT_STATE_REPOSITORY, BILLING_REPOSITORY, CARD_GATEWAY_PORT, ListSavedMethods, CARD_GATEWAY_SETTINGS],
    },
    {
      provide: MakeSavedMethodDefault,
      useFactory: (list: ListSavedMethods, saved: SavedMethodRepository, gateway: CardGatewayPort | null) => new MakeSavedMethodDefault(list, saved, gateway ?? unconfiguredGateway),
      inject: [ListSavedMethods, SAVED_METHOD_REPOSITORY, CARD_GATEWAY_PORT],
    },
    {
      provide: RemoveSavedMethod,
      useFactory: (list: ListSavedMethods, saved: SavedMethodRepository, gateway: CardGatewayPort | null) => new RemoveSavedMethod(list, saved, gateway ?? unconfiguredGateway),
      inject: [ListSavedMethods, SAVED_METHOD_REPOSITORY, CARD_GATEWAY_PORT],
    },
  ],
  exports: [MerchantOfRecordActions],
})
export class PaymentsModule {}
