import type braintree from 'braintree';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { braintreeSandboxOptions, parseArguments } from '../cli';
import { startBraintreeSandbox, type RunningBraintreeSandbox } from '../index';
import { CONTRACT_TIMEOUT_MS, contractTarget, type ContractTarget } from './target';

/**
 * The target of one spec file: started before its tests, closed after them. What it returns
 * forwards to the running target, so a spec names `gateway` and `target` at its top level although
 * they exist only once `beforeAll` has run.
 */
export function useContractTarget(): { readonly target: ContractTarget; readonly gateway: braintree.BraintreeGateway } {
  let running: ContractTarget | null = null;
  jest.setTimeout(CONTRACT_TIMEOUT_MS);
  beforeAll(async () => {
    running = await contractTarget();
  });
  afterAll(() => running?.close());
  const current = (): ContractTarget => {
    if (!running) throw new Error('the contract target is used before beforeAll started it');
    return running;
  };
  return { target: forwardTo(current), gateway: forwardTo(() => current().gateway) };
}

function forwardTo<T extends object>(resolve: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const object = resolve();
      const value: unknown = Reflect.get(object, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** Starts the sandbox the way its command line does, with these arguments and this environment. */
export function startFromCommandLine(argv: readonly string[], environment: Record<string, string> = {}): Promise<RunningBraintreeSandbox> {
  return startBraintreeSandbox({ ...braintreeSandboxOptions(parseArguments(argv), environment), tlsPort: null });
}

/** A new directory for each test of the file (for state files), removed after it; the getter names the current one. */
export function useTemporaryDirectory(prefix: string): () => string {
  let directory = '';
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));
  return () => directory;
}
