import fc from 'fast-check';
import { ACCOUNT_TYPES, accountFieldsToClear, allowedAccountTypes, defaultAccountType, isAccountType, type AccountType } from './account-types';

describe('account types', () => {
  it('are personal, business and education', () => {
    expect(ACCOUNT_TYPES).toEqual(['personal', 'business', 'education']);
  });

  it.each<[unknown, boolean]>([
    ['personal', true],
    ['business', true],
    ['education', true],
    ['charity', false],
    ['Business', false],
    ['', false],
    [undefined, false],
    [1, false],
  ])('isAccountType(%p) is %s', (value, expected) => {
    expect(isAccountType(value)).toBe(expected);
  });

  it.each<[boolean, AccountType, readonly AccountType[]]>([
    [true, 'business', ['business', 'education']],
    [false, 'personal', ['personal', 'business', 'education']],
  ])('a basket with a multi-user product (%s) defaults to %s and allows %j', (multiUser, type, allowed) => {
    expect(defaultAccountType(multiUser)).toBe(type);
    expect(allowedAccountTypes(multiUser)).toEqual(allowed);
  });

  it('always defaults to an allowed type, and allows personal only without a multi-user product', () => {
    fc.assert(
      fc.property(fc.boolean(), (multiUser) => {
        expect(allowedAccountTypes(multiUser)).toContain(defaultAccountType(multiUser));
        expect(allowedAccountTypes(multiUser).includes('personal')).toBe(!multiUser);
      }),
    );
  });
});

describe('accountFieldsToClear', () => {
  it.each<[AccountType, string[]]>([
    ['personal', ['businessSector', 'companyName', 'educationName', 'educationInstitution']],
    ['business', ['educationName', 'educationInstitution']],
    ['education', ['businessSector', 'companyName']],
  ])('%s clears %j', (type, fields) => {
    expect(accountFieldsToClear(type)).toEqual(fields);
  });
});
