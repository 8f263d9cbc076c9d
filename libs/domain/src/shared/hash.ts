/**
 * FNV-1a, 64-bit, as 16 hex digits. Not for secrets: it fingerprints content (a basket's
 * lines) so that two views of the same state agree and any change shows.
 */
export function fingerprint(text: string): string {
  let hash = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * prime) & mask;
  }
  return hash.toString(16).padStart(16, '0');
}
