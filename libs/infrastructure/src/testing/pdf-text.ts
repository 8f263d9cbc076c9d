/**
 * The text an uncompressed pdfkit PDF shows, read back as a PDF reader copies it: each TJ array's hex
 * strings are decoded through the current font's ToUnicode map (embedded fonts write glyph ids), or
 * as Latin-1 for a standard font, which has none. One line per TJ.
 */
export function shownText(pdf: Uint8Array): string {
  const source = Buffer.from(pdf).toString('latin1');
  const objects = new Map([...source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)].map((match) => [match[1], match[2]]));
  // pdfkit names each font the same on every page (/F1, /F2 ...) in the pages' /Font resources.
  const fontObject = new Map<string, string>();
  for (const resources of source.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const entry of resources[1].matchAll(/\/(\w+)\s+(\d+) 0 R/g)) fontObject.set(entry[1], entry[2]);
  }
  const maps = new Map<string, Map<number, string> | null>();
  const toUnicode = (font: string) => {
    if (!maps.has(font)) {
      const reference = objects.get(fontObject.get(font) ?? '')?.match(/\/ToUnicode (\d+) 0 R/)?.[1];
      maps.set(font, reference === undefined ? null : readCMap(objects.get(reference) ?? ''));
    }
    return maps.get(font) ?? null;
  };
  const lines: string[] = [];
  let font = '';
  for (const operation of source.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ/g)) {
    if (operation[1] !== undefined) {
      font = operation[1];
      continue;
    }
    const map = toUnicode(font);
    const strings = [...operation[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => hex[1]);
    lines.push(
      strings
        .map((hex) => (map ? (hex.match(/.{4}/g) ?? []).map((code) => map.get(parseInt(code, 16)) ?? '').join('') : Buffer.from(hex, 'hex').toString('latin1')))
        .join(''),
    );
  }
  return lines.join('\n');
}

/** A ToUnicode CMap's bfrange arrays as pdfkit writes them: `<start> <end> [<utf16> <utf16 utf16> ...]`. */
function readCMap(stream: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of stream.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    const start = parseInt(range[1], 16);
    [...range[3].matchAll(/<([^>]*)>/g)].forEach((target, index) => {
      const units = target[1].split(/\s+/).filter(Boolean).map((unit) => parseInt(unit, 16));
      map.set(start + index, String.fromCharCode(...units));
    });
  }
  return map;
}
