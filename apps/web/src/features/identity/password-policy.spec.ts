import { firstError, passwordRulesFor } from '@store/domain';
import { passwordHint, passwordMinLengthOf } from './password-policy';

describe('the password minimum the page asks for', () => {
  it("is the spec's six, with its words, until the session says otherwise", () => {
    expect(passwordMinLengthOf(undefined)).toBe(6);
    expect(passwordMinLengthOf({ password_min_length: 6 })).toBe(6);
    expect(passwordHint(6)).toBe('At least six characters. Popular passwords are not allowed.');
    expect(firstError('abcde', passwordRulesFor(passwordMinLengthOf(undefined)))).toBe('Your password must be at least six characters');
  });

  it("follows the store's setting of 8", () => {
    const minimum = passwordMinLengthOf({ password_min_length: 8 });
    expect(minimum).toBe(8);
    expect(passwordHint(minimum)).toBe('At least 8 characters. Popular passwords are not allowed.');
    expect(firstError('abcdefg', passwordRulesFor(minimum))).toBe('Your password must be at least 8 characters');
    expect(firstError('abcdefgh', passwordRulesFor(minimum))).toBeNull();
  });

  it('never goes below six, whatever a broken payload says', () => {
    expect(passwordMinLengthOf({ password_min_length: 2 })).toBe(6);
    expect(passwordMinLengthOf({ password_min_length: Number.NaN })).toBe(6);
  });
});
