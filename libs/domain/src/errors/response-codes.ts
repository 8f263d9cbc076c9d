import { ErrorCatalogue } from './error-catalogue';

/** The kinds of failure a payment provider's browser library reports (spec 3 §8). */
export const PROVIDER_ERROR_TYPES = ['MERCHANT', 'CUSTOMER', 'NETWORK', 'INTERNAL', 'UNKNOWN'] as const;
export type ProviderErrorType = (typeof PROVIDER_ERROR_TYPES)[number];

export function isProviderErrorType(value: unknown): value is ProviderErrorType {
  return typeof value === 'string' && (PROVIDER_ERROR_TYPES as readonly string[]).includes(value);
}

export type HttpFailureClass = 'ok' | 'forbidden' | 'customer-input' | 'network' | 'rate-limited' | 'unavailable';

/**
 * How the browser reads an HTTP status (spec 2 §7-8): 2xx and 3xx are fine; 403 passes through as
 * is; 429 and 503 have codes of their own; other statuses below 500 are the customer's input;
 * 500 and above, and no response at all (status 0), are the network's.
 */
export function classifyHttpStatus(status: number): { readonly class: HttpFailureClass; readonly code: number } {
  if (status >= 200 && status < 400) return { class: 'ok', code: 200 };
  if (status === 403) return { class: 'forbidden', code: ErrorCatalogue.FORBIDDEN.code };
  if (status === 429) return { class: 'rate-limited', code: ErrorCatalogue.TOO_MANY_REQUESTS.code };
  if (status === 503) return { class: 'unavailable', code: ErrorCatalogue.SERVICE_UNAVAILABLE.code };
  if (status >= 400 && status < 500) return { class: 'customer-input', code: ErrorCatalogue.BAD_REQUEST.code };
  return { class: 'network', code: ErrorCatalogue.SERVER_ERROR.code };
}

/** The auth service's problem types (spec 2 §8) and the catalogued code each one shows. */
export const AUTH_PROBLEM_CODES = {
  'invalid-credentials': ErrorCatalogue.SIGN_IN_DETAILS_INCORRECT.code,
  'unsupported-account-state': ErrorCatalogue.ACCOUNT_STATE_UNSUPPORTED.code,
  'account-locked': ErrorCatalogue.ACCOUNT_LOCKED.code,
  'account-suspended': ErrorCatalogue.ACCOUNT_SUSPENDED.code,
  'no-account': ErrorCatalogue.ACCOUNT_NOT_FOUND.code,
  forbidden: ErrorCatalogue.FORBIDDEN.code,
  'unacceptable-password': ErrorCatalogue.PASSWORD_COMPROMISED.code,
  'mfa-challenge': ErrorCatalogue.SECURITY_CODE_REQUIRED.code,
  'mfa-invalid-code': ErrorCatalogue.SECURITY_CODE_INVALID.code,
  'current-password-incorrect': ErrorCatalogue.CURRENT_PASSWORD_INCORRECT.code,
  'rate-limit': ErrorCatalogue.TOO_MANY_REQUESTS.code,
  block: ErrorCatalogue.ACCESS_BLOCKED.code,
  'waf-block': ErrorCatalogue.ACCESS_BLOCKED.code,
} as const;
export type AuthProblemType = keyof typeof AUTH_PROBLEM_CODES;

/** Unknown problem types fall back to the generic code rather than showing nothing. */
export function authProblemCode(type: string): number {
  return (AUTH_PROBLEM_CODES as Record<string, number>)[type] ?? ErrorCatalogue.GENERIC.code;
}

/**
 * The merchant-of-record drop-in's errors (spec 2 §8): source_creation_failed has its own code;
 * incomplete or invalid card fields are left to the drop-in's own messages (null: show nothing);
 * anything else is the generic 999.
 */
export function dropInErrorCode(errorCode: string): number | null {
  if (errorCode === 'source_creation_failed') return ErrorCatalogue.MOR_SOURCE_CREATION_FAILED.code;
  if (/^(incomplete|invalid)_(card_number|expiration_date|expiry_date|security_code|cvv)$/.test(errorCode)) return null;
  return ErrorCatalogue.GENERIC.code;
}
