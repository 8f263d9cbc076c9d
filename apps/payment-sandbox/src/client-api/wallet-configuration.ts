import { defaultMerchantAccount } from '../context';
import type { SandboxContext } from '../context';
import type { ClientTokenRecord } from '../store';
import { signJwt } from './jwt';

/** The provider's GraphQL endpoint for the sandbox environment (braintree-web's GRAPHQL_URLS.sandbox). */
export const GRAPHQL_URL = 'https://payments.sandbox.braintree-api.com/graphql';

/** Ours: a sandbox-looking PayPal REST client id (the provider's are opaque 80-character strings). */
export const paypalClientIdOf = (merchantId: string) => `sb-${merchantId.replace(/[^A-Za-z0-9]/g, '')}-paypal-sandbox-client-id`;

/** The networks every wallet takes, spelled as the configuration spells them. */
const WALLET_NETWORKS = ['visa', 'mastercard', 'amex', 'discover'];

/** The token's merchant account currency, else the default account's. */
function currencyOf(context: SandboxContext, token: ClientTokenRecord): string {
  const accounts = context.config.merchantAccounts;
  const account = token.merchantAccountId && Object.hasOwn(accounts, token.merchantAccountId) ? token.merchantAccountId : Object.keys(accounts)[0];
  return accounts[account];
}

/**
 * Google Pay's gateway credential: Google hands it back when it asks the gateway to tokenize.
 * Ours: a JWT the sandbox signs (the provider's is its own signed token), naming the client token,
 * so the Google Pay stand-in's tokenization knows the customer and refuses a forged one.
 */
export const googleAuthorizationFingerprintOf = (context: SandboxContext, token: ClientTokenRecord) =>
  signJwt(context.store, { iss: 'payment-sandbox', purpose: 'google-pay', merchantId: context.config.merchantId, fingerprint: token.fingerprint });

/**
 * The wallet blocks of the gateway configuration, shaped as braintree-web 3.124.0 reads them
 * (paypal-checkout, apple-pay, google-payment, and the GraphQL block).
 */
export function walletConfiguration(context: SandboxContext, token: ClientTokenRecord) {
  const { config } = context;
  const currency = currencyOf(context, token);
  return {
    paypalEnabled: true,
    paypal: {
      clientId: paypalClientIdOf(config.merchantId),
      displayName: config.displayName,
      // braintree-web loads its PayPal dispatch frame from here (the provider's value).
      assetsUrl: 'https://checkout.paypal.com',
      environment: 'sandbox',
      // false: a sandbox merchant with a linked PayPal sandbox account (true gives PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED).
      environmentNoNetwork: false,
      unvettedMerchant: false,
      allowHttp: false,
      billingAgreementsEnabled: true,
      merchantAccountId: token.merchantAccountId ?? defaultMerchantAccount(config),
      currencyIsoCode: currency,
      payeeEmail: null,
    },
    applePayWeb: {
      merchantIdentifier: config.applePayMerchantIdentifier,
      supportedNetworks: WALLET_NETWORKS,
      // Ours: the store sells from the UK.
      countryCode: 'GB',
      currencyCode: currency,
    },
    androidPay: {
      enabled: true,
      displayName: config.displayName,
      environment: 'sandbox',
      googleAuthorizationFingerprint: googleAuthorizationFingerprintOf(context, token),
      // No paypalClientId: Google Pay then offers cards only (with one, braintree-web adds PayPal to Google's sheet).
      supportedNetworks: WALLET_NETWORKS,
    },
    // Ours: no features, so braintree-web keeps tokenization and the configuration on the client API;
    // only its graphQLApi calls (preferred payment methods) reach GraphQL. No `date`: that is a client token field.
    graphQL: { url: GRAPHQL_URL, features: [] as string[] },
  };
}
