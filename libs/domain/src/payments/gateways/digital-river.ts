import type { GatewayDescriptor } from './gateway-descriptor';

/**
 * The merchant of record (spec 2 §4): a reseller that sells in its own name, so it calculates and
 * collects the tax, issues the invoice and takes exemption certificates. It creates a checkout
 * after billing; the page pays that checkout with the source its drop-in collected.
 */
export const MERCHANT_OF_RECORD_GATEWAY = {
  key: 'digital-river',
  paysWith: 'the secure checkout of our reseller, Digital River',
  merchantOfRecord: true,
  // Our choice: the reseller charges its own total, which our voucher cannot pay.
  acceptsVouchers: false,
  paymentSetup: 'checkout-session',
  placeOrderNeeds: ['payment_token', 'checkout_id'],
} as const satisfies GatewayDescriptor;
