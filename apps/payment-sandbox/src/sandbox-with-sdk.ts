import type braintree from 'braintree';
import { startBraintreeSandbox, type BraintreeSandboxOptions, type RunningBraintreeSandbox } from './index';
import { gatewayFor } from './sdk-client';
import type { WalletFlowTarget } from './wallets/wallet-flows';

/** A running sandbox as the contract tests drive it from both sides. */
export interface SandboxWithSdk {
  readonly sandbox: RunningBraintreeSandbox;
  /** The real `braintree` server SDK pointed at it. */
  readonly gateway: braintree.BraintreeGateway;
  /** Where the page side's steps (wallet-flows) send their calls. */
  readonly target: WalletFlowTarget;
  /** The authorization fingerprint of a client token for the default merchant account, for client API calls. */
  readonly fingerprint: string;
}

/** Starts a sandbox for a contract test, with the SDK, the page side's target and a client authorization. */
export async function sandboxWithSdk(options: BraintreeSandboxOptions = {}): Promise<SandboxWithSdk> {
  const sandbox = await startBraintreeSandbox(options);
  const gateway = gatewayFor(sandbox);
  const { clientToken } = await gateway.clientToken.generate({});
  const fingerprint = (JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')) as { authorizationFingerprint: string }).authorizationFingerprint;
  return { sandbox, gateway, target: { url: sandbox.url, merchantId: sandbox.config.merchantId }, fingerprint };
}
