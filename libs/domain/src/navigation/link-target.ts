/** The anchor attributes of a link; empty for a link within the store. */
export interface LinkTarget {
  readonly target?: '_blank';
  readonly rel?: 'noopener noreferrer';
}

/**
 * External links open in a new tab with no opener and no referrer (spec 1 §2), so the other site
 * can neither script this page nor learn which page sent the shopper.
 */
export function linkTarget(external: boolean): LinkTarget {
  return external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}
