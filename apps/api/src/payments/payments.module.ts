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
  CLOCK,
  GetCardCheckout,
  GetSavedCard,
  GetSavedPayPalAccount,
  GetSavedVenmoAccount,
  ListSavedBankAccounts,
  RemoveSavedBankAccount,
  PAYMENT_STATE_REPOSITORY,
  RemoveSavedCard,
  RemoveSavedPayPalAccount,
  RemoveSavedVenmoAccount,
  SAVED_CARD_REPOSITORY,
  SAVED_BANK_ACCOUNT_REPOSITORY,
  SAVED_PAYPAL_REPOSITORY,
  SAVED_VENMO_REPOSITORY,
  SHIPPING_ADDRESS_REPOSITORY,
  type BasketRepository,
  type CardGatewayPort,
  type CardGatewaySettings,
  type Clock,
  type PaymentStateRepository,
  type SavedCardRepository,
  type SavedBankAccountRepository,
  type SavedPayPalRepository,
  type SavedVenmoRepository,
  type ShippingAddressRepository,
} from '@store/application';
import { DomainError } from '@store/domain';
import { BasketModule } from '../basket/basket.module';
import { TaxExemptionModule } from '../tax-exemption/tax-exemption.module';
import { MerchantOfRecordActions } from './merchant-of-record-actions';
import { CardCheckoutController } from './card-checkout.controller';
import { BraintreeWebhooksModule } from './braintree/braintree-webhooks.module';
import { PayPalVaultModule } from './paypal-vault/paypal-vault.module';

/** A card gateway that answers every call with 'payment methods unavailable', when none is configured. */
const unconfiguredGateway: CardGatewayPort = {
  clientToken: () => Promise.reject(new DomainError('PAYMENT_METHODS_UNAVAILABLE')),
  findCard: () => Promise.resolve(null),
  findPayPalAccount: () => Promise.resolve(null),
  findVenmoAccount: () => Promise.resolve(null),
  deletePaymentMethod: () => Promise.resolve(),
};

@Module({
  imports: [BasketModule, TaxExemptionModule, BraintreeWebhooksModule, PayPalVaultModule],
  controllers: [CardCheckoutController],
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
        states: PaymentStateRepository,
        gateway: CardGatewayPort | null,
        savedCards: SavedCardRepository,
        savedPayPal: SavedPayPalRepository,
        settings: CardGatewaySettings,
        clock: Clock,
        savedBankAccounts: SavedBankAccountRepository,
        savedVenmo: SavedVenmoRepository,
      ) => new GetCardCheckout(baskets, reader, states, gateway ?? unconfiguredGateway, savedCards, savedPayPal, settings, clock, savedBankAccounts, savedVenmo),
      inject: [
        BASKET_REPOSITORY,
        BasketReader,
        PAYMENT_STATE_REPOSITORY,
        CARD_GATEWAY_PORT,
        SAVED_CARD_REPOSITORY,
        SAVED_PAYPAL_REPOSITORY,
        CARD_GATEWAY_SETTINGS,
        CLOCK,
        SAVED_BANK_ACCOUNT_REPOSITORY,
        SAVED_VENMO_REPOSITORY,
      ],
    },
    { provide: GetSavedVenmoAccount, useFactory: (saved: SavedVenmoRepository) => new GetSavedVenmoAccount(saved), inject: [SAVED_VENMO_REPOSITORY] },
    {
      provide: RemoveSavedVenmoAccount,
      useFactory: (saved: SavedVenmoRepository, gateway: CardGatewayPort | null) => new RemoveSavedVenmoAccount(saved, gateway),
      inject: [SAVED_VENMO_REPOSITORY, CARD_GATEWAY_PORT],
    },
    {
      provide: GetSavedCard,
      useFactory: (savedCards: SavedCardRepository, clock: Clock) => new GetSavedCard(savedCards, clock),
      inject: [SAVED_CARD_REPOSITORY, CLOCK],
    },
    {
      provide: RemoveSavedCard,
      useFactory: (savedCards: SavedCardRepository, gateway: CardGatewayPort | null) => new RemoveSavedCard(savedCards, gateway),
      inject: [SAVED_CARD_REPOSITORY, CARD_GATEWAY_PORT],
    },
    { provide: ListSavedBankAccounts, useFactory: (saved: SavedBankAccountRepository) => new ListSavedBankAccounts(saved), inject: [SAVED_BANK_ACCOUNT_REPOSITORY] },
    {
      provide: RemoveSavedBankAccount,
      useFactory: (saved: SavedBankAccountRepository, gateway: CardGatewayPort | null) => new RemoveSavedBankAccount(saved, gateway),
      inject: [SAVED_BANK_ACCOUNT_REPOSITORY, CARD_GATEWAY_PORT],
    },
    { provide: GetSavedPayPalAccount, useFactory: (saved: SavedPayPalRepository) => new GetSavedPayPalAccount(saved), inject: [SAVED_PAYPAL_REPOSITORY] },
    {
      provide: RemoveSavedPayPalAccount,
      useFactory: (saved: SavedPayPalRepository, gateway: CardGatewayPort | null) => new RemoveSavedPayPalAccount(saved, gateway),
      inject: [SAVED_PAYPAL_REPOSITORY, CARD_GATEWAY_PORT],
    },
  ],
  exports: [MerchantOfRecordActions],
})
export class PaymentsModule {}
