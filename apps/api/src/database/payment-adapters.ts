import type { Provider } from '@nestjs/common';
import {
  CARD_GATEWAY,
  CARD_GATEWAY_SETTINGS,
  PAYMENT_PORTS,
  SAVED_CARD_REPOSITORY,
  SAVED_PAYPAL_REPOSITORY,
  type CardGatewaySettings,
  type PaymentPorts,
} from '@store/application';
import { BraintreeCardGateway, LedgeredPaymentPort, TypeOrmSavedCardRepository, TypeOrmSavedPayPalRepository } from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';

const countries = (list: string) => list.split(',').filter(Boolean);

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

/** The payment gateways' adapters, each configured from the environment. */
export const paymentAdapters: Provider[] = [
  { provide: SAVED_CARD_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmSavedCardRepository(ds), inject: [DataSource] },
  { provide: SAVED_PAYPAL_REPOSITORY, useFactory: (ds: DataSource) => new TypeOrmSavedPayPalRepository(ds), inject: [DataSource] },
  { provide: CARD_GATEWAY, useFactory: cardGateway, inject: [AppConfig] },
  {
    provide: CARD_GATEWAY_SETTINGS,
    useFactory: (config: AppConfig): CardGatewaySettings => ({
      environment: config.BRAINTREE_ENVIRONMENT === 'production' ? 'production' : 'sandbox',
      threeDSecure: config.BRAINTREE_THREE_D_SECURE,
      collectDeviceData: config.BRAINTREE_DEVICE_DATA,
      disabledApplePayCountries: countries(config.BRAINTREE_DISABLED_APPLE_PAY_COUNTRIES),
      disabledGooglePayCountries: countries(config.BRAINTREE_DISABLED_GOOGLE_PAY_COUNTRIES),
      disabledPayPalCountries: countries(config.BRAINTREE_DISABLED_PAYPAL_COUNTRIES),
      googleMerchantId: config.GOOGLE_MERCHANT_ID ?? null,
      wallets: { applePay: config.BRAINTREE_APPLE_PAY, googlePay: config.BRAINTREE_GOOGLE_PAY, payPal: config.BRAINTREE_PAYPAL },
    }),
    inject: [AppConfig],
  },
  {
    provide: PAYMENT_PORTS,
    useFactory: (gateway: BraintreeCardGateway | null, ds: DataSource, config: AppConfig): PaymentPorts =>
      gateway
        ? {
            // Concurrent placements wait for the one charge; an unanswered one is looked up after the gateway's own timeout.
            braintree: new LedgeredPaymentPort('braintree', gateway, ds, {
              waitMs: config.BRAINTREE_TIMEOUT_MS + 5000,
              claimTimeoutMs: config.BRAINTREE_TIMEOUT_MS + 10000,
              pollMs: 100,
            }),
          }
        : {},
    inject: [CARD_GATEWAY, DataSource, AppConfig],
  },
];
