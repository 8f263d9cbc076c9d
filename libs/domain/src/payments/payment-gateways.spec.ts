import { gatewayChange, PAYMENT_GATEWAYS, PAYMENT_GATEWAYS_UNAVAILABLE_FLAG, type PaymentGateway } from './payment-gateways';

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
