import { ErrorCatalogue } from '../errors/error-catalogue';
import { venmoFailureCode } from './venmo';

describe('venmoFailureCode', () => {
  it.each([
    ['VENMO_DESKTOP_CANCELED', 'VENMO_CANCELLED'],
    ['VENMO_CUSTOMER_CANCELED', 'VENMO_CANCELLED'],
    ['VENMO_MOBILE_POLLING_TOKENIZATION_EXPIRED', 'VENMO_EXPIRED'],
    ['VENMO_MOBILE_POLLING_TOKENIZATION_TIMEOUT', 'VENMO_TIMED_OUT'],
    ['VENMO_MOBILE_POLLING_TOKENIZATION_FAILED', 'VENMO_FAILED'],
    ['VENMO_DESKTOP_UNKNOWN_ERROR', 'VENMO_FAILED'],
    ['VENMO_NOT_ENABLED', 'VENMO_UNAVAILABLE'],
    ['VENMO_INVALID_DEEP_LINK_RETURN_URL', 'VENMO_UNAVAILABLE'],
    ['VENMO_TOKENIZATION_REQUEST_ACTIVE', 'VENMO_IN_PROGRESS'],
    ['VENMO_TOKENIZATION_CANCELED_BY_MERCHANT', 'VENMO_CANCELLED'],
  ] as const)('gives %s the words of %s', (code, entry) => {
    expect(venmoFailureCode({ code })).toBe(ErrorCatalogue[entry].code);
  });

  it('tells anything else, or nothing, as Venmo failing (nothing charged)', () => {
    expect(venmoFailureCode({ code: 'VENMO_SOMETHING_NEW' })).toBe(ErrorCatalogue.VENMO_FAILED.code);
    expect(venmoFailureCode({ code: 42 })).toBe(ErrorCatalogue.VENMO_FAILED.code);
    expect(venmoFailureCode({ code: 'toString' })).toBe(ErrorCatalogue.VENMO_FAILED.code);
    expect(venmoFailureCode(null)).toBe(ErrorCatalogue.VENMO_FAILED.code);
  });

  it('tells the payer they were not charged when they cancel or time out', () => {
    for (const entry of ['VENMO_CANCELLED', 'VENMO_EXPIRED', 'VENMO_TIMED_OUT', 'VENMO_FAILED'] as const) {
      expect(ErrorCatalogue[entry].message).toMatch(/you have not been charged/);
    }
  });
});
