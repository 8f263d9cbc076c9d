import { accountTypeOfCategory, fullName, normaliseEmail } from './customer';

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
