import fc from 'fast-check';
import {
  CARD_GATEWAY_OPTION_ORDER,
  cardBrandIcon,
  cardGatewayOptions,
  gatewayDecision,
  isApplePayEnabled,
  isGooglePayEnabled,
  isPayPalEnabled,
  offersSavedCard,
  parsePaymentMethodType,
  PAYMENT_METHOD_TYPES,
  savedCardLabel,
} from './payment-methods';

describe('payment method types', () => {
  it('accepts the five types and refuses anything else', () => {
    for (const type of PAYMENT_METHOD_TYPES) expect(parsePaymentMethodType(type)).toEqual({ ok: true, value: type });
    for (const value of ['bitcoin', 'Card', '', null, 3]) {
      const result = parsePaymentMethodType(value);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.code).toBe(100100);
    }
  });
});

describe('wallet enablement', () => {
  const on = { featureOn: true, country: 'GB', disabledCountries: ['IN'] };

  it('needs the feature, a supported country and the browser or library', () => {
    expect(isApplePayEnabled({ ...on, canMakePayments: true })).toBe(true);
    expect(isApplePayEnabled({ ...on, canMakePayments: false })).toBe(false);
    expect(isApplePayEnabled({ ...on, featureOn: false, canMakePayments: true })).toBe(false);
    expect(isApplePayEnabled({ ...on, country: 'IN', canMakePayments: true })).toBe(false);
    expect(isGooglePayEnabled({ ...on, libraryPresent: true })).toBe(true);
    expect(isGooglePayEnabled({ ...on, libraryPresent: false })).toBe(false);
    expect(isGooglePayEnabled({ ...on, country: 'IN', libraryPresent: true })).toBe(false);
    expect(isPayPalEnabled(on)).toBe(true);
    expect(isPayPalEnabled({ ...on, featureOn: false })).toBe(false);
    expect(isPayPalEnabled({ ...on, country: 'IN' })).toBe(false);
  });
});

describe('saved cards and options', () => {
  it('offers a saved card only when it can be used', () => {
    expect(offersSavedCard({ token: 'tok', expired: false }, 200, 310006)).toBe(true);
    expect(offersSavedCard(null, 200, 310006)).toBe(false);
    expect(offersSavedCard({ token: null, expired: false }, 200, 310006)).toBe(false);
    expect(offersSavedCard({ token: 'tok', expired: true }, 200, 310006)).toBe(false);
    expect(offersSavedCard({ token: 'tok', expired: false }, 310006, 310006)).toBe(false);
    expect(offersSavedCard({ token: 'tok', expired: false }, null, 310006)).toBe(true);
  });

  it('lists the options in the spec order, always with a new card', () => {
    expect(cardGatewayOptions({ savedCard: true, applePay: true, payPal: true, googlePay: true })).toEqual([
      'saved-card',
      'card',
      'apple-pay',
      'paypal',
      'google-pay',
    ]);
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (savedCard, applePay, payPal, googlePay) => {
        const options = cardGatewayOptions({ savedCard, applePay, payPal, googlePay });
        expect(options).toContain('card');
        const positions = options.map((option) => CARD_GATEWAY_OPTION_ORDER.indexOf(option));
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        expect(options.includes('saved-card')).toBe(savedCard);
      }),
    );
  });

  it('writes the saved card and picks brand icons', () => {
    expect(savedCardLabel('Visa', '1111')).toBe('•••• Visa ending in 1111');
    expect(cardBrandIcon('American Express')).toBe('american-express');
    expect(cardBrandIcon('Diners Club')).toBe('discover');
    expect(cardBrandIcon('MasterCard')).toBe('mastercard');
    expect(cardBrandIcon('JCB')).toBe('jcb');
    expect(cardBrandIcon('UnionPay')).toBeNull();
    expect(cardBrandIcon(undefined)).toBeNull();
  });

  it('decides what a returned gateway means', () => {
    expect(gatewayDecision('braintree', null)).toBe('unavailable');
    expect(gatewayDecision('braintree', 'digital-river')).toBe('reload');
    expect(gatewayDecision('braintree', 'braintree')).toBe('keep');
    expect(gatewayDecision(null, 'braintree')).toBe('keep');
  });
});
