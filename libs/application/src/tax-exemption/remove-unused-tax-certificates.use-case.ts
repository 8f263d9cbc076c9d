import { CERTIFICATE_CLAIM_TTL_MS, CERTIFICATE_UNUSED_GRACE_MS } from '@store/domain';
import type { Clock } from '../shared/ports';
import type { FileStorage, RemovedCertificate, TaxCertificateRepository } from './tax-exemption.ports';

/** Certificates removed per batch: small enough that one statement holds few locks for long. */
const BATCH = 100;

export interface UnusedCertificatesRun {
  readonly removed: readonly RemovedCertificate[];
  /** Records removed whose file could not be: unreachable now, left for the store's own tools. */
  readonly filesLeft: readonly RemovedCertificate[];
}

/**
 * Removes the certificates nothing uses: no order records them, and no open basket would give them
 * to its order (only a basket's newest unused certificate is taken); and quota claims whose uploads
 * died. Anything younger than the grace period stays, so a certificate just uploaded is never
 * removed from under its checkout.
 * Runs from a timer in every API instance or from cron (`cli.js remove-unused-certificates`):
 * each record is removed by one run only, and a run that stops part-way loses nothing.
 */
export class RemoveUnusedTaxCertificates {
  constructor(
    private readonly certificates: TaxCertificateRepository,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly graceMs: number = CERTIFICATE_UNUSED_GRACE_MS,
  ) {}

  async run(): Promise<UnusedCertificatesRun> {
    const now = this.clock.now().getTime();
    await this.certificates.removeExpiredClaims(new Date(now - CERTIFICATE_CLAIM_TTL_MS));
    const before = new Date(now - this.graceMs);
    const removed: RemovedCertificate[] = [];
    const filesLeft: RemovedCertificate[] = [];
    for (;;) {
      // The record goes first: a file without a record is unreachable and harmless, whereas a
      // record without its file would fail its owner's download.
      const batch = await this.certificates.removeUnused(before, BATCH);
      for (const certificate of batch) {
        try {
          await this.storage.delete(certificate.storageKey);
          removed.push(certificate);
        } catch {
          filesLeft.push(certificate);
        }
      }
      if (batch.length < BATCH) return { removed, filesLeft };
    }
  }
}
