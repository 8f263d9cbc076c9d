/** Every data call answers in this envelope; failures add a catalogued code and a message. */
export interface ApiSuccess<T> {
  readonly success: true;
  readonly code: 200;
  readonly data: T;
  readonly timestamp?: string;
}

export interface ApiFailure {
  readonly success: false;
  readonly code: number;
  readonly message: string;
  readonly fields?: Readonly<Record<string, readonly string[]>>;
  readonly data?: unknown;
  readonly timestamp?: string;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** The header every data call carries (spec 2 §7); requests without it are refused. */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';
