import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs `work` (one request, from the HTTP edge) with a scope of its own for once-per-request values. */
export function inRequestScope<T>(work: () => T): T {
  return scope.run(new Map(), work);
}

/**
 * `load()` once per request: later calls in the same request share its answer (a failed load is
 * forgotten, so a later call tries again). Outside a request scope every call loads.
 */
export function oncePerRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const store = scope.getStore();
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
  const store = scope.getStore();
  if (store && !store.has(key)) store.set(key, Promise.resolve(value));
}
