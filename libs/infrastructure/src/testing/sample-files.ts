/** Real files for upload tests and benchmarks, built here. */

/** A one-page PDF with a correct cross-reference table, padded by a comment to `size` bytes if given. */
export function pdf(size?: number): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'];
  const build = (padding: number) => {
    let body = `%PDF-1.4\n${padding > 0 ? `%${'x'.repeat(padding - 2)}\n` : ''}`;
    const offsets = objects.map((object, i) => {
      const offset = body.length;
      body += `${i + 1} 0 obj\n${object}\nendobj\n`;
      return offset;
    });
    const xref = body.length;
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  };
  const plain = build(0);
  if (size === undefined) return plain;
  // The xref offset's digit count may change with the padding; one correction settles it.
  const first = build(size - plain.length);
  return build(size - plain.length - (first.length - size));
}
