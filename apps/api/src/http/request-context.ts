import type { Request } from 'express';

/** The timestamp of the checkout data call being answered, for the exception filter to echo on failures too. */
export const CHECKOUT_TIMESTAMP = Symbol('checkoutTimestamp');
export type TimestampedRequest = Request & { [CHECKOUT_TIMESTAMP]?: string };
