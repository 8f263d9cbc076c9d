/**
 * Counts the data calls sent and answered, for application readiness (spec 1 §4): more sent than
 * answered means a request is in progress. A tiny external store for useSyncExternalStore.
 */
let counters = { requestCount: 0, responseCount: 0 };
const listeners = new Set<() => void>();

function change(next: typeof counters): void {
  counters = next;
  for (const listener of listeners) listener();
}

/** Wraps a call so it is counted from its start until it settles, whatever the outcome. */
export async function counted<T>(call: () => Promise<T>): Promise<T> {
  change({ ...counters, requestCount: counters.requestCount + 1 });
  try {
    return await call();
  } finally {
    change({ ...counters, responseCount: counters.responseCount + 1 });
  }
}

export const requestCounters = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => counters,
};
