import { fingerprint } from './hash';

/** FNV-1a 64 as its definition reads, in BigInt: what the limb arithmetic must equal. */
function byDefinition(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

describe('fingerprint (FNV-1a, 64-bit)', () => {
  it('gives the published values', () => {
    expect(fingerprint('')).toBe('cbf29ce484222325');
    expect(fingerprint('a')).toBe('af63dc4c8601ec8c');
    expect(fingerprint('foobar')).toBe('85944171f73967e8');
  });

  it('equals the BigInt definition for any text, beyond ASCII and at every length', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let length = 0; length < 300; length += 1) {
      const text = Array.from({ length }, () => String.fromCharCode(next() % 4 === 0 ? next() % 0x10000 : 32 + (next() % 95))).join('');
      expect(fingerprint(text)).toBe(byDefinition(text));
    }
    const basket = 'b-1|GB|3|WELCOME10||l-1:photo-2-macos:2|l-2:publisher-2-windows:1|voucher:GIFT-ÄÖÜ-€';
    expect(fingerprint(basket)).toBe(byDefinition(basket));
  });
});
