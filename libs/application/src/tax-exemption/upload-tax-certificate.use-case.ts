import { checkCertificateUpload, DomainError, err, ok, type FormErrors, type Result, type TaxExemptionForm } from '@store/domain';
import type { BasketRepository } from '../basket/basket.ports';
import type { Clock, IdGenerator } from '../shared/ports';
import type { FileStorage, TaxCertificate, TaxCertificateRepository } from './tax-exemption.ports';

/** The upload's field names (spec 2 §7: tax_authority, start_date, end_date, file) for each form field. */
export const CERTIFICATE_UPLOAD_FIELDS: Readonly<Record<keyof TaxExemptionForm, string>> = {
  certificateTaxAuthority: 'tax_authority',
  startDate: 'start_date',
  endDate: 'end_date',
  fileInput: 'file',
};

export interface UploadTaxCertificateCommand {
  readonly customerId: string;
  /** The basket the shopper's browser holds, if any; kept only when it is this customer's. */
  readonly basketReference: string | null;
  readonly taxAuthority: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly file: { readonly name: string; readonly bytes: Uint8Array } | null;
}

function validationFailure(errors: FormErrors<TaxExemptionForm>): DomainError {
  const fields = Object.fromEntries(
    (Object.keys(errors) as (keyof TaxExemptionForm)[]).map((field) => [CERTIFICATE_UPLOAD_FIELDS[field], [errors[field] as string]]),
  );
  return new DomainError('VALIDATION_FAILED', { fields });
}

/**
 * Keeps a signed-in customer's exemption certificate: checked in full first (spec 2 §5, and the
 * file's bytes), then the file is stored and the record added. Nothing is kept of a refused upload,
 * and a record that cannot be added takes its file with it.
 */
export class UploadTaxCertificate {
  constructor(
    private readonly certificates: TaxCertificateRepository,
    private readonly storage: FileStorage,
    private readonly baskets: BasketRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: UploadTaxCertificateCommand): Promise<Result<TaxCertificate, DomainError>> {
    const now = this.clock.now();
    const check = checkCertificateUpload(command, now);
    if (!check.ok) return err(validationFailure(check.errors));
    // A passing check had a file to pass.
    const bytes = (command.file as { readonly bytes: Uint8Array }).bytes;

    const id = this.ids.next();
    const stored = await this.storage.put(`tax-certificates/${id}`, bytes, check.contentType);
    const certificate: TaxCertificate = {
      id,
      customerId: command.customerId,
      taxAuthority: command.taxAuthority,
      startDate: command.startDate,
      endDate: command.endDate,
      fileName: check.fileName,
      contentType: stored.contentType,
      size: stored.size,
      storageKey: stored.key,
      sha256: stored.sha256,
      basketReference: await this.ownBasket(command),
      orderReference: null,
      createdAt: now,
    };
    try {
      await this.certificates.add(certificate);
    } catch (error) {
      // The record's failure is what the caller must hear about; a file left behind by a failed
      // removal is unreachable (no record names it) and harmless.
      await this.storage.delete(stored.key).catch(() => undefined);
      throw error;
    }
    return ok(certificate);
  }

  private async ownBasket(command: UploadTaxCertificateCommand): Promise<string | null> {
    if (!command.basketReference) return null;
    const basket = await this.baskets.find(command.basketReference);
    return basket?.customerId === command.customerId ? basket.reference : null;
  }
}
