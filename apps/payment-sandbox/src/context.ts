import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxStore } from './store';

export interface SandboxConfig {
  readonly merchantId: string;
  readonly publicKey: string;
  readonly privateKey: string;
  /** Merchant account id -> its currency. */
  readonly merchantAccounts: Readonly<Record<string, string>>;
  /**
   * The account a call naming none charges, as the control panel's default merchant account; null:
   * the first of merchantAccounts.
   */
  readonly defaultMerchantAccountId: string | null;
  /**
   * The provider's public https origins the browser is told about (in the client token and the
   * configuration). braintree-web accepts only the provider's own domains there, so the browser
   * reaches the sandbox under these names: Playwright routes them in tests, Chromium's host resolver
   * rules map them to the sandbox's TLS port for a person.
   */
  readonly clientApiOrigin: string;
  readonly assetsOrigin: string;
  /** The merchant's name on the wallets' sheets (PayPal brand name, Google Pay, Apple Pay). */
  readonly displayName: string;
  /** The Apple Pay merchant identifier the configuration names and merchant validation expects. */
  readonly applePayMerchantIdentifier: string;
  /** Where signed webhook notifications are POSTed (the store's endpoint); null sends none until one is set. */
  readonly webhookUrl: string | null;
  /**
   * Ours: the wait before the first retry of a webhook the store did not take (non-2xx or no answer
   * in webhookTimeoutMs); each next retry waits twice as long, at most an hour, up to
   * webhookMaxAttempts attempts in all. Tests shorten it.
   */
  readonly webhookRetryBaseMs: number;
  readonly webhookMaxAttempts: number;
  readonly webhookTimeoutMs: number;
  /** Ours: how long a local payment waits for the payer's approval before it expires. */
  readonly localPaymentExpiryMs: number;
  /**
   * Ours: how long `local_payments/create` takes to answer, about as long as the provider's. An
   * instant answer can beat the popup's first page, and Chromium then loses braintree-web's
   * redirect of the popup to the landing page (it stays on the loading frame).
   */
  readonly localPaymentCreateDelayMs: number;
  /**
   * Ours: SEPA and ACH debits settle by themselves this long after the sale (and a debit whose
   * test account is returned comes back the same delay after settling); null: only the controls
   * settle them, as in tests. `POST /__sandbox/bank-debits/settings` overrides it at run time.
   */
  readonly bankDebitSettleAfterMs: number | null;
  /**
   * The account's CVV and AVS rules (on the provider, the control panel's basic fraud tools; they
   * differ per account): a card sale, or a verification, is gateway rejected (`cvv`, `avs`,
   * `avs_and_cvv`) when the processor's answer to the code or to the billing postal code or street
   * address is one of these response codes (N does not match, U not verified, I not provided, S
   * issuer does not take part, A not applicable). Empty lists reject nothing.
   */
  readonly cvvRejectOn: readonly string[];
  readonly avsPostalCodeRejectOn: readonly string[];
  readonly avsStreetAddressRejectOn: readonly string[];
  /**
   * Whether the account's fraud tools (the provider's Advanced Fraud Management) are on: only then
   * does the provider turn away its fraud and risk-threshold test cards (4000111111111511 `fraud`,
   * 4111130000000003 `risk_threshold`, and their static nonces), on sales and verifications alike;
   * with them off those cards are ordinary cards.
   */
  readonly fraudTools: boolean;
}

export const DEFAULT_CONFIG: SandboxConfig = {
  merchantId: 'sandbox_merchant',
  publicKey: 'sandbox_public_key',
  privateKey: 'sandbox_private_key',
  merchantAccounts: { store_GBP: 'GBP', store_EUR: 'EUR', store_USD: 'USD', store_AUD: 'AUD', store_CAD: 'CAD', store_JPY: 'JPY', store_PLN: 'PLN' },
  defaultMerchantAccountId: 'store_GBP',
  clientApiOrigin: 'https://api.sandbox.braintreegateway.com',
  assetsOrigin: 'https://assets.braintreegateway.com',
  displayName: 'Affinity Store',
  applePayMerchantIdentifier: 'merchant.com.affinitystore.sandbox',
  webhookUrl: null,
  webhookRetryBaseMs: 10_000,
  webhookMaxAttempts: 12,
  webhookTimeoutMs: 10_000,
  localPaymentExpiryMs: 15 * 60_000,
  localPaymentCreateDelayMs: 500,
  bankDebitSettleAfterMs: null,
  // Ours: an account that rejects on a code or address that does not match, as the store's tests
  // expect (a fresh provider sandbox account rejects on nothing until its rules are set).
  cvvRejectOn: ['N'],
  avsPostalCodeRejectOn: ['N'],
  avsStreetAddressRejectOn: ['N'],
  // Ours: the fraud tools on, so the fraud test cards are turned away as the store's tests expect.
  fraudTools: true,
};

/** The merchant account a call that names none uses. */
export function defaultMerchantAccount(config: Pick<SandboxConfig, 'merchantAccounts' | 'defaultMerchantAccountId'>): string {
  const named = config.defaultMerchantAccountId;
  if (named !== null && Object.hasOwn(config.merchantAccounts, named)) return named;
  return Object.keys(config.merchantAccounts)[0];
}

export interface SandboxContext {
  readonly store: SandboxStore;
  readonly config: SandboxConfig;
}

export interface SandboxRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingMessage['headers'];
  /** The raw body (empty for GET). */
  readonly body: Buffer;
}

/** A route group: answers and returns true, or returns false to let the next group try. */
export type RouteHandler = (request: SandboxRequest, response: ServerResponse, context: SandboxContext) => Promise<boolean> | boolean;
