/**
 * The gateways a checkout can be paid through (spec 2 §4): the card gateway, the merchant of
 * record, or none at all for a complimentary order.
 */
export const PAYMENT_GATEWAYS = ['braintree', 'digital-river', 'complimentary'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/** The page flag set when the server could not name a gateway (spec 2 §4). */
export const PAYMENT_GATEWAYS_UNAVAILABLE_FLAG = 'payment-gateways-unavailable';

/** What the page does with a gateway the server returned. */
export type GatewayChange = 'unavailable' | 'reload' | 'keep';

/**
 * Reads the answer of the gateway call (spec 2 §4): no gateway means payment is unavailable (the
 * page sets PAYMENT_GATEWAYS_UNAVAILABLE_FLAG); another gateway than the one the page was built for
 * means its payment scripts are wrong, so it reloads. The first answer of a page has nothing to
 * differ from and is kept.
 */
export function gatewayChange(firstLoaded: PaymentGateway | null, returned: PaymentGateway | null): GatewayChange {
  if (returned === null) return 'unavailable';
  if (firstLoaded !== null && returned !== firstLoaded) return 'reload';
  return 'keep';
}
