import { defaultMerchantAccount } from '../context';
import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import type { ClientTokenRecord } from '../store';
import { signJwt } from './jwt';
import { walletConfiguration } from './wallet-configuration';
import { venmoConfiguration } from '../venmo/configuration';
import { visaCheckoutConfiguration } from '../visa-checkout/visa-checkout';

export const SUPPORTED_CARD_TYPES = ['Visa', 'MasterCard', 'American Express', 'Maestro', 'Discover', 'JCB', 'UnionPay'] as const;

/** The sandbox's own Cardinal Songbird stand-in (assets/songbird), in place of Cardinal's script. */
export const songbirdUrl = (context: SandboxContext) => `${context.config.assetsOrigin}/__sandbox/songbird.js`;

/**
 * The gateway configuration braintree-web turns into `gatewayConfiguration`. Every URL is on the
 * provider's own https domains (braintree-web refuses others); the harness maps them to the sandbox.
 * The wallets (PayPal, Apple Pay, Google Pay) are on, for the token's merchant account currency.
 */
export function configurationFor(context: SandboxContext, token: ClientTokenRecord) {
  const { config } = context;
  const clientApiUrl = `${config.clientApiOrigin}/merchants/${config.merchantId}/client_api`;
  const threeDSecure = {
    cardinalAuthenticationJWT: signJwt(context.store, { iss: 'payment-sandbox', OrgUnitId: config.merchantId, jti: randomUUID() }),
    cardinalSongbirdUrl: songbirdUrl(context),
  };
  return {
    configUrl: `${clientApiUrl}/v1/configuration`,
    clientApiUrl,
    assetsUrl: config.assetsOrigin,
    environment: 'sandbox',
    merchantId: config.merchantId,
    challenges: ['cvv', 'postal_code'],
    analytics: { url: `https://origin-analytics-sand.sandbox.braintree-api.com/${config.merchantId}` },
    creditCards: {
      supportedCardTypes: [...SUPPORTED_CARD_TYPES],
      collectDeviceData: false,
      supportedGateways: [{ name: 'clientApi' }],
    },
    threeDSecureEnabled: true,
    threeDSecure,
    // Newer braintree-web reads the GraphQL-shaped place; answering both keeps an upgrade working.
    creditCard: { threeDSecure },
    venmo: 'off',
    ...venmoConfiguration(context, token),
    // Masterpass (ours: the merchant checkout id is made up; the wallet page is the sandbox's own).
    masterpass: { merchantCheckoutId: `${config.merchantId}_masterpass`, supportedNetworks: ['visa', 'master'] },
    // Visa Checkout (ours: made-up identifiers; Visa's sdk.js and lightbox are the sandbox's own).
    visaCheckout: visaCheckoutConfiguration(config),
    // UnionPay's SMS enrollment for the cards UnionPay's own rails take (ours: README's UnionPay cards).
    unionPay: { enabled: true, merchantAccountId: token.merchantAccountId ?? defaultMerchantAccount(config) },
    // US bank account (ACH) with bank details; no Plaid, so bank login is not enabled (as the provider's without it).
    usBankAccount: { routeId: `${config.merchantId}_ach_route`, plaid: null },
    ...walletConfiguration(context, token),
  };
}
