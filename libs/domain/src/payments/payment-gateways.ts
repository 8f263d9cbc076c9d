import { DomainError } from '../errors/error-catalogue';
import { err, ok, type Result } from '../shared/result';
import { CARD_GATEWAY } from './gateways/braintree';
import { MERCHANT_OF_RECORD_GATEWAY } from './gateways/digital-river';
import type { GatewayDescriptor, PlaceOrderField } from './gateways/gateway-descriptor';

export type { GatewayDescriptor, PaymentSetup, PlaceOrderField } from './gateways/gateway-descriptor';
export { CARD_GATEWAY } from './gateways/braintree';
export { MERCHANT_OF_RECORD_GATEWAY } from './gateways/digital-river';

/** The gateways that take money, one line each: a new gateway is its descriptor plus a line here. */
export const PAYING_GATEWAYS = [CARD_GATEWAY, MERCHANT_OF_RECORD_GATEWAY] as const;
export type PayingGateway = (typeof PAYING_GATEWAYS)[number]['key'];

/** No gateway at all: a zero total is placed without a payment (spec 2 §4). */
export const COMPLIMENTARY_GATEWAY = {
  key: 'complimentary',
  paysWith: 'nothing: this order is free',
  merchantOfRecord: false,
  acceptsVouchers: true,
  paymentSetup: 'none',
  placeOrderNeeds: [],
} as const satisfies GatewayDescriptor;

/**
 * The gateways a checkout can be paid through (spec 2 §4): the card gateway, the merchant of
 * record, or none at all for a complimentary order.
 */
export type PaymentGateway = PayingGateway | typeof COMPLIMENTARY_GATEWAY.key;
export const PAYMENT_GATEWAYS: readonly PaymentGateway[] = [...PAYING_GATEWAYS.map((gateway) => gateway.key), COMPLIMENTARY_GATEWAY.key];

const DESCRIPTORS: ReadonlyMap<string, GatewayDescriptor<PaymentGateway>> = new Map(
  [...PAYING_GATEWAYS, COMPLIMENTARY_GATEWAY].map((gateway) => [gateway.key, gateway]),
);

/** The descriptor of a gateway the store knows; the type keeps unknown keys out. */
export function gatewayDescriptor<K extends PaymentGateway>(key: K): GatewayDescriptor<K> {
  return DESCRIPTORS.get(key) as GatewayDescriptor<K>;
}

/** The gateways that sell from a checkout of their own, which the basket's payment state keeps. */
export const CHECKOUT_SESSION_GATEWAYS: readonly PayingGateway[] = PAYING_GATEWAYS.filter((gateway) => gateway.paymentSetup === 'checkout-session').map(
  (gateway) => gateway.key,
);

/** True for a gateway that takes money, i.e. one with a payment port; false for complimentary and strangers. */
export function isPayingGateway(key: unknown): key is PayingGateway {
  return PAYING_GATEWAYS.some((gateway) => gateway.key === key);
}

/** What PLACE_ORDER carried towards the payment. */
export interface PlaceOrderPaymentFields {
  readonly paymentToken: string | null;
  readonly checkoutId: string | null;
}

/** The fields the gateway needs that the page did not send, in the descriptor's order. */
export function missingPlaceOrderFields(gateway: PaymentGateway, sent: PlaceOrderPaymentFields): readonly PlaceOrderField[] {
  const present: Readonly<Record<PlaceOrderField, boolean>> = { payment_token: Boolean(sent.paymentToken), checkout_id: Boolean(sent.checkoutId) };
  return gatewayDescriptor(gateway).placeOrderNeeds.filter((field) => !present[field]);
}

/**
 * Refuses a PLACE_ORDER without what its gateway charges with (a nonce; a checkout and source), as
 * the gateway would, but before an order is reserved for it (spec 2 §7: "One or more required
 * fields were missing").
 */
export function checkPlaceOrderFields(gateway: PaymentGateway, sent: PlaceOrderPaymentFields): Result<void, DomainError> {
  return missingPlaceOrderFields(gateway, sent).length === 0 ? ok(undefined) : err(new DomainError('REQUIRED_FIELDS_MISSING'));
}

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
