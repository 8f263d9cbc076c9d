import { ErrorCatalogue } from '../errors/error-catalogue';
import { payPalClassicFailure } from './paypal-classic';

describe('payPalClassicFailure', () => {
  it.each([
    ['PAYPAL_POPUP_CLOSED', 'PAYPAL_CANCELLED'],
    ['PAYPAL_POPUP_OPEN_FAILED', 'PAYPAL_WINDOW_BLOCKED'],
    ['PAYPAL_TOKENIZATION_REQUEST_ACTIVE', 'PAYPAL_IN_PROGRESS'],
    ['PAYPAL_FLOW_FAILED', 'PAYPAL_NOT_STARTED'],
    ['PAYPAL_INVALID_PAYMENT_OPTION', 'PAYPAL_NOT_STARTED'],
    ['PAYPAL_NOT_ENABLED', 'PAYPAL_UNAVAILABLE'],
  ] as const)('tells %s as %s', (code, name) => {
    expect(payPalClassicFailure({ code })).toBe(ErrorCatalogue[name].code);
  });

  it("tells a failed tokenization, anything else, or no error, as PayPal failing (nothing charged)", () => {
    expect(payPalClassicFailure({ code: 'PAYPAL_ACCOUNT_TOKENIZATION_FAILED' })).toBe(ErrorCatalogue.PAYPAL_FAILED.code);
    expect(payPalClassicFailure({ code: 'PAYPAL_SOMETHING_NEW' })).toBe(ErrorCatalogue.PAYPAL_FAILED.code);
    expect(payPalClassicFailure({ code: 42 })).toBe(ErrorCatalogue.PAYPAL_FAILED.code);
    expect(payPalClassicFailure(null)).toBe(ErrorCatalogue.PAYPAL_FAILED.code);
  });
});
