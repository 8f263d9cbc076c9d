import { CERTIFICATE_INCOMPLETE_MESSAGE } from './certificate-content';
import { calendarDatesAt, checkCertificateUpload, cleanCertificateFileName, UNKNOWN_TAX_AUTHORITY_MESSAGE, type CertificateUpload } from './certificate-upload';

const jpeg = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00, 0xff, 0xd9);
const noon = new Date('2026-03-15T12:00:00Z');
const valid: CertificateUpload = { taxAuthority: 'CA', startDate: '2026-03-01', endDate: '2026-03-31', file: { name: 'cert.jpg', bytes: jpeg } };
const errorsOf = (upload: Partial<CertificateUpload>, now = noon) => {
  const check = checkCertificateUpload({ ...valid, ...upload }, now);
  return check.ok ? {} : check.errors;
};

describe('calendarDatesAt', () => {
  it('spans the dates from UTC−12 to UTC+14', () => {
    expect(calendarDatesAt(noon)).toEqual({ earliest: '2026-03-15', latest: '2026-03-16' });
    expect(calendarDatesAt(new Date('2026-03-15T09:59:59Z'))).toEqual({ earliest: '2026-03-14', latest: '2026-03-15' });
    expect(calendarDatesAt(new Date('2026-12-31T23:00:00Z'))).toEqual({ earliest: '2026-12-31', latest: '2027-01-01' });
  });
});

describe('cleanCertificateFileName', () => {
  it('drops folders, control characters and surrounding spaces', () => {
    expect(cleanCertificateFileName('../../etc/cert.pdf')).toBe('cert.pdf');
    expect(cleanCertificateFileName('C:\\Users\\me\\Tax cert.pdf')).toBe('Tax cert.pdf');
    expect(cleanCertificateFileName(' cert\r\nSet-Cookie: x.pdf\u0000 ')).toBe('certSet-Cookie: x.pdf');
    expect(cleanCertificateFileName('résumé 2026.pdf')).toBe('résumé 2026.pdf');
  });

  it('shortens a long name to 255 characters, keeping the extension', () => {
    const short = cleanCertificateFileName(`${'a'.repeat(300)}.jpeg`);
    expect(short).toHaveLength(255);
    expect(short.endsWith('a.jpeg')).toBe(true);
    expect(cleanCertificateFileName('b'.repeat(300))).toBe('b'.repeat(255));
    expect(cleanCertificateFileName(`${'c'.repeat(250)}.pdf`)).toBe(`${'c'.repeat(250)}.pdf`);
  });
});

describe('checkCertificateUpload', () => {
  it('accepts a valid upload, naming what the file is', () => {
    expect(checkCertificateUpload(valid, noon)).toEqual({ ok: true, kind: 'jpeg', contentType: 'image/jpeg', fileName: 'cert.jpg' });
  });

  it('checks and keeps the cleaned name', () => {
    const upload = { ...valid, file: { name: 'C:\\scans\\cert\u0007.jpg ', bytes: jpeg } };
    expect(checkCertificateUpload(upload, noon)).toMatchObject({ ok: true, fileName: 'cert.jpg' });
  });

  it('answers every failing field at once, in the words of spec 2 §5', () => {
    expect(errorsOf({ taxAuthority: ' ', startDate: '', endDate: '2026-02-30', file: null })).toEqual({
      certificateTaxAuthority: 'Certificate tax authority is required',
      startDate: 'Start date is required',
      endDate: 'Enter a valid date',
      fileInput: 'Certificate is required',
    });
    expect(errorsOf({ startDate: '1959-12-31', endDate: '2020-01-01' })).toEqual({
      startDate: 'Certificate start date is before 1 January 1960',
      endDate: 'Your certificate has expired',
    });
    expect(errorsOf({ startDate: '2027-01-01' })).toEqual({ startDate: 'Certificate start date is in the future' });
    expect(errorsOf({ startDate: '1960-01-01' })).toEqual({});
  });

  it('refuses an authority that is not on the list, exactly as stored', () => {
    expect(errorsOf({ taxAuthority: 'ZZ' })).toEqual({ certificateTaxAuthority: UNKNOWN_TAX_AUTHORITY_MESSAGE });
    expect(errorsOf({ taxAuthority: 'ca' })).toEqual({ certificateTaxAuthority: UNKNOWN_TAX_AUTHORITY_MESSAGE });
    expect(errorsOf({ taxAuthority: 'AA' })).toEqual({ certificateTaxAuthority: UNKNOWN_TAX_AUTHORITY_MESSAGE });
    expect(errorsOf({ taxAuthority: 'PR' })).toEqual({});
  });

  it('judges dates by the today of any time zone: a start today in Kiritimati, an end today in Baker Island', () => {
    // 23:30 UTC on 15 March: already the 16th in UTC+14, still the 15th in UTC−12.
    const late = new Date('2026-03-15T23:30:00Z');
    expect(errorsOf({ startDate: '2026-03-16', endDate: '2026-03-16' }, late)).toEqual({});
    expect(errorsOf({ startDate: '2026-03-17' }, late)).toEqual({ startDate: 'Certificate start date is in the future' });
    // 08:00 UTC on 16 March: still the 15th in UTC−12, so a certificate ending on the 15th has not expired there.
    const early = new Date('2026-03-16T08:00:00Z');
    expect(errorsOf({ startDate: '2026-03-01', endDate: '2026-03-15' }, early)).toEqual({});
    expect(errorsOf({ startDate: '2026-03-01', endDate: '2026-03-14' }, early)).toEqual({ endDate: 'Your certificate has expired' });
  });

  it('checks the name before the size, and the bytes only of a file whose name and size pass', () => {
    const exe = Uint8Array.of(0x4d, 0x5a, 0x90, 0x00);
    expect(errorsOf({ file: { name: 'cert.exe', bytes: exe } })).toEqual({ fileInput: 'File type is not supported' });
    expect(errorsOf({ file: { name: 'cert.pdf', bytes: exe } })).toEqual({ fileInput: 'File type is not supported' });
    expect(errorsOf({ file: { name: 'cert.jpg', bytes: jpeg.subarray(0, 6) } })).toEqual({ fileInput: CERTIFICATE_INCOMPLETE_MESSAGE });
    const tooLarge = new Uint8Array(10_485_761);
    tooLarge.set(jpeg.subarray(0, 6));
    expect(errorsOf({ file: { name: 'cert.jpg', bytes: tooLarge } })).toEqual({ fileInput: 'File size exceeds 10MB' });
  });

  it('refuses a good file when another field fails', () => {
    expect(checkCertificateUpload({ ...valid, endDate: '' }, noon)).toEqual({ ok: false, errors: { endDate: 'End date is required' } });
  });
});
