/** The text a PDF shows: pdfkit writes it as hex strings in TJ arrays, in the standard fonts' encoding. */
export function shownText(pdf: Uint8Array): string {
  const source = Buffer.from(pdf).toString('latin1');
  return [...source.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((match) => [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''))
    .join('\n');
}
