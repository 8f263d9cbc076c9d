import type { TaxCertificateJson } from '@store/domain';
import { api } from '../../../lib/api-client';

/** POST /data/account/tax-certificate/ (multipart, spec 2 §7). */
export const uploadTaxCertificate = (form: { taxAuthority: string; startDate: string; endDate: string; file: File }) =>
  api.multipart<{ certificate: TaxCertificateJson }>('/data/account/tax-certificate/', {
    tax_authority: form.taxAuthority,
    start_date: form.startDate,
    end_date: form.endDate,
    file: form.file,
  });

export type { TaxCertificateJson };
