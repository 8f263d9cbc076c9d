import type { DomainError, ErrorKind } from '@store/domain';

/** The one table from kinds of catalogued error to HTTP statuses. */
export const ERROR_STATUS: Record<ErrorKind, number> = {
  'success-notice': 200,
  'invalid-input': 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'payload-too-large': 413,
  unprocessable: 422,
  'payment-failed': 402,
  'rate-limited': 429,
  server: 500,
  unavailable: 503,
};

export function statusOf(error: DomainError): number {
  return ERROR_STATUS[error.kind] ?? 500;
}
