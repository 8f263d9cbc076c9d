import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE, type ApiFailure, type ApiResponse } from '@store/domain';

/** A failed data call, with the catalogued code the server sent (or 0 when none could be read). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly fields?: ApiFailure['fields'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'We could not reach the store. Check your connection and try again.', 0);
  }
  let payload: ApiResponse<T> | null = null;
  try {
    payload = (await response.json()) as ApiResponse<T>;
  } catch {
    payload = null;
  }
  if (!payload) throw new ApiError(response.status, 'Something went wrong', response.status);
  if (!payload.success) throw new ApiError(payload.code, payload.message, response.status, payload.fields);
  return payload.data;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
};
