import { Injectable } from '@nestjs/common';
import { RemoveUnusedTaxCertificates } from '@store/application';
import { PeriodicJob } from '../jobs/periodic-job';

/** How often unused certificates are looked for in a served API: hourly is plenty for a day's grace. */
export const REMOVE_UNUSED_CERTIFICATES_EVERY_MS = 3_600_000;

/** Removes certificates nothing uses; runs on several instances skip each other's rows. */
@Injectable()
export class UnusedCertificatesJob extends PeriodicJob {
  constructor(private readonly removeUnused: RemoveUnusedTaxCertificates) {
    super('UnusedCertificates', REMOVE_UNUSED_CERTIFICATES_EVERY_MS, 'Removing unused tax certificates failed');
  }

  protected async work(): Promise<void> {
    const { removed, filesLeft } = await this.removeUnused.run();
    if (removed.length > 0) this.logger.log({ removed: removed.length }, 'Unused tax certificates removed');
    for (const certificate of filesLeft) this.logger.warn({ key: certificate.storageKey }, 'The file of a removed tax certificate could not be removed');
  }
}
