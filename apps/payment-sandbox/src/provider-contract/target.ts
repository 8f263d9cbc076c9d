import braintree from 'braintree';
import { randomBytes } from 'node:crypto';
import { defaultMerchantAccount } from '../context';
import { startBraintreeSandbox, type RunningBraintreeSandbox } from '../index';
import { gatewayFor } from '../sdk-client';

/**
 * What the provider contract suite runs against. By default the local sandbox, started in-process;
 * with `BRAINTREE_CONTRACT_TARGET=provider` and the keys of a real Braintree sandbox account
 * (`BRAINTREE_MERCHANT_ID`, `BRAINTREE_PUBLIC_KEY`, `BRAINTREE_PRIVATE_KEY`, and
 * `BRAINTREE_MERCHANT_ACCOUNTS` as the store reads it: `GBP=acct,EUR=acct`, the first being the
 * account's default), the same tests run against the provider's own sandbox. A test that asserts
 * the provider's documented behaviour runs on both; one that reads or steers the local sandbox's
 * own state (its controls, its configuration) runs on the local sandbox only (`sandboxOnly`).
 */
export interface ContractTarget {
  readonly kind: 'sandbox' | 'provider';
  /** The real `braintree` server SDK, pointed at the target. */
  readonly gateway: braintree.BraintreeGateway;
  readonly merchantId: string;
  /** The account a call naming none charges. */
  readonly defaultMerchantAccountId: string;
  /** The account charging this currency, or null when the target has none (a test needing one then skips itself). */
  merchantAccountFor(currency: string): string | null;
  /**
   * A client API URL a client token names, as this process can fetch it. The local sandbox names
   * Braintree's public hostname (a browser reaches it there through the tests' routing), so its
   * own address stands in; Braintree's is used as it is.
   */
  reachable(clientApiUrl: string): string;
  /** The running local sandbox; null against the provider. */
  readonly sandbox: RunningBraintreeSandbox | null;
  close(): Promise<void>;
}

export const AGAINST_PROVIDER = process.env.BRAINTREE_CONTRACT_TARGET === 'provider';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`BRAINTREE_CONTRACT_TARGET=provider needs ${name}`);
  return value;
}

/** `GBP=acct,EUR=acct` (the store's BRAINTREE_MERCHANT_ACCOUNTS) as currency -> account, in order. */
function accountsFromEnvironment(raw: string): ReadonlyMap<string, string> {
  const accounts = new Map<string, string>();
  for (const pair of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [currency, account] = pair.split('=').map((part) => part.trim());
    if (!/^[A-Z]{3}$/.test(currency ?? '') || !account) throw new Error(`BRAINTREE_MERCHANT_ACCOUNTS: "${pair}" is not CURRENCY=account`);
    accounts.set(currency, account);
  }
  if (accounts.size === 0) throw new Error('BRAINTREE_MERCHANT_ACCOUNTS names no account');
  return accounts;
}

/**
 * Braintree's sandbox, or with BRAINTREE_GATEWAY_URL (as the store reads it) a server speaking its
 * protocol elsewhere, such as this sandbox started on its own: the provider run's code path, with
 * the local sandbox's in-process doors closed.
 */
function providerEnvironment(gatewayUrl: URL | null): braintree.Environment {
  if (!gatewayUrl) return braintree.Environment.Sandbox;
  const ssl = gatewayUrl.protocol === 'https:';
  const port = gatewayUrl.port || (ssl ? '443' : '80');
  return new braintree.Environment(gatewayUrl.hostname, port, '', ssl, gatewayUrl.hostname, port);
}

const BRAINTREE_CLIENT_API_ORIGIN = 'https://api.sandbox.braintreegateway.com';

async function providerTarget(): Promise<ContractTarget> {
  const merchantId = required('BRAINTREE_MERCHANT_ID');
  const gatewayUrl = process.env.BRAINTREE_GATEWAY_URL ? new URL(process.env.BRAINTREE_GATEWAY_URL) : null;
  const gateway = new braintree.BraintreeGateway({
    environment: providerEnvironment(gatewayUrl),
    merchantId,
    publicKey: required('BRAINTREE_PUBLIC_KEY'),
    privateKey: required('BRAINTREE_PRIVATE_KEY'),
  });
  const accounts = accountsFromEnvironment(required('BRAINTREE_MERCHANT_ACCOUNTS'));
  return {
    kind: 'provider',
    gateway,
    merchantId,
    defaultMerchantAccountId: [...accounts.values()][0],
    merchantAccountFor: (currency) => accounts.get(currency) ?? null,
    reachable: (clientApiUrl) => (gatewayUrl ? clientApiUrl.replace(BRAINTREE_CLIENT_API_ORIGIN, gatewayUrl.origin) : clientApiUrl),
    sandbox: null,
    close: async () => undefined,
  };
}

async function sandboxTarget(): Promise<ContractTarget> {
  const sandbox = await startBraintreeSandbox();
  const { config } = sandbox;
  return {
    kind: 'sandbox',
    gateway: gatewayFor(sandbox),
    merchantId: config.merchantId,
    defaultMerchantAccountId: defaultMerchantAccount(config),
    merchantAccountFor: (currency) => Object.entries(config.merchantAccounts).find(([, accountCurrency]) => accountCurrency === currency)?.[0] ?? null,
    reachable: (clientApiUrl) => clientApiUrl.replace(config.clientApiOrigin, sandbox.url),
    sandbox,
    close: () => sandbox.close(),
  };
}

/** The target for this run: the local sandbox unless BRAINTREE_CONTRACT_TARGET=provider. */
export function contractTarget(): Promise<ContractTarget> {
  return AGAINST_PROVIDER ? providerTarget() : sandboxTarget();
}

/**
 * A test of the local sandbox's own surface (its configuration, its controls): skipped against the
 * provider, where that surface does not exist.
 */
export const sandboxOnly: jest.It = AGAINST_PROVIDER ? it.skip : it;
export const describeSandboxOnly: jest.Describe = AGAINST_PROVIDER ? describe.skip : describe;

/** Calls over the network to the provider take longer than in-process ones. */
export const CONTRACT_TIMEOUT_MS = AGAINST_PROVIDER ? 60_000 : 15_000;

/** An id no earlier run used, for customers, tokens and order ids (the provider's sandbox keeps them all). */
export function uniqueId(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** A card expiry a few years ahead, so the suite does not age. */
export function futureExpiry(years = 3): { readonly month: string; readonly year: string; readonly date: string } {
  const year = String(new Date().getFullYear() + years);
  return { month: '12', year, date: `12/${year}` };
}

/** The codes of every validation error in a result, in order (none for a success). */
export function errorCodes(result: { readonly errors?: braintree.ValidationErrorsCollection }): string[] {
  return result.errors?.deepErrors().map((error) => error.code) ?? [];
}
