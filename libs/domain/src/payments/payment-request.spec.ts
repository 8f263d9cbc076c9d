import { catalogueEntryFor, ErrorCatalogue } from '../errors/error-catalogue';
import { methodAvailable, paymentMethod } from './payment-methods';
import { paymentRequestFailure } from './payment-request';
import { enabledFeatures } from './store-features';

// The provider's own list of the module's errors (braintree-web 3.124.0 ships no types for it).
const providerErrors = jest.requireActual<Record<string, { readonly code: string }>>('braintree-web/payment-request/shared/errors');

describe('paymentRequestFailure', () => {
  it('gives every error of the provider’s payment-request module a catalogued message, except the shopper’s own cancel', () => {
    const codes = Object.values(providerErrors).map((error) => error.code);
    expect(codes).toHaveLength(11);
    for (const code of codes) {
      const failure = paymentRequestFailure({ code });
      if (code === 'PAYMENT_REQUEST_CANCELED') expect(failure).toEqual({ kind: 'quiet' });
      else {
        expect(failure.kind).toBe('message');
        const entry = catalogueEntryFor(failure.kind === 'message' ? failure.code : 0);
        expect(entry).not.toBe(ErrorCatalogue.GENERIC);
      }
    }
  });

  it('tells Google Pay’s refusal, the store’s set-up and an unfinished payment apart', () => {
    expect(paymentRequestFailure({ code: 'PAYMENT_REQUEST_GOOGLE_PAYMENT_FAILED_TO_TOKENIZE' })).toEqual({ kind: 'message', code: 310262 });
    expect(paymentRequestFailure({ code: 'PAYMENT_REQUEST_UNSUPPORTED_PAYMENT_METHOD' })).toEqual({ kind: 'message', code: 310263 });
    expect(paymentRequestFailure({ code: 'PAYMENT_REQUEST_NOT_COMPLETED' })).toEqual({ kind: 'message', code: 310261 });
    expect(paymentRequestFailure(null)).toEqual({ kind: 'message', code: 310261 });
  });
});

describe('the payment request method', () => {
  const base = { cardGateway: true, applePay: false, googlePay: false, payPal: false, deviceData: false };

  it('is off unless its flag is on, and offered only where the browser can pay with it', () => {
    const method = paymentMethod('payment-request');
    expect(enabledFeatures(base)).not.toContain('payment-request');
    const flags = enabledFeatures({ ...base, paymentRequest: true });
    expect(flags).toContain('payment-request');
    expect(methodAvailable(method, { billingCountry: 'GB', currency: 'GBP', flags, capabilities: ['payment-request'] })).toBe(true);
    expect(methodAvailable(method, { billingCountry: 'GB', currency: 'GBP', flags, capabilities: [] })).toBe(false);
    expect(methodAvailable(method, { billingCountry: 'GB', currency: 'GBP', flags: [], capabilities: ['payment-request'] })).toBe(false);
  });
});
