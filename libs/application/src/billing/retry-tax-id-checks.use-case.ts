import type { Clock, IdGenerator } from '../shared/ports';
import type { BillingRepository, TaxIdChecker } from './billing.ports';
import { TAX_ID_RETRY_MS } from './check-tax-id.use-case';

/**
 * Tries the unverified tax ID checks again (an online register was down or slow when the shopper
 * gave the number). Each new answer is stored as evidence and a definite answer settles the old
 * check. A valid number marks the address's tax ID valid; a refused one leaves it 'unverified' with
 * the refusal on record: the order already went on, so it is for people to follow up, not to undo.
 */
export class RetryTaxIdChecks {
  constructor(
    private readonly checker: TaxIdChecker,
    private readonly billing: BillingRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Returns how many checks were settled. */
  async execute(limit = 20): Promise<number> {
    const now = this.clock.now();
    const due = await this.billing.claimDueRetries(now, limit, new Date(now.getTime() + TAX_ID_RETRY_MS));
    let settled = 0;
    for (const check of due) {
      let verdict;
      try {
        verdict = await this.checker.check({ country: check.country, taxId: check.taxId, postalCode: check.postalCode });
      } catch {
        continue;
      }
      if (verdict.result === 'unverified') continue;
      await this.billing.recordCheck({
        id: this.ids.next(),
        customerId: check.customerId,
        country: check.country,
        taxId: check.taxId,
        postalCode: check.postalCode,
        checkedAt: this.clock.now(),
        retryAfter: null,
        ...verdict,
      });
      await this.billing.settle(check.id);
      if (verdict.result === 'valid') await this.billing.updateVatIdStatus(check.customerId, check.country, check.taxId, 'valid');
      settled += 1;
    }
    return settled;
  }
}
