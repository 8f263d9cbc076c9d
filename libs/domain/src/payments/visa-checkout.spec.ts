import { ErrorCatalogue } from '../errors/error-catalogue';
import { VISA_CHECKOUT_ERROR_CODES, visaCheckoutFailureCode } from './visa-checkout';

describe('visaCheckoutFailureCode', () => {
  it("maps spec 3 §8's Visa Checkout error, and the module's others, to Visa Checkout entries of the catalogue", () => {
    const module = ['NOT_ENABLED', 'INIT_OPTIONS_REQUIRED', 'PAYMENT_REQUIRED', 'TOKENIZATION'].map((name) => `VISA_CHECKOUT_${name}`);
    expect([...VISA_CHECKOUT_ERROR_CODES].sort()).toEqual([...module].sort());
    const visaCheckoutCodes = Object.entries(ErrorCatalogue)
      .filter(([key]) => key.startsWith('VISA_CHECKOUT_'))
      .map(([, entry]) => entry.code);
    for (const code of module) expect(visaCheckoutCodes).toContain(visaCheckoutFailureCode({ code }));
  });

  it.each([
    ['VISA_CHECKOUT_PAYMENT_REQUIRED', 'VISA_CHECKOUT_FAILED'],
    ['VISA_CHECKOUT_TOKENIZATION', 'VISA_CHECKOUT_FAILED'],
    ['VISA_CHECKOUT_NOT_ENABLED', 'VISA_CHECKOUT_UNAVAILABLE'],
    ['VISA_CHECKOUT_INIT_OPTIONS_REQUIRED', 'VISA_CHECKOUT_NOT_STARTED'],
  ] as const)('says %s in the words of %s', (code, entry) => {
    expect(visaCheckoutFailureCode({ code })).toBe(ErrorCatalogue[entry].code);
  });

  it('treats anything it does not know as Visa Checkout failing', () => {
    expect(visaCheckoutFailureCode({ code: 'VISA_CHECKOUT_LIGHTBOX_ERROR' })).toBe(ErrorCatalogue.VISA_CHECKOUT_FAILED.code);
    expect(visaCheckoutFailureCode(new Error('boom'))).toBe(ErrorCatalogue.VISA_CHECKOUT_FAILED.code);
    expect(visaCheckoutFailureCode(undefined)).toBe(ErrorCatalogue.VISA_CHECKOUT_FAILED.code);
  });
});
