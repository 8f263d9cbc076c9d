/** Spec 2 §9: a payment provider's script or code chunk may take this long to load before the page gives up. */
export const DEFAULT_LOAD_LIMIT_MS = 120_000;

/** A payment module that did not arrive in time: the shopper is told there was a problem obtaining payment methods. */
export class LoadLimitError extends Error {
  constructor(
    readonly what: string,
    readonly limitMs: number,
  ) {
    super(`${what} did not load within ${limitMs} ms`);
    this.name = 'LoadLimitError';
  }
}

/**
 * The loading's answer, or a LoadLimitError once the limit has passed without one. A load that
 * never settles (a chunk or script whose request hangs) otherwise leaves 'Loading payment details'
 * up for ever; a late answer after the limit is dropped, and its failure too, unseen.
 */
export function withLoadLimit<T>(loading: Promise<T>, limitMs: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadLimitError(what, limitMs)), limitMs);
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Module imports given up on whose requests have not settled yet. */
const overdueImports = new Set<object>();
/** Whether a module import of this page has failed (see anImportHasFailed). */
let failedImport = false;

/**
 * withLoadLimit for a module import (a chunk of ours). A chunk given up on while its request hangs
 * stays in the browser's module map: importing it again joins that request instead of asking
 * afresh, and a chunk's hashed address is not known at run time to ask for it under another. So an
 * import past its limit is remembered until it settles, and Retry reloads the page while one is.
 */
export function importWithinLimit<T>(importing: Promise<T>, limitMs: number, what: string): Promise<T> {
  const token = {};
  let settled = false;
  const settle = () => {
    settled = true;
    overdueImports.delete(token);
  };
  importing.then(settle, () => {
    settle();
    failedImport = true;
  });
  return withLoadLimit(importing, limitMs, what).catch((error: unknown) => {
    if (error instanceof LoadLimitError && !settled) overdueImports.add(token);
    throw error;
  });
}

/** Whether a chunk given up on is still being fetched: only a new page asks for it again. */
export function anImportIsOverdue(): boolean {
  return overdueImports.size > 0;
}

/**
 * Whether a chunk's request has failed in this page. The browser keeps a failed module in its
 * module map (Chromium did not ask again for a chunk whose request was reset, once the checkout's
 * sections became a chunk of their own), so importing it again in the page gets the same failure:
 * only a new page asks for it afresh.
 */
export function anImportHasFailed(): boolean {
  return failedImport;
}

/** The limit the server gave, or spec 2 §9's when it gave none that makes sense. */
export function loadLimitOf(configured: number | null | undefined): number {
  return typeof configured === 'number' && Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_LOAD_LIMIT_MS;
}
