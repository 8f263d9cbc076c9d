import { canChangeEmail, canEnterTaxId } from './account-permissions';
import type { AccountType } from './account-types';

describe('account permissions', () => {
  it('lets visitors change the email and signed-in customers only sign out', () => {
    expect(canChangeEmail(false)).toBe(true);
    expect(canChangeEmail(true)).toBe(false);
  });

  it.each<[AccountType, boolean]>([
    ['personal', false],
    ['business', true],
    ['education', true],
  ])('a %s account may enter a tax ID: %s', (type, allowed) => {
    expect(canEnterTaxId(type)).toBe(allowed);
  });
});
