import type { GatewayDescriptor } from './gateway-descriptor';

/**
 * The card gateway (spec 2 §4): the store sells and invoices, the gateway only charges. Its hosted
 * fields and wallets are ready as soon as a client token has loaded; the page sends a nonce.
 */
export const CARD_GATEWAY = {
  key: 'braintree',
  paysWith: 'card, PayPal, Apple Pay or Google Pay',
  merchantOfRecord: false,
  acceptsVouchers: true,
  paymentSetup: 'client-token',
  placeOrderNeeds: ['payment_token'],
} as const satisfies GatewayDescriptor;
