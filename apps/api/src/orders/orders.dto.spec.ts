import { DomainError } from '@store/domain';
import { validatePayload } from '../http/validation';
import { PlaceOrderPayload } from './orders.dto';

const place = (extra: Record<string, unknown>) => ({
  basket_reference_id: 'basket-1',
  basket_stale_hash: '0123456789abcdef',
  gateway: 'braintree',
  token: 'nonce',
  ...extra,
});

const refusal = (payload: unknown): Readonly<Record<string, readonly string[]>> | undefined => {
  try {
    validatePayload(PlaceOrderPayload, payload);
  } catch (error) {
    if (error instanceof DomainError) return error.fields;
    throw error;
  }
  return undefined;
};

describe('PlaceOrderPayload', () => {
  it.each(['braintree', 'digital-river', 'complimentary'])('takes the gateway %s', (gateway) => {
    expect(refusal(place({ gateway }))).toBeUndefined();
  });

  it('refuses another gateway, naming the ones it takes', () => {
    expect(refusal(place({ gateway: 'stripe' }))?.gateway).toEqual(['gateway must be braintree, digital-river or complimentary']);
  });

  it('refuses an unknown payment method type, naming the known ones', () => {
    expect(refusal(place({ payment_method_type: 'bitcoin' }))?.payment_method_type).toEqual([
      'payment_method_type must be apple-pay, bancomatpay, blik, card, google-pay, masterpass, mbway, merchant-of-record, pay-upon-invoice, payment-request, paypal, sepa, us-bank-account, venmo or visa-checkout',
    ]);
  });
});
