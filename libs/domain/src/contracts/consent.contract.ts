/**
 * The saved cookie choice as the API tells it to the page: the answer of GET /cookie-consent/ and of
 * the consent PUTs, and the JSON the API writes into index.html's store-consent tag.
 */
export interface ConsentJson {
  /** The saved analytics choice; null until the shopper has made one. */
  readonly analytics: boolean | null;
  /** The manage-cookies-viewed marker: a choice was made. */
  readonly viewed: boolean;
}

/** The name of the meta tag that carries the saved choice in the page (ours: drawn with the first paint). */
export const CONSENT_META_NAME = 'store-consent';

/** A consent JSON from anything read off the page: an unknown analytics value is no choice; no viewed marker, nothing. */
export function parseConsentJson(value: unknown): ConsentJson | null {
  if (typeof value !== 'object' || value === null) return null;
  const { analytics, viewed } = value as Record<string, unknown>;
  if (typeof viewed !== 'boolean') return null;
  return { analytics: analytics === true || analytics === false ? analytics : null, viewed };
}
