import { DomainError, err, ok, type Result } from '@store/domain';
import type { FileStorage, TaxCertificate, TaxCertificateRepository } from './tax-exemption.ports';

export interface TaxCertificateFile {
  readonly certificate: TaxCertificate;
  readonly bytes: Uint8Array;
}

/**
 * A certificate's file, for the customer who uploaded it only. Signed out, someone else's, unknown
 * or malformed: all answer the same 404, so nobody learns which certificates exist.
 */
export class GetTaxCertificateFile {
  constructor(
    private readonly certificates: TaxCertificateRepository,
    private readonly storage: FileStorage,
  ) {}

  async execute(id: string, customerId: string | null): Promise<Result<TaxCertificateFile, DomainError>> {
    const certificate = customerId ? await this.certificates.findOwned(id, customerId) : null;
    if (!certificate) return err(new DomainError('NOT_FOUND'));
    const file = await this.storage.get(certificate.storageKey);
    // A record without its file is our fault, not the shopper's: an error for operators to see.
    if (!file) throw new Error(`The file of tax certificate ${certificate.id} is missing from storage`);
    return ok({ certificate, bytes: file.bytes });
  }
}
