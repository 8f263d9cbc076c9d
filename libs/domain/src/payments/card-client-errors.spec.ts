import { ErrorCatalogue } from '../errors/error-catalogue';
import { cardClientErrorCode, threeDSecureAllowsPayment } from './card-client-errors';

describe('cardClientErrorCode', () => {
  it('gives each kind of card failure its own response code', () => {
    expect(cardClientErrorCode('HOSTED_FIELDS_FAILED_TOKENIZATION')).toBe(ErrorCatalogue.CARD_TOKENIZATION_FAILED.code);
    expect(cardClientErrorCode('HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED')).toBe(ErrorCatalogue.CARD_CVV_VERIFICATION_FAILED.code);
    expect(cardClientErrorCode('THREEDS_LOOKUP_ERROR')).toBe(ErrorCatalogue.THREE_D_SECURE_FAILED.code);
    expect(cardClientErrorCode('THREEDS_CARDINAL_SDK_CANCELED')).toBe(ErrorCatalogue.THREE_D_SECURE_CANCELED.code);
    expect(cardClientErrorCode('HOSTED_FIELDS_CARD_TYPE_NOT_SUPPORTED')).toBe(ErrorCatalogue.CARD_TYPE_NOT_SUPPORTED.code);
  });

  it('leaves empty and invalid fields to the fields themselves', () => {
    expect(cardClientErrorCode('HOSTED_FIELDS_FIELDS_EMPTY')).toBeNull();
    expect(cardClientErrorCode('HOSTED_FIELDS_FIELDS_INVALID')).toBeNull();
  });

  it('shows the generic message for anything unknown', () => {
    expect(cardClientErrorCode('SOMETHING_NEW')).toBe(999);
    expect(cardClientErrorCode(undefined)).toBe(999);
  });
});

describe('threeDSecureAllowsPayment', () => {
  it('goes ahead when the liability shifted or could not shift, not when it could and did not', () => {
    expect(threeDSecureAllowsPayment({ liabilityShifted: true, liabilityShiftPossible: true })).toBe(true);
    expect(threeDSecureAllowsPayment({ liabilityShifted: false, liabilityShiftPossible: false })).toBe(true);
    expect(threeDSecureAllowsPayment({ liabilityShifted: false, liabilityShiftPossible: true })).toBe(false);
  });
});
