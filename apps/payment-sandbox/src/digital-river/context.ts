import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DigitalRiverStore } from './store';

export interface DigitalRiverConfig {
  /** The confidential key the server API takes (`Authorization: Bearer sk_test_…`). */
  readonly secretKey: string;
  /** The public key DigitalRiver.js is made with (`new DigitalRiver(pk_test_…)`); it may only make sources. */
  readonly publicKey: string;
  /**
   * Whether a checkout whose order was declined (409) may be ordered again after a new source is
   * attached. Digital River's older guide says so ("the same checkoutId can be used multiple
   * times"); its current one says to build a new checkout. True (the default) allows both.
   */
  readonly checkoutReusableAfterDecline: boolean;
  /**
   * Ours: a refund is pending when made (as the provider answers it) and succeeds this long after,
   * at the first call that comes then; null keeps refunds pending until a test moves them with
   * `POST /__sandbox/refunds/{id} {state: 'succeeded' | 'failed'}`. 0: succeeded from the next call on.
   */
  readonly refundsSucceedAfterMs: number | null;
}

export const DEFAULT_DIGITAL_RIVER_CONFIG: DigitalRiverConfig = {
  secretKey: 'sk_test_sandbox_secret',
  publicKey: 'pk_test_sandbox_public',
  checkoutReusableAfterDecline: true,
  refundsSucceedAfterMs: 0,
};

export interface DigitalRiverContext {
  readonly store: DigitalRiverStore;
  readonly config: DigitalRiverConfig;
}

export interface DrRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

/** What a route answers: a status and a JSON body (none for 204). */
export interface DrReply {
  readonly status: number;
  readonly body?: unknown;
}

export type DrRoute = (request: DrRequest, response: ServerResponse, context: DigitalRiverContext) => Promise<boolean> | boolean;
