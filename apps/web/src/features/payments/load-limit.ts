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

/** The limit the server gave, or spec 2 §9's when it gave none that makes sense. */
export function loadLimitOf(configured: number | null | undefined): number {
  return typeof configured === 'number' && Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_LOAD_LIMIT_MS;
}
