import { api } from '../../../lib/api-client';

export interface TaxCertificateJson {
  readonly id: string;
  readonly tax_authority: string;
  readonly start_date: string;
  readonly end_date: string;
  readonly file_name: string;
  readonly content_type: string;
  readonly size: number;
}

/** POST /data/account/tax-certificate/ (multipart, spec 2 §7). */
export const uploadTaxCertificate = (form: { taxAuthority: string; startDate: string; endDate: string; file: File }) =>
  api.multipart<{ certificate: TaxCertificateJson }>('/data/account/tax-certificate/', {
    tax_authority: form.taxAuthority,
    start_date: form.startDate,
    end_date: form.endDate,
    file: form.file,
  });
