/**
 * FNV-1a, 64-bit, as 16 hex digits. Not for secrets: it fingerprints content (a basket's
 * lines) so that two views of the same state agree and any change shows.
 *
 * Worked in four 16-bit limbs with plain numbers: the 64-bit product by FNV's prime
 * (2^40 + 0x1b3) is each limb times 0x1b3 plus the two lowest limbs shifted up by 40 bits, carried
 * limb to limb and cut at 64 bits. The same digits as BigInt arithmetic, without a BigInt made for
 * every character (that was most of a basket read's own CPU time).
 */
export function fingerprint(text: string): string {
  // The offset basis 0xcbf29ce484222325, lowest limb first.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    // A UTF-16 code unit fits the lowest limb.
    h0 ^= text.charCodeAt(i);
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
    const t3 = h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16);
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return hex4(h3) + hex4(h2) + hex4(h1) + hex4(h0);
}

const hex4 = (limb: number) => limb.toString(16).padStart(4, '0');
