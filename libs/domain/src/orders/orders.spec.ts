import { chargeIdempotencyKey, formatOrderNumber, formatProductKey, isOrderNumber, needsPayment, PRODUCT_KEY_PATTERN } from './orders';
import { requiresWithdrawalConsent } from './withdrawal';
import fc from 'fast-check';

describe('orders', () => {
  it('numbers orders from the sequence and recognises the numbers', () => {
    expect(formatOrderNumber(42)).toBe('AFS-00000042');
    expect(isOrderNumber('AFS-00000042')).toBe(true);
    expect(isOrderNumber('AFS-42')).toBe(false);
    expect(() => formatOrderNumber(0)).toThrow(RangeError);
  });

  it('gives each payment attempt its own idempotency key', () => {
    expect(chargeIdempotencyKey('AFS-00000042', 1)).toBe('AFS-00000042-1');
    expect(chargeIdempotencyKey('AFS-00000042', 2)).not.toBe(chargeIdempotencyKey('AFS-00000042', 1));
  });

  it('charges for every gateway but the complimentary one', () => {
    expect(needsPayment('complimentary')).toBe(false);
    expect(needsPayment('braintree')).toBe(true);
    expect(needsPayment('digital-river')).toBe(true);
  });

  it('makes product keys of five groups from the unambiguous alphabet, whatever the random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 25, maxLength: 25 }), (bytes) => {
        expect(formatProductKey(bytes)).toMatch(PRODUCT_KEY_PATTERN);
      }),
    );
    expect(() => formatProductKey(new Uint8Array(10))).toThrow(RangeError);
  });

  it('asks EU, EEA and UK shoppers to consent to immediate supply, not others', () => {
    expect(requiresWithdrawalConsent('de')).toBe(true);
    expect(requiresWithdrawalConsent('GB')).toBe(true);
    expect(requiresWithdrawalConsent('NO')).toBe(true);
    expect(requiresWithdrawalConsent('US')).toBe(false);
    expect(requiresWithdrawalConsent('CH')).toBe(false);
  });
});
