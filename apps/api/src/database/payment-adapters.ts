import type { Provider } from '@nestjs/common';
import {
  CARD_GATEWAY_PORT,
  CARD_GATEWAY_SETTINGS,
  MERCHANT_OF_RECORD,
  MERCHANT_OF_RECORD_SETTINGS,
  type MerchantOfRecordSettings,
  PAYMENT_PORTS,
  CLOCK,
  KeepVaultedMethod,
  ListSavedMethods,
  SAVED_METHOD_REPOSITORY,
  type CardGatewayPort,
  type CardGatewaySettings,
  type Clock,
  type SavedMethodRepository,
  type PaymentPorts,
} from '@store/application';
// The domain's card gateway descriptor, named apart from the application's token for its adapter.
import { CARD_GATEWAY, enabledFeatures, MERCHANT_OF_RECORD_GATEWAY, type PayingGateway, type StoreFeature } from '@store/domain';
import {
  BraintreeCardGateway,
  DigitalRiverGateway,
  LedgeredPaymentPort,
  PostgresSavedMethodRepository,
  type LookupablePaymentPort,
} from '@store/infrastructure';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';

/** A comma-separated list of codes (countries, currencies) from the environment. */
const codeList = (list: string) => list.split(',').filter(Boolean);

/** Currency=account pairs from BRAINTREE_MERCHANT_ACCOUNTS. */
const merchantAccounts = (pairs: string): Record<string, string> =>
  Object.fromEntries(
    pairs
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );

/** The card gateway when BRAINTREE_ENVIRONMENT is set (the provider's, or the local sandbox); null otherwise. */
function cardGateway(config: AppConfig): BraintreeCardGateway | null {
  if (!config.BRAINTREE_ENVIRONMENT || !config.BRAINTREE_MERCHANT_ID || !config.BRAINTREE_PUBLIC_KEY || !config.BRAINTREE_PRIVATE_KEY) return null;
  return new BraintreeCardGateway({
    environment: config.BRAINTREE_ENVIRONMENT,
    gatewayUrl: config.BRAINTREE_GATEWAY_URL ?? null,
    merchantId: config.BRAINTREE_MERCHANT_ID,
    publicKey: config.BRAINTREE_PUBLIC_KEY,
    privateKey: config.BRAINTREE_PRIVATE_KEY,
    merchantAccounts: merchantAccounts(config.BRAINTREE_MERCHANT_ACCOUNTS),
    timeoutMs: config.BRAINTREE_TIMEOUT_MS,
    threeDSecureRequired: config.BRAINTREE_THREE_D_SECURE,
  });
}

/** The merchant of record when its keys are set (the provider's API, or the local sandbox at DIGITAL_RIVER_API_URL); null otherwise. */
function merchantOfRecord(config: AppConfig): DigitalRiverGateway | null {
  if (!config.DIGITAL_RIVER_SECRET_KEY || !config.DIGITAL_RIVER_PUBLIC_KEY) return null;
  return new DigitalRiverGateway({ apiUrl: config.DIGITAL_RIVER_API_URL, secretKey: config.DIGITAL_RIVER_SECRET_KEY, timeoutMs: config.DIGITAL_RIVER_TIMEOUT_MS });
}

/**
 * A configured gateway's adapter behind the charge ledger, registered under its key. Concurrent
 * placements wait for the one charge; an unanswered one is looked up after the gateway's own timeout.
 */
function ledgered(key: PayingGateway, adapter: LookupablePaymentPort | null, timeoutMs: number, ds: DataSource): PaymentPorts {
  return adapter ? { [key]: new LedgeredPaymentPort(key, adapter, ds, { waitMs: timeoutMs + 5000, claimTimeoutMs: timeoutMs + 10000, pollMs: 100 }) } : {};
}

/** The payment gateways' adapters, each configured from the environment. */
/** The store features that are on (spec 1 §3's enabled flags): what the page offers and the server accepts. */
export const STORE_FEATURES_ON = Symbol('StoreFeaturesOn');

export const paymentAdapters: Provider[] = [
  { provide: SAVED_METHOD_REPOSITORY, useFactory: (ds: DataSource) => new PostgresSavedMethodRepository(ds), inject: [DataSource] },
  // The saved methods as the vault knows them, and keeping what a payment vaulted: the orders, the
  // checkout and the account page share them. Their references are fresh random bytes.
  {
    provide: ListSavedMethods,
    useFactory: (saved: SavedMethodRepository, gateway: CardGatewayPort | null, clock: Clock) => new ListSavedMethods(saved, gateway, clock, { bytes: (count) => randomBytes(count) }),
    inject: [SAVED_METHOD_REPOSITORY, CARD_GATEWAY_PORT, CLOCK],
  },
  {
    provide: KeepVaultedMethod,
    useFactory: (saved: SavedMethodRepository, gateway: CardGatewayPort | null) => new KeepVaultedMethod(saved, gateway, { bytes: (count) => randomBytes(count) }),
    inject: [SAVED_METHOD_REPOSITORY, CARD_GATEWAY_PORT],
  },
  { provide: CARD_GATEWAY_PORT, useFactory: cardGateway, inject: [AppConfig] },
  {
    provide: CARD_GATEWAY_SETTINGS,
    useFactory: (config: AppConfig): CardGatewaySettings => ({
      environment: config.BRAINTREE_ENVIRONMENT === 'production' ? 'production' : 'sandbox',
      threeDSecure: config.BRAINTREE_THREE_D_SECURE,
      collectDeviceData: config.BRAINTREE_DEVICE_DATA,
      disabledApplePayCountries: codeList(config.BRAINTREE_DISABLED_APPLE_PAY_COUNTRIES),
      disabledGooglePayCountries: codeList(config.BRAINTREE_DISABLED_GOOGLE_PAY_COUNTRIES),
      disabledPayPalCountries: codeList(config.BRAINTREE_DISABLED_PAYPAL_COUNTRIES),
      googleMerchantId: config.GOOGLE_MERCHANT_ID ?? null,
      wallets: { applePay: config.BRAINTREE_APPLE_PAY, googlePay: config.BRAINTREE_GOOGLE_PAY, payPal: config.BRAINTREE_PAYPAL },
      payPalCredit: config.BRAINTREE_PAYPAL_CREDIT,
      localPayments: config.BRAINTREE_LOCAL_PAYMENTS,
      bankDebits: { sepa: config.BRAINTREE_SEPA, usBankAccount: config.BRAINTREE_US_BANK_ACCOUNT },
      retiredNetworks: { masterpass: config.BRAINTREE_MASTERPASS, visaCheckout: config.BRAINTREE_VISA_CHECKOUT, unionPay: config.BRAINTREE_UNIONPAY },
      paymentRequest: config.BRAINTREE_PAYMENT_REQUEST,
      venmo: config.BRAINTREE_VENMO,
      payPalClassic: config.BRAINTREE_PAYPAL_CLASSIC,
      payPalClassicCurrencies: codeList(config.BRAINTREE_PAYPAL_CLASSIC_CURRENCIES),
      scriptLoadTimeoutMs: config.SCRIPT_LOAD_TIMEOUT_MS,
      merchantAccounts: merchantAccounts(config.BRAINTREE_MERCHANT_ACCOUNTS),
    }),
    inject: [AppConfig],
  },
  { provide: MERCHANT_OF_RECORD, useFactory: merchantOfRecord, inject: [AppConfig] },
  {
    provide: MERCHANT_OF_RECORD_SETTINGS,
    useFactory: (config: AppConfig): MerchantOfRecordSettings | null =>
      config.DIGITAL_RIVER_PUBLIC_KEY
        ? {
            publicApiKey: config.DIGITAL_RIVER_PUBLIC_KEY,
            scriptUrl: config.DIGITAL_RIVER_JS_URL,
            mountTimeoutMs: config.DIGITAL_RIVER_MOUNT_TIMEOUT_MS,
            scriptLoadTimeoutMs: config.SCRIPT_LOAD_TIMEOUT_MS,
          }
        : null,
    inject: [AppConfig],
  },
  {
    provide: PAYMENT_PORTS,
    // One line per gateway: its key, its adapter, its timeout.
    useFactory: (gateway: BraintreeCardGateway | null, merchant: DigitalRiverGateway | null, ds: DataSource, config: AppConfig): PaymentPorts => ({
      ...ledgered(CARD_GATEWAY.key, gateway, config.BRAINTREE_TIMEOUT_MS, ds),
      ...ledgered(MERCHANT_OF_RECORD_GATEWAY.key, merchant, config.DIGITAL_RIVER_TIMEOUT_MS, ds),
    }),
    inject: [CARD_GATEWAY_PORT, MERCHANT_OF_RECORD, DataSource, AppConfig],
  },
  {
    provide: STORE_FEATURES_ON,
    useFactory: (cardGateway: unknown, settings: CardGatewaySettings): readonly StoreFeature[] =>
      enabledFeatures({
        cardGateway: cardGateway !== null,
        applePay: settings.wallets.applePay,
        googlePay: settings.wallets.googlePay,
        payPal: settings.wallets.payPal,
        localPayments: settings.localPayments === true,
        sepa: settings.bankDebits?.sepa === true,
        usBankAccount: settings.bankDebits?.usBankAccount === true,
        masterpass: settings.retiredNetworks?.masterpass === true,
        visaCheckout: settings.retiredNetworks?.visaCheckout === true,
        unionPay: settings.retiredNetworks?.unionPay === true,
        paymentRequest: settings.paymentRequest === true,
        venmo: settings.venmo === true,
        deviceData: settings.collectDeviceData,
      }),
    inject: [CARD_GATEWAY_PORT, CARD_GATEWAY_SETTINGS],
  },
];
