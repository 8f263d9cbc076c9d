import { AsyncLocalStorage } from 'node:async_hooks';

interface RequestScope {
  /** The request's id, as its log lines and its X-Request-Id header carry it. */
  readonly requestId: string | null;
  readonly values: Map<string, Promise<unknown>>;
}

// One store for everything a request carries through its asynchronous work: entering an
// AsyncLocalStorage is paid on every request, so the edge enters one, not one per concern.
const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (one request, from the HTTP edge) with a scope of its own for once-per-request values. */
export function inRequestScope<T>(work: () => T, requestId: string | null = null): T {
  return scope.run({ requestId, values: new Map() }, work);
}

/** The id of the request being answered, or null outside one (jobs, start-up). */
export function currentRequestId(): string | null {
  return scope.getStore()?.requestId ?? null;
}

/**
 * `load()` once per request: later calls in the same request share its answer (a failed load is
 * forgotten, so a later call tries again). Outside a request scope every call loads.
 */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const store = scope.getStore()?.values;
  if (!store) return load();
  let entry = store.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = load();
    store.set(key, entry);
    entry.catch(() => store.delete(key));
  }
  return entry;
}

/**
 * Records, for the rest of the request, a value read together with something else (one statement
 * answering several questions), so `oncePerRequest(key)` does not read it again. A value the request
 * already holds is kept: the request goes on seeing what it saw first.
 */
export function knownThisRequest<T>(key: string, value: T): void {
  const store = scope.getStore()?.values;
  if (store && !store.has(key)) store.set(key, Promise.resolve(value));
}
