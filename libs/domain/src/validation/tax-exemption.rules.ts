import { Messages } from './messages';
import type { FormSchema, Rule } from './rule';
import { fileType, maxFileSize, required, type FileFacts } from './rules';

export interface TaxExemptionForm {
  readonly certificateTaxAuthority: string;
  /** ISO dates, YYYY-MM-DD. */
  readonly startDate: string;
  readonly endDate: string;
  readonly fileInput: FileFacts | null;
}

export const EARLIEST_CERTIFICATE_START = '1960-01-01';
export const CERTIFICATE_MAX_BYTES = 10_485_760;
export const CERTIFICATE_FILE_TYPES = ['pdf', 'jpg', 'jpeg', 'png'] as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in YYYY-MM-DD form (so 2023-02-29 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** The first and last day of today's month: the form's defaults (spec 2 §5). */
export function defaultCertificateDates(today: string): { startDate: string; endDate: string } {
  const [year, month] = today.split('-').map(Number);
  const mm = String(month).padStart(2, '0');
  return { startDate: `${year}-${mm}-01`, endDate: `${year}-${mm}-${daysInMonth(year, month)}` };
}

// Our choice: the labels of the certificate form.
export const TAX_EXEMPTION_LABELS = {
  certificateTaxAuthority: 'Certificate tax authority',
  startDate: 'Start date',
  endDate: 'End date',
  fileInput: 'Upload your certificate',
} as const;

const dateRule =
  (label: string, check: (date: string) => string | null): Rule =>
  (value) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') return Messages.required(label);
    if (!isIsoDate(text)) return Messages.invalidDate;
    return check(text);
  };

/** The certificate form's rules; ISO dates compare correctly as strings. */
export function taxExemptionSchema(today: string): FormSchema<TaxExemptionForm> {
  return {
    certificateTaxAuthority: [required(TAX_EXEMPTION_LABELS.certificateTaxAuthority)],
    startDate: [
      dateRule(TAX_EXEMPTION_LABELS.startDate, (date) =>
        date < EARLIEST_CERTIFICATE_START ? Messages.certificateStartBefore1960 : date > today ? Messages.certificateStartInFuture : null,
      ),
    ],
    endDate: [dateRule(TAX_EXEMPTION_LABELS.endDate, (date) => (date < today ? Messages.certificateExpired : null))],
    fileInput: [
      (file: unknown) => (file ? null : Messages.certificateRequired),
      fileType(CERTIFICATE_FILE_TYPES) as Rule,
      maxFileSize(CERTIFICATE_MAX_BYTES, Messages.certificateTooLarge) as Rule,
    ],
  } as FormSchema<TaxExemptionForm>;
}
