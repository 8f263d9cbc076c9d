import { ErrorCatalogue } from '../errors/error-catalogue';
import {
  CARD_GATEWAY,
  checkPlaceOrderFields,
  CHECKOUT_SESSION_GATEWAYS,
  gatewayChange,
  gatewayDescriptor,
  isPayingGateway,
  MERCHANT_OF_RECORD_GATEWAY,
  missingPlaceOrderFields,
  PAYING_GATEWAYS,
  PAYMENT_GATEWAYS,
  PAYMENT_GATEWAYS_UNAVAILABLE_FLAG,
  type PaymentGateway,
} from './payment-gateways';

describe('gatewayChange', () => {
  it('knows the three gateways and the unavailable flag', () => {
    expect(PAYMENT_GATEWAYS).toEqual(['braintree', 'digital-river', 'complimentary']);
    expect(PAYMENT_GATEWAYS_UNAVAILABLE_FLAG).toBe('payment-gateways-unavailable');
  });

  it.each<[PaymentGateway | null, PaymentGateway | null, string]>([
    ['braintree', null, 'unavailable'],
    [null, null, 'unavailable'],
    ['braintree', 'digital-river', 'reload'],
    ['digital-river', 'braintree', 'reload'],
    ['braintree', 'complimentary', 'reload'],
    ['braintree', 'braintree', 'keep'],
    ['digital-river', 'digital-river', 'keep'],
    [null, 'braintree', 'keep'],
  ])('first %p, returned %p: %s', (first, returned, change) => {
    expect(gatewayChange(first, returned)).toBe(change);
  });
});

describe('the gateway registry', () => {
  it('lists each paying gateway once, then complimentary', () => {
    expect(PAYING_GATEWAYS.map((gateway) => gateway.key)).toEqual(['braintree', 'digital-river']);
    expect(new Set(PAYMENT_GATEWAYS).size).toBe(PAYMENT_GATEWAYS.length);
    for (const key of PAYMENT_GATEWAYS) expect(gatewayDescriptor(key).key).toBe(key);
  });

  it('tells a paying gateway from complimentary and from strangers', () => {
    expect(isPayingGateway(CARD_GATEWAY.key)).toBe(true);
    expect(isPayingGateway(MERCHANT_OF_RECORD_GATEWAY.key)).toBe(true);
    expect(isPayingGateway('complimentary')).toBe(false);
    expect(isPayingGateway('Braintree')).toBe(false);
    expect(isPayingGateway(null)).toBe(false);
  });

  it('says why the gateways differ: only the merchant of record sells in its own name and refuses vouchers', () => {
    expect(PAYMENT_GATEWAYS.filter((key) => gatewayDescriptor(key).merchantOfRecord)).toEqual(['digital-river']);
    expect(PAYMENT_GATEWAYS.filter((key) => !gatewayDescriptor(key).acceptsVouchers)).toEqual(['digital-river']);
    expect(PAYMENT_GATEWAYS.map((key) => gatewayDescriptor(key).paymentSetup)).toEqual(['client-token', 'checkout-session', 'none']);
    expect(CHECKOUT_SESSION_GATEWAYS).toEqual(['digital-river']);
  });
});

describe('missingPlaceOrderFields and checkPlaceOrderFields', () => {
  const sent = (paymentToken: string | null, checkoutId: string | null) => ({ paymentToken, checkoutId });

  it.each<[PaymentGateway, string | null, string | null, string[]]>([
    ['braintree', 'nonce', null, []],
    ['braintree', null, 'chk', ['payment_token']],
    ['braintree', '', null, ['payment_token']],
    ['digital-river', 'src', 'chk', []],
    ['digital-river', 'src', null, ['checkout_id']],
    ['digital-river', null, '', ['payment_token', 'checkout_id']],
    ['complimentary', null, null, []],
  ])('%s with token %p and checkout %p misses %p', (gateway, token, checkout, missing) => {
    expect(missingPlaceOrderFields(gateway, sent(token, checkout))).toEqual(missing);
    const checked = checkPlaceOrderFields(gateway, sent(token, checkout));
    expect(checked.ok).toBe(missing.length === 0);
    if (!checked.ok) expect(checked.error.code).toBe(ErrorCatalogue.REQUIRED_FIELDS_MISSING.code);
  });
});
