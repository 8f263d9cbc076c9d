import type { TaxCertificate } from '@store/application';
import type { TaxCertificateJson } from '@store/domain';

export function taxCertificateJson(certificate: TaxCertificate): TaxCertificateJson {
  return {
    id: certificate.id,
    tax_authority: certificate.taxAuthority,
    start_date: certificate.startDate,
    end_date: certificate.endDate,
    file_name: certificate.fileName,
    content_type: certificate.contentType,
    size: certificate.size,
  };
}
