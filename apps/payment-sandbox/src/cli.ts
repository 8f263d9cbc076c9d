#!/usr/bin/env node
import { accountFromEnvironment, parseMerchantAccounts, parseResponseCodes, parseSwitch, type AccountKeys, type AccountSource, type SandboxAccount } from './account';
import { startBraintreeSandbox, startDigitalRiverSandbox, type BraintreeSandboxOptions } from './index';

/**
 * `node apps/payment-sandbox/dist/cli.js [--provider braintree|digital-river] [--port N] [--tls-port N] [--state-file PATH] [--webhook-url URL] [--bank-debit-settle-after-ms N]`
 *
 * Prints one line when listening; when forked, also tells the parent over IPC
 * (`{type: 'listening', port, tlsPort, spki}`; the Digital River sandbox adds
 * `provider: 'digital-river'` and has no TLS port) and stops when the parent goes away.
 * The provider is Braintree unless `--provider digital-river` is given. `--webhook-url` is where the
 * Braintree sandbox POSTs its signed webhook notifications (the store's endpoint).
 * `--bank-debit-settle-after-ms` lets SEPA and ACH debits settle by themselves after that long
 * (each as its test account says); without it only the control endpoints settle them.
 *
 * The Braintree sandbox's account, as a real account's control panel sets it: `--merchant-id ID`,
 * `--public-key KEY`, `--private-key KEY`, `--merchant-account ID=CUR` (repeated, one per merchant
 * account, each with its ISO 4217 currency) and `--default-merchant-account ID`. Each flag beats its
 * BRAINTREE_SANDBOX_* variable (MERCHANT_ID, PUBLIC_KEY, PRIVATE_KEY, MERCHANT_ACCOUNTS=`id=CUR,id=CUR`,
 * DEFAULT_MERCHANT_ACCOUNT), which beats the state file's account, which beats the defaults. The
 * account used is checked at start, kept in the state file, and told to the parent over IPC
 * (`account` in the listening message), so whoever starts the store hands it the same keys.
 *
 * The account's fraud settings, as its control panel's basic and advanced fraud tools set them:
 * `--cvv-reject-on N,U`, `--avs-postal-code-reject-on CODES`, `--avs-street-address-reject-on CODES`
 * (the response codes whose answer gateway-rejects a card sale or verification; an empty value or
 * `none` rejects on nothing) and `--fraud-tools on|off` (whether the fraud and risk-threshold test
 * cards are turned away). Their variables are BRAINTREE_SANDBOX_CVV_REJECT_ON,
 * _AVS_POSTAL_CODE_REJECT_ON, _AVS_STREET_ADDRESS_REJECT_ON and _FRAUD_TOOLS, with the same
 * precedence as the rest of the account.
 */

export const PROVIDERS = ['braintree', 'digital-river'] as const;
export type Provider = (typeof PROVIDERS)[number];

export interface CliOptions {
  readonly port: number;
  readonly tlsPort: number | null;
  readonly stateFile: string | null;
  /** Absent: braintree. */
  readonly provider?: Provider;
  /** Absent: no webhooks are sent until the control endpoint sets a URL. */
  readonly webhookUrl?: string;
  /** Absent: bank debits settle only when a control endpoint says so. */
  readonly bankDebitSettleAfterMs?: number;
  /** The account's parts the flags set (absent when no account flag is given). */
  readonly account?: AccountSource;
}

const ACCOUNT_FLAGS = {
  '--merchant-id': 'merchantId',
  '--public-key': 'publicKey',
  '--private-key': 'privateKey',
  '--default-merchant-account': 'defaultMerchantAccountId',
} as const;

const RULE_FLAGS = {
  '--cvv-reject-on': 'cvvRejectOn',
  '--avs-postal-code-reject-on': 'avsPostalCodeRejectOn',
  '--avs-street-address-reject-on': 'avsStreetAddressRejectOn',
} as const;

export function parseArguments(argv: readonly string[]): CliOptions {
  let port = 0;
  let tlsPort: number | null = null;
  let stateFile: string | null = null;
  let provider: Provider | undefined;
  let webhookUrl: string | undefined;
  let bankDebitSettleAfterMs: number | undefined;
  const account: { -readonly [K in keyof SandboxAccount]?: SandboxAccount[K] } = {};
  const merchantAccounts: string[] = [];
  const portNumber = (flag: string, value: string | undefined) => {
    const parsed = Number(value);
    if (value === undefined || !Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`${flag} needs a port number (0 for any free port)`);
    return parsed;
  };
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = argv[index].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++index];
    if (flag === '--port') port = portNumber(flag, value());
    else if (flag === '--tls-port') tlsPort = portNumber(flag, value());
    else if (flag === '--state-file') {
      stateFile = value() ?? null;
      if (!stateFile) throw new Error('--state-file needs a path');
    } else if (flag === '--provider') {
      const name = value();
      if (!(PROVIDERS as readonly string[]).includes(name ?? '')) throw new Error(`--provider needs one of ${PROVIDERS.join(', ')}`);
      provider = name as Provider;
    } else if (flag === '--webhook-url') {
      webhookUrl = value();
      if (!webhookUrl || !/^https?:\/\/./.test(webhookUrl)) throw new Error('--webhook-url needs an http(s) URL');
    } else if (flag === '--bank-debit-settle-after-ms') {
      const raw = value();
      bankDebitSettleAfterMs = Number(raw);
      if (raw === undefined || !Number.isInteger(bankDebitSettleAfterMs) || bankDebitSettleAfterMs < 1) throw new Error('--bank-debit-settle-after-ms needs a whole number of milliseconds');
    } else if (Object.hasOwn(ACCOUNT_FLAGS, flag)) {
      const raw = value()?.trim();
      if (!raw) throw new Error(`${flag} needs a value`);
      account[ACCOUNT_FLAGS[flag as keyof typeof ACCOUNT_FLAGS]] = raw;
    } else if (Object.hasOwn(RULE_FLAGS, flag)) {
      const raw = value();
      if (raw === undefined) throw new Error(`${flag} needs response codes such as N,U (empty or none: reject on nothing)`);
      account[RULE_FLAGS[flag as keyof typeof RULE_FLAGS]] = parseResponseCodes(raw);
    } else if (flag === '--fraud-tools') {
      account.fraudTools = parseSwitch(value() ?? '', '--fraud-tools');
    } else if (flag === '--merchant-account') {
      const raw = value();
      if (!raw) throw new Error('--merchant-account needs ID=CURRENCY (e.g. store_GBP=GBP)');
      merchantAccounts.push(raw);
    } else throw new Error(`unknown argument ${argv[index]}`);
  }
  if (merchantAccounts.length > 0) account.merchantAccounts = parseMerchantAccounts(merchantAccounts, '--merchant-account');
  const accountGiven = Object.keys(account).length > 0;
  if (provider === 'digital-river' && accountGiven) throw new Error('the account flags (--merchant-id, --public-key, --private-key, --merchant-account, --default-merchant-account, --cvv-reject-on, --avs-postal-code-reject-on, --avs-street-address-reject-on, --fraud-tools) are for the braintree sandbox only');
  if (provider === 'digital-river' && tlsPort !== null) throw new Error('--tls-port is for the braintree sandbox only');
  if (provider === 'digital-river' && webhookUrl !== undefined) throw new Error('--webhook-url is for the braintree sandbox only');
  if (provider === 'digital-river' && bankDebitSettleAfterMs !== undefined) throw new Error('--bank-debit-settle-after-ms is for the braintree sandbox only');
  return {
    port,
    tlsPort,
    stateFile,
    ...(provider ? { provider } : {}),
    ...(webhookUrl ? { webhookUrl } : {}),
    ...(bankDebitSettleAfterMs !== undefined ? { bankDebitSettleAfterMs } : {}),
    ...(accountGiven ? { account } : {}),
  };
}

/**
 * How the command line starts the Braintree sandbox: the flags' account first, then the
 * environment's (`environment` is process.env when run), then the state file's, then the defaults.
 */
export function braintreeSandboxOptions(options: CliOptions, environment: Readonly<Record<string, string | undefined>>): BraintreeSandboxOptions {
  return {
    port: options.port,
    tlsPort: options.tlsPort,
    stateFile: options.stateFile,
    host: '127.0.0.1',
    config: { webhookUrl: options.webhookUrl ?? null, bankDebitSettleAfterMs: options.bankDebitSettleAfterMs ?? null },
    accountSources: [
      { name: 'the command line', account: options.account ?? {} },
      { name: 'the environment', account: accountFromEnvironment(environment) },
    ],
  };
}

/** The account a started sandbox uses, as the parent is told it (the store needs the same keys). */
export function listeningAccount(config: AccountKeys): AccountKeys {
  return {
    merchantId: config.merchantId,
    publicKey: config.publicKey,
    privateKey: config.privateKey,
    merchantAccounts: config.merchantAccounts,
    defaultMerchantAccountId: config.defaultMerchantAccountId,
  };
}

interface Started {
  close(): Promise<void>;
  /** What the parent is told over IPC once the sandbox listens. */
  readonly listening: Record<string, unknown>;
}

async function startDigitalRiver(options: CliOptions): Promise<Started> {
  const sandbox = await startDigitalRiverSandbox({ port: options.port, stateFile: options.stateFile, host: '127.0.0.1' });
  process.stdout.write(`Digital River sandbox listening on ${sandbox.url}\n`);
  return { close: () => sandbox.close(), listening: { type: 'listening', provider: 'digital-river', port: sandbox.port, tlsPort: null, spki: null } };
}

async function startBraintree(options: CliOptions): Promise<Started> {
  const sandbox = await startBraintreeSandbox(braintreeSandboxOptions(options, process.env));
  process.stdout.write(`Braintree sandbox listening on ${sandbox.url} (https ${sandbox.tlsPort ?? 'off'}) as merchant ${sandbox.config.merchantId}\n`);
  return {
    close: () => sandbox.close(),
    listening: { type: 'listening', port: sandbox.port, tlsPort: sandbox.tlsPort, spki: sandbox.certificate?.spkiSha256Base64 ?? null, account: listeningAccount(sandbox.config) },
  };
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const sandbox = options.provider === 'digital-river' ? await startDigitalRiver(options) : await startBraintree(options);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // A held (delayed) answer must not keep the process alive.
    const timer = setTimeout(() => process.exit(0), 1000);
    timer.unref();
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (process.send) {
    process.once('disconnect', stop);
    process.send(sandbox.listening);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    const name = process.argv.includes('digital-river') ? 'Digital River' : 'Braintree';
    process.stderr.write(`${name} sandbox failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
