import { ErrorCatalogue } from '../errors/error-catalogue';
import { UNIONPAY_ERROR_CODES, unionPayFailureCode } from './unionpay';

describe('unionPayFailureCode', () => {
  it("maps spec 3 §8's UnionPay error, and every other error of the module, to a UnionPay entry of the catalogue", () => {
    const module = [
      'NOT_ENABLED',
      'HOSTED_FIELDS_INSTANCE_INVALID',
      'HOSTED_FIELDS_INSTANCE_REQUIRED',
      'CARD_OR_HOSTED_FIELDS_INSTANCE_REQUIRED',
      'CARD_AND_HOSTED_FIELDS_INSTANCES',
      'EXPIRATION_DATE_INCOMPLETE',
      'ENROLLMENT_CUSTOMER_INPUT_INVALID',
      'ENROLLMENT_NETWORK_ERROR',
      'FETCH_CAPABILITIES_NETWORK_ERROR',
      'TOKENIZATION_NETWORK_ERROR',
      'MISSING_MOBILE_PHONE_DATA',
      'FAILED_TOKENIZATION',
    ].map((name) => `UNIONPAY_${name}`);
    expect([...UNIONPAY_ERROR_CODES].sort()).toEqual([...module].sort());
    const unionPayCodes = Object.entries(ErrorCatalogue)
      .filter(([key]) => key.startsWith('UNIONPAY_'))
      .map(([, entry]) => entry.code);
    for (const code of module) expect(unionPayCodes).toContain(unionPayFailureCode({ code }));
  });

  it.each([
    ['UNIONPAY_NOT_ENABLED', 'UNIONPAY_UNAVAILABLE'],
    ['UNIONPAY_FETCH_CAPABILITIES_NETWORK_ERROR', 'UNIONPAY_CHECK_FAILED'],
    ['UNIONPAY_ENROLLMENT_CUSTOMER_INPUT_INVALID', 'UNIONPAY_MOBILE_INVALID'],
    ['UNIONPAY_MISSING_MOBILE_PHONE_DATA', 'UNIONPAY_MOBILE_INVALID'],
    ['UNIONPAY_ENROLLMENT_NETWORK_ERROR', 'UNIONPAY_ENROLLMENT_FAILED'],
    ['UNIONPAY_FAILED_TOKENIZATION', 'UNIONPAY_CODE_WRONG'],
    ['UNIONPAY_TOKENIZATION_NETWORK_ERROR', 'UNIONPAY_FAILED'],
  ] as const)('says %s in the words of %s', (code, entry) => {
    expect(unionPayFailureCode({ code })).toBe(ErrorCatalogue[entry].code);
  });

  it('treats anything it does not know as the card failing', () => {
    expect(unionPayFailureCode({ code: 'CLIENT_GATEWAY_NETWORK' })).toBe(ErrorCatalogue.UNIONPAY_FAILED.code);
    expect(unionPayFailureCode(new Error('boom'))).toBe(ErrorCatalogue.UNIONPAY_FAILED.code);
    expect(unionPayFailureCode(null)).toBe(ErrorCatalogue.UNIONPAY_FAILED.code);
  });
});
