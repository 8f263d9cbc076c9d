import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { assetRoutes } from './assets';
import { clientApiRoutes } from './client-api';
import { masterpassRoutes } from './masterpass/masterpass';
import { visaCheckoutRoutes } from './visa-checkout/visa-checkout';
import { unionPayRoutes } from './unionpay/unionpay';
import type { RouteHandler, SandboxConfig, SandboxContext } from './context';
import type { NamedAccountSource } from './account';
import { controlRoutes } from './control/routes';
import { disputeControlRoutes } from './control/disputes';
import { gatewayRoutes } from './gateway/routes';
import { handlerFor, keepIdleConnectionsOpen, listen, startServer } from './server';
import { generateCertificate, type SandboxCertificate } from './tls';
import { walletRoutes } from './wallets/routes';
import { payPalVaultInitiatedRoutes } from './wallets/paypal-vault-initiated';
import { expireOverdue } from './local-payments/payments';
import { localPaymentPageRoutes } from './local-payments/pages';
import { webhookControlRoutes } from './webhooks/control';
import { WebhookDispatcher } from './webhooks/deliveries';
import { bankDebitControlRoutes } from './bank-debits/control';
import { sepaMandatePageRoutes } from './bank-debits/pages';
import { settleDueDebits } from './bank-debits/settlement';
import { venmoRoutes } from './venmo/routes';

export { accountFromEnvironment, AccountConfigurationError, ACCOUNT_ENVIRONMENT, AVS_RULE_CODES, CVV_RULE_CODES, type AccountKeys, type AccountRules, type SandboxAccount } from './account';
export { DEFAULT_CONFIG, type RouteHandler, type SandboxConfig, type SandboxContext, type SandboxRequest } from './context';
export type {
  CardRecord,
  ChallengeRecord,
  ClientTokenRecord,
  CustomerRecord,
  ForcedOutcomes,
  NonceRecord,
  PaymentMethodRecord,
  PayPalDetails,
  PayPalOrderRecord,
  PreferredPaymentMethods,
  SandboxState,
  ThreeDSecureInfo,
  TransactionRecord,
  TransactionStatus,
  VaultedPayPalAccount,
} from './store';
export { SandboxStore } from './store';
export * from './test-values';
export { FAKE_NONCE_VALUES } from './gateway/fake-nonces';
export { routedHosts, spkiSha256Base64, type SandboxCertificate } from './tls';
export { controlRoutes, type TransactionSummary } from './control/routes';
export { gatewayRoutes } from './gateway/routes';
export { cardRecord, type CardInput } from './gateway/cards';
export { signPayload, WEBHOOK_KINDS, type WebhookKind } from './webhooks/notifications';
export type { LocalPaymentRecord, WebhookDeliveryRecord, WebhookSettings, BankAccountDetails, SepaMandateRecord } from './store';
// SEPA and US bank account (ACH) debits through the same HTTP steps braintree-web and the payer take, for server-side tests.
export { sepaNonce, usBankAccountNonce, startSepaMandate, answerMandatePage, tokenizeUsBankAccountCall, type SepaStart, type UsBankAccountStart } from './bank-debits/flows';
export { ibanProblem, routingNumberValid } from './bank-debits/validation';
// Wallet and vault manager nonces through the same HTTP steps the browser takes, for server-side tests without one.
export { applePayNonce, googlePayNonce, paypalNonce, savedPaymentMethods, type PayPalNonceOptions, type WalletFlowTarget } from './wallets/wallet-flows';
export { venmoNonce } from './venmo/flows';

export interface BraintreeSandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback by default. */
  host?: string;
  /** null (the default): no HTTPS listener; 0: any free port. */
  tlsPort?: number | null;
  /** A file that keeps the state across restarts; null keeps it in memory. */
  stateFile?: string | null;
  config?: Partial<SandboxConfig>;
  /**
   * Where the account (merchant id, keys, merchant accounts) may come from below `config`: the
   * command line's flags, then the environment. The state file's account and the defaults come after.
   */
  accountSources?: readonly NamedAccountSource[];
}

export interface RunningBraintreeSandbox {
  /** `http://127.0.0.1:PORT`: what the server SDK and the tests talk to. */
  readonly url: string;
  readonly port: number;
  /** The HTTPS port a browser reaches under the provider's hostnames, or null. */
  readonly tlsPort: number | null;
  readonly context: SandboxContext;
  readonly config: SandboxConfig;
  readonly certificate: SandboxCertificate | null;
  close(): Promise<void>;
}

/** Control first (tests reach it under any host), then the server API, then the browser half. */
const ROUTES: readonly RouteHandler[] = [
  bankDebitControlRoutes,
  controlRoutes,
  webhookControlRoutes,
  disputeControlRoutes,
  gatewayRoutes,
  masterpassRoutes,
  visaCheckoutRoutes,
  unionPayRoutes,
  clientApiRoutes,
  localPaymentPageRoutes,
  sepaMandatePageRoutes,
  venmoRoutes,
  payPalVaultInitiatedRoutes,
  walletRoutes,
  assetRoutes,
];

async function listenTls(context: SandboxContext, port: number, certificate: SandboxCertificate): Promise<HttpsServer> {
  const server = createHttpsServer({ cert: certificate.cert, key: certificate.key }, handlerFor(context, ROUTES));
  keepIdleConnectionsOpen(server);
  await listen(server, port, '127.0.0.1');
  return server;
}

/** Starts the Braintree sandbox: the gateway API, the client API and assets, and the test controls. */
export async function startBraintreeSandbox(options: BraintreeSandboxOptions = {}): Promise<RunningBraintreeSandbox> {
  const tlsPort = options.tlsPort ?? null;
  // The certificate is made while nothing listens yet, so a failure leaves nothing to clean up.
  const certificate = tlsPort === null ? null : await generateCertificate();
  const running = await startServer({ port: options.port ?? 0, host: options.host ?? '127.0.0.1', stateFile: options.stateFile ?? null, config: options.config, accountSources: options.accountSources, routes: ROUTES });
  let tlsServer: HttpsServer | null = null;
  if (certificate && tlsPort !== null) {
    try {
      tlsServer = await listenTls(running.context, tlsPort, certificate);
    } catch (error) {
      await running.close();
      throw error;
    }
  }
  const tls = tlsServer;
  // Webhooks go out in the background (pending ones from a state file too), and unapproved local payments expire.
  // Bank debits settle by themselves when automatic settlement is on.
  const dispatcher = new WebhookDispatcher(running.context, (now) => {
    expireOverdue(running.context, now);
    settleDueDebits(running.context, now);
  });
  dispatcher.start();
  return {
    url: running.url,
    port: running.port,
    tlsPort: tls ? (tls.address() as AddressInfo).port : null,
    context: running.context,
    config: running.context.config,
    certificate,
    close: async () => {
      await dispatcher.stop();
      await Promise.all([running.close(), tls
          ? new Promise<void>((resolve) => {
              tls.close(() => resolve());
              tls.closeAllConnections();
            })
          : Promise.resolve()]);
    },
  };
}
export { gatewayFor } from './sdk-client';
// The merchant-of-record gateway's sandbox (Digital River): its server API, DigitalRiver.js stand-in and controls.
export {
  startDigitalRiverSandbox,
  DEFAULT_DIGITAL_RIVER_CONFIG,
  DIGITAL_RIVER_TEST_CARDS,
  DIGITAL_RIVER_SCRIPT_PATH,
  DIGITAL_RIVER_STYLESHEET_PATH,
  type DigitalRiverConfig,
  type DigitalRiverSandboxOptions,
  type RunningDigitalRiverSandbox,
  digitalRiverClient,
  type DigitalRiverAnswer,
} from './digital-river';
// Local payments through the same HTTP steps braintree-web and the payer take, for server-side tests.
export { answerLandingPage, localPaymentNonce, startLocalPayment, type LocalPaymentStart } from './local-payments/flows';
