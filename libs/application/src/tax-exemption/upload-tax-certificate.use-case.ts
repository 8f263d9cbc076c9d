import {
  CERTIFICATE_QUOTA,
  certificateQuotaBreach,
  checkCertificateUpload,
  DomainError,
  err,
  ok,
  sampleOf,
  type CertificateQuota,
  type CertificateQuotaBreach,
  type CertificateSample,
  type FormErrors,
  type Result,
  type TaxExemptionForm,
} from '@store/domain';
import type { BasketRepository } from '../basket/basket.ports';
import type { Clock, IdGenerator } from '../shared/ports';
import type { FileSource, FileStorage, StoredFile, TaxCertificate, TaxCertificateRepository } from './tax-exemption.ports';

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
  readonly file: { readonly name: string; readonly content: Uint8Array | ReceivedFile } | null;
}

/** An upload the API received to a temporary file: streamed to storage, checked from its sample. */
export interface ReceivedFile extends FileSource, CertificateSample {}

const QUOTA_ERRORS = { 'too-frequent': 'CERTIFICATE_UPLOADS_TOO_FREQUENT', 'over-budget': 'CERTIFICATE_STORAGE_FULL' } as const;
const quotaError = (breach: Exclude<CertificateQuotaBreach, null>) => new DomainError(QUOTA_ERRORS[breach]);

function validationFailure(errors: FormErrors<TaxExemptionForm>): DomainError {
  const fields = Object.fromEntries(
    (Object.keys(errors) as (keyof TaxExemptionForm)[]).map((field) => [CERTIFICATE_UPLOAD_FIELDS[field], [errors[field] as string]]),
  );
  return new DomainError('VALIDATION_FAILED', { fields });
}

/**
 * Keeps a signed-in customer's exemption certificate: checked in full first (spec 2 §5, the
 * file's bytes, and the customer's upload quota), then the file is stored and the record added
 * within the quota. Nothing is kept of a refused upload, and a record that cannot be added takes
 * its file with it.
 */
export class UploadTaxCertificate {
  constructor(
    private readonly certificates: TaxCertificateRepository,
    private readonly storage: FileStorage,
    private readonly baskets: BasketRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly quota: CertificateQuota = CERTIFICATE_QUOTA,
  ) {}

  /** Whether the customer may upload one more now: asked before the body is read, to refuse early. */
  async checkQuota(customerId: string): Promise<Result<null, DomainError>> {
    const usage = await this.certificates.usage(customerId, this.quota, this.clock.now());
    const breach = certificateQuotaBreach(usage, { uploads: 1, bytes: 0 }, this.quota);
    return breach ? err(quotaError(breach)) : ok(null);
  }

  async execute(command: UploadTaxCertificateCommand): Promise<Result<TaxCertificate, DomainError>> {
    const now = this.clock.now();
    const content = command.file?.content ?? null;
    const check = checkCertificateUpload(
      { ...command, file: command.file && content ? { name: command.file.name, bytes: content instanceof Uint8Array ? sampleOf(content) : content } : null },
      now,
    );
    if (!check.ok) return err(validationFailure(check.errors));
    // A passing check had a file to pass.
    const file = content as Uint8Array | ReceivedFile;
    const size = file instanceof Uint8Array ? file.length : file.size;
    // Its size is known now: the quota is claimed before anything is stored, so an upload over
    // it, alone or one of many sent at once, is refused without writing a byte.
    const id = this.ids.next();
    const breach = await this.certificates.claim({ id, customerId: command.customerId, size, at: now }, this.quota);
    if (breach) return err(quotaError(breach));

    let stored: StoredFile;
    try {
      stored = await this.storage.put(`tax-certificates/${id}`, file, check.contentType);
    } catch (error) {
      await this.certificates.release(id).catch(() => undefined);
      throw error;
    }
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
    let late: CertificateQuotaBreach;
    try {
      late = await this.certificates.add(certificate, this.quota);
    } catch (error) {
      // The record's failure is what the caller must hear about; a file left behind by a failed
      // removal is unreachable (no record names it) and harmless.
      await this.storage.delete(stored.key).catch(() => undefined);
      await this.certificates.release(id).catch(() => undefined);
      throw error;
    }
    if (late) {
      // Only when the claim outlived its time (a stalled store): the file goes with the refusal.
      await this.storage.delete(stored.key);
      return err(quotaError(late));
    }
    return ok(certificate);
  }

  private async ownBasket(command: UploadTaxCertificateCommand): Promise<string | null> {
    if (!command.basketReference) return null;
    const basket = await this.baskets.find(command.basketReference);
    return basket?.customerId === command.customerId ? basket.reference : null;
  }
}
