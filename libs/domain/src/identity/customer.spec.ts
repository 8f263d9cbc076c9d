import {
  accountTypeOfCategory,
  fullName,
  LOCK_AFTER_FAILED_SIGN_INS,
  normaliseEmail,
  RECOVERY_ADDRESS_RATE_LIMIT,
  RECOVERY_RATE_LIMIT,
  SIGN_IN_ADDRESS_RATE_LIMIT,
  SIGN_IN_RATE_LIMIT,
} from './customer';

describe('customer rules', () => {
  it('compares emails without case or spaces', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it('reads the account type from a category', () => {
    expect(accountTypeOfCategory('personal')).toBe('personal');
    expect(accountTypeOfCategory('business.design-agency')).toBe('business');
    expect(accountTypeOfCategory('education.university')).toBe('education');
    expect(accountTypeOfCategory('business.')).toBeNull();
    expect(accountTypeOfCategory('charity.other')).toBeNull();
    expect(accountTypeOfCategory('Business.X')).toBeNull();
  });

  it('writes the full name', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });
});

describe('sign-in limits', () => {
  it('locks before the account limit is reached, and allows an address more than one account', () => {
    expect(LOCK_AFTER_FAILED_SIGN_INS).toBeLessThan(SIGN_IN_RATE_LIMIT.attempts);
    expect(SIGN_IN_ADDRESS_RATE_LIMIT.attempts).toBeGreaterThan(SIGN_IN_RATE_LIMIT.attempts);
    expect(RECOVERY_ADDRESS_RATE_LIMIT.attempts).toBeGreaterThan(RECOVERY_RATE_LIMIT.attempts);
  });
});
