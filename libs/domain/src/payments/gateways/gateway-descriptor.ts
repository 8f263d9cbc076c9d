/** A field the page sends with PLACE_ORDER; 'payment_token' is the nonce or, from a drop-in, the source id. */
export type PlaceOrderField = 'payment_token' | 'checkout_id';

/**
 * How the page gets ready to take a payment through a gateway, which decides where the journey
 * stops (spec 2 §2): 'client-token' gateways render their own fields as soon as a client token has
 * loaded; a 'checkout-session' gateway creates a checkout (with its own tax) after billing and then
 * collects a payment source in its drop-in; 'none' takes no payment at all.
 */
export type PaymentSetup = 'client-token' | 'checkout-session' | 'none';

/**
 * What the rest of the store needs to know about a gateway, so that nothing outside the gateway's
 * own folder asks which vendor it is: each question is a property that says why it differs.
 */
export interface GatewayDescriptor<K extends string = string> {
  readonly key: K;
  /** What the shopper pays with through it, completing "You will pay with …". */
  readonly paysWith: string;
  /**
   * It sells in its own name: it calculates and collects the tax, issues the invoice itself, and
   * takes the US tax exemption certificates.
   */
  readonly merchantOfRecord: boolean;
  /** Whether a store voucher can pay part of the order (a reseller charges its own total). */
  readonly acceptsVouchers: boolean;
  readonly paymentSetup: PaymentSetup;
  /** What PLACE_ORDER must carry before an order is reserved for it. */
  readonly placeOrderNeeds: readonly PlaceOrderField[];
}
