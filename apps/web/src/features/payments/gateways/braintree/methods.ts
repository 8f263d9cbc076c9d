import { availableCardGatewayOptions, type CardGatewayOption } from '@store/domain';
import { applePayMethod } from './methods/apple-pay/apple-pay.method';
import { bancomatPayMethod } from './methods/bancomatpay/bancomatpay.method';
import { blikMethod } from './methods/blik/blik.method';
import { cardMethod } from './methods/card/card.method';
import { googlePayMethod } from './methods/google-pay/google-pay.method';
import { masterpassMethod } from './methods/masterpass/masterpass.method';
import { mbWayMethod } from './methods/mbway/mbway.method';
import { payUponInvoiceMethod } from './methods/pay-upon-invoice/pay-upon-invoice.method';
import { paymentRequestMethod } from './methods/payment-request/payment-request.method';
import { payPalMethod } from './methods/paypal/paypal.method';
import { savedMethodsMethod } from './methods/saved-methods/saved-methods.method';
import { sepaMethod } from './methods/sepa/sepa.method';
import { usBankAccountMethod } from './methods/us-bank-account/us-bank-account.method';
import { venmoMethod } from './methods/venmo/venmo.method';
import { visaCheckoutMethod } from './methods/visa-checkout/visa-checkout.method';
import type { CardGatewayMethod } from './method';

/**
 * The card gateway's methods, one line each, in the order they are set up: the card form first
 * (the shopper's likeliest choice), then the wallets, then the local methods and the bank debits. The section lists them in the spec's order.
 */
export const CARD_GATEWAY_METHODS: readonly CardGatewayMethod[] = [
  cardMethod,
  savedMethodsMethod,
  payPalMethod,
  applePayMethod,
  googlePayMethod,
  masterpassMethod,
  visaCheckoutMethod,
  venmoMethod,
  paymentRequestMethod,
  blikMethod,
  mbWayMethod,
  bancomatPayMethod,
  payUponInvoiceMethod,
  sepaMethod,
  usBankAccountMethod,
];

/** The methods offered, in the spec's order (spec 2 §2), the ones the shopper prefers first. */
export function offeredInOrder(offered: ReadonlySet<CardGatewayOption>, preferred: ReadonlySet<CardGatewayOption>): readonly CardGatewayOption[] {
  return availableCardGatewayOptions({ offered, preferred });
}
