#!/usr/bin/env node
import { startBraintreeSandbox } from './index';

/**
 * `node apps/payment-sandbox/dist/cli.js [--port N] [--tls-port N] [--state-file PATH]`
 *
 * Prints one line when listening; when forked, also tells the parent over IPC
 * (`{type: 'listening', port, tlsPort, spki}`) and stops when the parent goes away.
 */

export interface CliOptions {
  readonly port: number;
  readonly tlsPort: number | null;
  readonly stateFile: string | null;
}

export function parseArguments(argv: readonly string[]): CliOptions {
  let port = 0;
  let tlsPort: number | null = null;
  let stateFile: string | null = null;
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
    } else throw new Error(`unknown argument ${argv[index]}`);
  }
  return { port, tlsPort, stateFile };
}

async function main(): Promise<void> {
  const options = parseArguments(process.argv.slice(2));
  const sandbox = await startBraintreeSandbox({ port: options.port, tlsPort: options.tlsPort, stateFile: options.stateFile, host: '127.0.0.1' });
  process.stdout.write(`Braintree sandbox listening on ${sandbox.url} (https ${sandbox.tlsPort ?? 'off'})\n`);

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
    process.send({ type: 'listening', port: sandbox.port, tlsPort: sandbox.tlsPort, spki: sandbox.certificate?.spkiSha256Base64 ?? null });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`Braintree sandbox failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
