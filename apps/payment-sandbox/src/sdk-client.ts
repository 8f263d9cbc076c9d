import braintree from 'braintree';
import type { SandboxConfig } from './context';

/**
 * The real `braintree` server SDK pointed at a running sandbox (its 6-argument Environment), with
 * the sandbox's keys unless others are given: what the tests of both sides charge and look up with.
 */
export function gatewayFor(
  running: { readonly port: number; readonly config: SandboxConfig },
  keys: { readonly publicKey?: string; readonly privateKey?: string; readonly merchantId?: string } = {},
): braintree.BraintreeGateway {
  return new braintree.BraintreeGateway({
    environment: new braintree.Environment('127.0.0.1', String(running.port), '', false, '127.0.0.1', String(running.port)),
    merchantId: keys.merchantId ?? running.config.merchantId,
    publicKey: keys.publicKey ?? running.config.publicKey,
    privateKey: keys.privateKey ?? running.config.privateKey,
  });
}
