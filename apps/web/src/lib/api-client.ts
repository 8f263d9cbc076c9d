import {
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  type ApiFailure,
  type ApiResponse,
  type CheckoutAction,
} from '@store/domain';
import { counted } from './request-counters';

/** A failed data call, with the catalogued code the server sent (or 0 when none could be read). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly fields?: ApiFailure['fields'],
    /** Facts to recover with, e.g. the order number to retry (spec 2 §7). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Answer<T> = (ApiResponse<T> & Partial<ApiFailure> & { timestamp?: string }) | null;

/**
 * The answer to a GET that the page's own script sent before the app's code arrived
 * (apps/web/session-head-start.mjs), taken once: null when there is none, or it failed.
 */
export function takeHeadStart(path: string): Promise<Response | null> | null {
  const started = (globalThis as { __storeHeadStart?: Record<string, Promise<Response | null> | undefined> }).__storeHeadStart;
  const answer = started?.[path];
  if (!started || !answer) return null;
  delete started[path];
  return answer;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface SendInit {
  readonly method: Method;
  readonly body?: BodyInit;
  readonly contentType?: string;
  /** What the answer should be: JSON for data calls. */
  readonly accept?: string;
  /** The call outlives a page load started meanwhile (a stored choice must not be cancelled by it). */
  readonly keepalive?: boolean;
}

/**
 * Reaches the store with the headers every call needs. A call that cannot reach it is an ApiError
 * with code 0.
 */
async function reach(path: string, init: SendInit): Promise<Response> {
  try {
    const early = init.method === 'GET' ? await takeHeadStart(path) : null;
    return early ?? await fetch(path, {
      method: init.method,
      credentials: 'same-origin',
      headers: {
        Accept: init.accept ?? 'application/json',
        [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
        ...(init.contentType ? { 'Content-Type': init.contentType } : {}),
      },
      body: init.body,
      ...(init.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    throw new ApiError(0, 'We could not reach the store. Check your connection and try again.', 0);
  }
}

/** Sends a data call; the answer's JSON is null when there is none. */
async function send<T>(path: string, init: SendInit): Promise<{ response: Response; payload: Answer<T> }> {
  const response = await reach(path, init);
  return { response, payload: (await response.json().catch(() => null)) as Answer<T> };
}

/** A GET of markup (the analytics tags of spec 1 §7); a refusal is an ApiError with its status. */
async function text(path: string): Promise<string> {
  const response = await reach(path, { method: 'GET', accept: 'text/html' });
  if (!response.ok) throw new ApiError(response.status, 'Something went wrong', response.status);
  return response.text();
}

/** The data of a successful answer; otherwise the catalogued failure as an ApiError. */
function dataOf<T>(response: Response, payload: Answer<T>): T {
  if (!payload) throw new ApiError(response.status, 'Something went wrong', response.status);
  if (!payload.success) throw new ApiError(payload.code, payload.message ?? 'Something went wrong', response.status, payload.fields, payload.data);
  return payload.data as T;
}

async function request<T>(method: Method, path: string, body?: unknown, options: { keepalive?: boolean } = {}): Promise<T> {
  const { response, payload } = await send<T>(path, {
    method,
    ...options,
    ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }),
  });
  return dataOf(response, payload);
}

/** A multipart POST (file uploads and the spec's multipart checks), with the spec's __timestamp__ field. */
async function multipart<T>(path: string, fields: Record<string, string | Blob>): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('__timestamp__', String(Date.now()));
  const { response, payload } = await send<T>(path, { method: 'POST', body: form });
  return dataOf(response, payload);
}

/** Every data call, counted for the page's readiness (spec 1 §4). */
export const api = {
  get: <T>(path: string) => counted(() => request<T>('GET', path)),
  post: <T>(path: string, body: unknown) => counted(() => request<T>('POST', path, body)),
  delete: <T>(path: string) => counted(() => request<T>('DELETE', path)),
  /** A partial change with a JSON body (the back office's staff accounts). */
  patch: <T>(path: string, body: unknown) => counted(() => request<T>('PATCH', path, body)),
  /** A PUT without a body (the consent calls of spec 1 §7). */
  put: <T>(path: string, options: { keepalive?: boolean } = {}) => counted(() => request<T>('PUT', path, undefined, options)),
  text: (path: string) => counted(() => text(path)),
  multipart: <T>(path: string, fields: Record<string, string | Blob>) => counted(() => multipart<T>(path, fields)),
  action: <T>(action: CheckoutAction, body?: unknown) => counted(() => checkoutAction<T>(action, body)),
};

/** A newer call of the same action was made before this one answered; its answer is ignored. */
export class SupersededError extends Error {
  constructor() {
    super('superseded');
    this.name = 'SupersededError';
  }
}

const lastTimestamp = new Map<string, string>();
let sequence = 0;

/**
 * The checkout data API (spec 2 §7): a form-encoded POST with the action, a timestamp and a JSON
 * body. The answer echoes the timestamp; an answer to an older call of the same action is dropped.
 */
async function checkoutAction<T>(action: CheckoutAction, body?: unknown): Promise<T> {
  sequence += 1;
  const timestamp = `${Date.now()}.${sequence}`;
  lastTimestamp.set(action, timestamp);
  const form = new URLSearchParams({ action, timestamp });
  if (body !== undefined) form.set('body', JSON.stringify(body));
  const { response, payload } = await send<T>('/data/checkout/', { method: 'POST', body: form });
  if (payload?.timestamp !== undefined && payload.timestamp !== lastTimestamp.get(action)) throw new SupersededError();
  return dataOf(response, payload);
}
