import fc from 'fast-check';
import { CERTIFICATE_FILE_TYPES } from '../validation/tax-exemption.rules';
import {
  CERTIFICATE_CONTENT_TYPES,
  CERTIFICATE_EXTENSIONS,
  CERTIFICATE_INCOMPLETE_MESSAGE,
  checkCertificateFile,
  isCompleteCertificate,
  sniffCertificateKind,
} from './certificate-content';

const ascii = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));
const join = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

/** A one-page PDF whose cross-reference table points at its objects, as a viewer expects. */
function pdf(trailing = '\n'): Uint8Array {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF${trailing}`;
  return ascii(body);
}

const PNG = join(
  Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  Uint8Array.of(0, 0, 0, 13), ascii('IHDR'), Uint8Array.of(0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0, 0x3a, 0x7e, 0x9b, 0x55),
  Uint8Array.of(0, 0, 0, 0), ascii('IEND'), Uint8Array.of(0xae, 0x42, 0x60, 0x82),
);
const JPEG = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9);
const ELF = join(Uint8Array.of(0x7f), ascii('ELF'), Uint8Array.of(2, 1, 1, 0, 0, 0, 0, 0));
const WINDOWS_EXE = join(ascii('MZ'), new Uint8Array(62));

describe('sniffCertificateKind', () => {
  it('reads the kind from the first bytes', () => {
    expect(sniffCertificateKind(pdf())).toBe('pdf');
    expect(sniffCertificateKind(PNG)).toBe('png');
    expect(sniffCertificateKind(JPEG)).toBe('jpeg');
  });

  it.each([
    ['an ELF executable', ELF],
    ['a Windows executable', WINDOWS_EXE],
    ['a zip archive', join(ascii('PK'), Uint8Array.of(3, 4))],
    ['text', ascii('%PD not quite')],
    ['a signature cut short', Uint8Array.of(0x89, 0x50, 0x4e)],
    ['nothing', new Uint8Array(0)],
  ])('knows no kind for %s', (_, bytes) => {
    expect(sniffCertificateKind(bytes)).toBeNull();
  });
});

describe('isCompleteCertificate', () => {
  it('accepts whole files, a PDF with trailing whitespace or NUL padding too', () => {
    expect(isCompleteCertificate('pdf', pdf())).toBe(true);
    expect(isCompleteCertificate('pdf', pdf(''))).toBe(true);
    expect(isCompleteCertificate('pdf', pdf('\r\n \t\0\0'))).toBe(true);
    expect(isCompleteCertificate('png', PNG)).toBe(true);
    expect(isCompleteCertificate('jpeg', JPEG)).toBe(true);
  });

  it('refuses every PDF cut short, however little is missing', () => {
    const whole = pdf('');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: whole.length - 1 }), (missing) => {
        expect(isCompleteCertificate('pdf', whole.subarray(0, whole.length - missing))).toBe(false);
      }),
    );
  });

  it('refuses a PDF with data after its end marker, the marker outside its last 1024 bytes, or startxref missing or pointing outside', () => {
    expect(isCompleteCertificate('pdf', join(pdf(''), ascii('\ngarbage')))).toBe(false);
    expect(isCompleteCertificate('pdf', pdf(' '.repeat(1000)))).toBe(true);
    expect(isCompleteCertificate('pdf', pdf(' '.repeat(1030)))).toBe(false);
    expect(isCompleteCertificate('pdf', ascii('%PDF-1.4\n%%EOF\n'))).toBe(false);
    expect(isCompleteCertificate('pdf', ascii('%PDF-1.4\nstartxref\n999\n%%EOF\n'))).toBe(false);
    expect(isCompleteCertificate('pdf', ascii('%PDF-1.4\nstartxref\n9\n%%EOF\n'))).toBe(true);
  });

  it('refuses a PNG without IHDR first or IEND last, and a JPEG without its end marker', () => {
    for (let cut = 1; cut < 12; cut++) expect(isCompleteCertificate('png', PNG.subarray(0, PNG.length - cut))).toBe(false);
    expect(isCompleteCertificate('png', join(PNG.subarray(0, 12), ascii('IDAT'), PNG.subarray(16)))).toBe(false);
    expect(isCompleteCertificate('png', join(PNG, Uint8Array.of(0)))).toBe(false);
    // The signature alone, with its last byte doubling as an end marker, is not a whole image.
    expect(isCompleteCertificate('jpeg', Uint8Array.of(0xff, 0xd8, 0xff))).toBe(false);
    expect(isCompleteCertificate('jpeg', Uint8Array.of(0xff, 0xd8, 0xff, 0xd9))).toBe(false);
    expect(isCompleteCertificate('jpeg', JPEG.subarray(0, JPEG.length - 1))).toBe(false);
  });
});

describe('checkCertificateFile', () => {
  it('accepts each kind under a matching name, reporting its content type', () => {
    expect(checkCertificateFile('Exemption.PDF', pdf())).toEqual({ ok: true, kind: 'pdf', contentType: 'application/pdf' });
    expect(checkCertificateFile('scan.png', PNG)).toEqual({ ok: true, kind: 'png', contentType: 'image/png' });
    expect(checkCertificateFile('photo.jpg', JPEG)).toEqual({ ok: true, kind: 'jpeg', contentType: 'image/jpeg' });
    expect(checkCertificateFile('photo.jpeg', JPEG)).toMatchObject({ ok: true, kind: 'jpeg' });
  });

  it.each([
    ['a renamed ELF executable', 'cert.pdf', ELF],
    ['a renamed Windows executable', 'cert.pdf', WINDOWS_EXE],
    ['a PNG posing as a PDF', 'cert.pdf', PNG],
    ['a PDF under a name the form does not allow', 'cert.exe', pdf()],
    ['a PDF without an extension', 'cert', pdf()],
  ])('refuses %s as a file type that is not supported', (_, name, bytes) => {
    expect(checkCertificateFile(name, bytes)).toEqual({ ok: false, message: 'File type is not supported' });
  });

  it('refuses an empty or truncated file as incomplete', () => {
    expect(checkCertificateFile('cert.pdf', new Uint8Array(0))).toEqual({ ok: false, message: CERTIFICATE_INCOMPLETE_MESSAGE });
    expect(checkCertificateFile('cert.pdf', pdf().subarray(0, 200))).toEqual({ ok: false, message: CERTIFICATE_INCOMPLETE_MESSAGE });
  });

  it('allows exactly the extensions of the form, each with one content type', () => {
    expect(Object.values(CERTIFICATE_EXTENSIONS).flat().sort()).toEqual([...CERTIFICATE_FILE_TYPES].sort());
    expect(Object.keys(CERTIFICATE_CONTENT_TYPES).sort()).toEqual(Object.keys(CERTIFICATE_EXTENSIONS).sort());
  });
});
