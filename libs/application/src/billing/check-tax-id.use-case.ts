import { normaliseTaxIdInput } from './tax-id-input';
import type { Clock, IdGenerator } from '../shared/ports';
import type { BillingRepository, TaxIdChecker, TaxIdVerdict } from './billing.ports';

/** A check of the same number answered within this time is reused rather than asked again. */
const REUSE_MS = 10 * 60 * 1000;
/** An unverified check is tried again after this long. */
export const TAX_ID_RETRY_MS = 60 * 60 * 1000;

export interface CheckTaxIdCommand {
  readonly customerId: string;
  readonly country: string;
  readonly taxId: string;
  readonly postalCode: string | null;
}

/**
 * Checks a tax ID through the tax ID port and keeps the evidence with the customer (result, time,
 * service and its reference). A check that could not be completed is 'unverified': accepted for
 * now and queued to be tried again. A checker that fails outright counts as unverified too.
 */
export class CheckTaxId {
  constructor(
    private readonly checker: TaxIdChecker,
    private readonly billing: BillingRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: CheckTaxIdCommand): Promise<TaxIdVerdict> {
    const country = command.country.toUpperCase();
    const taxId = normaliseTaxIdInput(command.taxId);
    const now = this.clock.now();
    const recent = await this.billing.latestCheck(command.customerId, country, taxId, new Date(now.getTime() - REUSE_MS));
    if (recent && recent.result !== 'unverified') return { result: recent.result, service: recent.service, reference: recent.reference };

    let verdict: TaxIdVerdict;
    try {
      verdict = await this.checker.check({ country, taxId, postalCode: command.postalCode });
    } catch {
      verdict = { result: 'unverified', service: 'error', reference: null };
    }
    await this.billing.recordCheck({
      id: this.ids.next(),
      customerId: command.customerId,
      country,
      taxId,
      postalCode: command.postalCode,
      checkedAt: now,
      retryAfter: verdict.result === 'unverified' ? new Date(now.getTime() + TAX_ID_RETRY_MS) : null,
      ...verdict,
    });
    return verdict;
  }
}
