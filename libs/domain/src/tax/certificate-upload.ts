import { isTaxAuthority } from '../reference/tax-authorities';
import { validateForm, type FormErrors, type FormSchema, type Rule } from '../validation/rule';
import { taxExemptionSchema, type TaxExemptionForm } from '../validation/tax-exemption.rules';
import { checkCertificateFile, type CertificateKind, type CertificateSample } from './certificate-content';

/** Our choice: the form offers a fixed list, so another value was not chosen from it. */
export const UNKNOWN_TAX_AUTHORITY_MESSAGE = 'Choose a certificate tax authority from the list';

const HOUR_MS = 3_600_000;
const isoDate = (instant: number): string => new Date(instant).toISOString().slice(0, 10);

/**
 * The calendar dates it is somewhere on Earth at this instant: from UTC−12 to UTC+14. A shopper's
 * "today" is one of them, and the server cannot know which.
 */
export function calendarDatesAt(now: Date): { readonly earliest: string; readonly latest: string } {
  return { earliest: isoDate(now.getTime() - 12 * HOUR_MS), latest: isoDate(now.getTime() + 14 * HOUR_MS) };
}

/** Names longer than this are shortened, keeping the extension; the column holds 255. */
export const CERTIFICATE_FILE_NAME_MAX = 255;

/**
 * The name a certificate is kept and offered back under: no folders, no control characters (a
 * header or a log line must not be split by one), no surrounding spaces, at most 255 characters.
 */
export function cleanCertificateFileName(name: string): string {
  const folderEnd = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
  const base = name.slice(folderEnd + 1).replace(/\p{Cc}/gu, '').trim();
  if (base.length <= CERTIFICATE_FILE_NAME_MAX) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot) : '';
  return base.slice(0, CERTIFICATE_FILE_NAME_MAX - extension.length) + extension;
}

const knownAuthority: Rule = (value) => (isTaxAuthority(String(value)) ? null : UNKNOWN_TAX_AUTHORITY_MESSAGE);

/**
 * The certificate form's rules (spec 2 §5) as the server applies them. The browser checks the dates
 * against the shopper's own today; the server refuses only what is wrong in every time zone, so a
 * shopper in Hawaii can still upload a certificate on its last day while it is already tomorrow in
 * UTC: a start after the latest today on Earth, or an end before the earliest.
 */
export function certificateUploadSchema(now: Date): FormSchema<TaxExemptionForm> {
  const { earliest, latest } = calendarDatesAt(now);
  const startRules = taxExemptionSchema(latest);
  return {
    ...startRules,
    certificateTaxAuthority: [...(startRules.certificateTaxAuthority as readonly Rule[]), knownAuthority],
    endDate: taxExemptionSchema(earliest).endDate,
  };
}

export interface CertificateUpload {
  readonly taxAuthority: string;
  /** ISO dates, YYYY-MM-DD, as sent. */
  readonly startDate: string;
  readonly endDate: string;
  /** The whole bytes, or (for a file received to disk) its size, first bytes and last kilobyte. */
  readonly file: { readonly name: string; readonly bytes: Uint8Array | CertificateSample } | null;
}

export type CertificateUploadCheck =
  | { readonly ok: true; readonly kind: CertificateKind; readonly contentType: string; readonly fileName: string }
  | { readonly ok: false; readonly errors: FormErrors<TaxExemptionForm> };

/** Every rule an upload must pass, reporting each failing field once, with the form's field names. */
export function checkCertificateUpload(upload: CertificateUpload, now: Date): CertificateUploadCheck {
  const file = upload.file ? { name: cleanCertificateFileName(upload.file.name), bytes: upload.file.bytes } : null;
  const form: TaxExemptionForm = {
    certificateTaxAuthority: upload.taxAuthority,
    startDate: upload.startDate,
    endDate: upload.endDate,
    fileInput: file ? { name: file.name, size: file.bytes instanceof Uint8Array ? file.bytes.length : file.bytes.size } : null,
  };
  const errors = validateForm(form, certificateUploadSchema(now));
  // The bytes are looked at only once the name and size have passed.
  const content = file && !errors.fileInput ? checkCertificateFile(file.name, file.bytes) : null;
  if (content?.ok === false) errors.fileInput = content.message;
  if (file && content?.ok && Object.keys(errors).length === 0) {
    return { ok: true, kind: content.kind, contentType: content.contentType, fileName: file.name };
  }
  return { ok: false, errors };
}
