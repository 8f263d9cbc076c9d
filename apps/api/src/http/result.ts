import type { DomainError, Result } from '@store/domain';

/** Unwraps a use case result at the edge: a failure is thrown for the exception filter to render. */
export function unwrap<T>(result: Result<T, DomainError>): T {
  if (!result.ok) throw result.error;
  return result.value;
}

export function success<T>(data: T) {
  return { success: true as const, code: 200 as const, data };
}
