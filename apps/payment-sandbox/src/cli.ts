#!/usr/bin/env node
import { startBraintreeSandbox, startDigitalRiverSandbox } from './index';

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
}

export function parseArguments(argv: readonly string[]): CliOptions {
  let port = 0;
  let tlsPort: number | null = null;
  let stateFile: string | null = null;
  let provider: Provider | undefined;
  let webhookUrl: string | undefined;
  let bankDebitSettleAfterMs: number | undefined;
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
    } else throw new Error(`unknown argument ${argv[index]}`);
  }
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
  const sandbox = await startBraintreeSandbox({
    port: options.port,
    tlsPort: options.tlsPort,
    stateFile: options.stateFile,
    host: '127.0.0.1',
    config: { webhookUrl: options.webhookUrl ?? null, bankDebitSettleAfterMs: options.bankDebitSettleAfterMs ?? null },
  });
  process.stdout.write(`Braintree sandbox listening on ${sandbox.url} (https ${sandbox.tlsPort ?? 'off'})\n`);
  return { close: () => sandbox.close(), listening: { type: 'listening', port: sandbox.port, tlsPort: sandbox.tlsPort, spki: sandbox.certificate?.spkiSha256Base64 ?? null } };
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
