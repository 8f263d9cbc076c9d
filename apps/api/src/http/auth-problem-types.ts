import { ErrorCatalogue } from '@store/domain';

/** The auth service's problem types (spec 2 §8) for the catalogued errors it answers with. */
const TYPES: ReadonlyMap<number, string> = new Map([
  [ErrorCatalogue.SIGN_IN_DETAILS_INCORRECT.code, 'invalid-credentials'],
  [ErrorCatalogue.PASSWORD_INCORRECT.code, 'invalid-credentials'],
  [ErrorCatalogue.ACCOUNT_NOT_FOUND.code, 'no-account'],
  [ErrorCatalogue.ACCOUNT_LOCKED.code, 'account-locked'],
  [ErrorCatalogue.ACCOUNT_SUSPENDED.code, 'account-suspended'],
  [ErrorCatalogue.ACCOUNT_STATE_UNSUPPORTED.code, 'unsupported-account-state'],
  [ErrorCatalogue.SECURITY_CODE_REQUIRED.code, 'mfa-challenge'],
  [ErrorCatalogue.SECURITY_CODE_INVALID.code, 'mfa-invalid-code'],
  [ErrorCatalogue.CURRENT_PASSWORD_INCORRECT.code, 'current-password-incorrect'],
  [ErrorCatalogue.PASSWORD_COMPROMISED.code, 'unacceptable-password'],
  [ErrorCatalogue.TOO_MANY_REQUESTS.code, 'rate-limit'],
  [ErrorCatalogue.FORBIDDEN.code, 'forbidden'],
]);

export function authProblemType(code: number): string | undefined {
  return TYPES.get(code);
}
