import type { BillingAddress, BillingRepository, TaxIdChecker, TaxIdCheckRequest, TaxIdEvidence, TaxIdVerdict, VatIdStatus } from '../billing/billing.ports';
import type { InMemoryBasketRepository } from './in-memory-basket.repository';
import type { InMemoryPaymentStates } from './in-memory-payment-states';

interface StoredCheck extends TaxIdEvidence {
  readonly settled: boolean;
}

/**
 * Billing addresses and tax ID evidence in memory, as Postgres keeps them: saving an address voids
 * the payment state of the customer's baskets; a due retry is claimed by pushing its retry time on,
 * so a second claim before then finds nothing; a settled check stays on record, out of the queue.
 */
export class InMemoryBilling implements BillingRepository {
  readonly addresses = new Map<string, BillingAddress>();
  readonly checks: StoredCheck[] = [];

  constructor(
    private readonly baskets?: InMemoryBasketRepository,
    private readonly paymentStates?: InMemoryPaymentStates,
  ) {}

  async find(customerId: string): Promise<BillingAddress | null> {
    return this.addresses.get(customerId) ?? null;
  }

  async save(customerId: string, address: BillingAddress): Promise<void> {
    this.addresses.set(customerId, address);
    for (const basket of this.baskets?.baskets.values() ?? []) {
      if (basket.customerId === customerId) this.paymentStates?.states.delete(basket.reference);
    }
  }

  async recordCheck(evidence: TaxIdEvidence): Promise<void> {
    this.checks.push({ ...evidence, settled: false });
  }

  async latestCheck(customerId: string, country: string, taxId: string, since: Date): Promise<TaxIdEvidence | null> {
    const matching = this.checks
      .filter((check) => check.customerId === customerId && check.country === country && check.taxId === taxId && check.checkedAt >= since)
      .sort((a, b) => b.checkedAt.getTime() - a.checkedAt.getTime());
    return matching[0] ? this.evidence(matching[0]) : null;
  }

  async claimDueRetries(now: Date, limit: number, claimUntil: Date): Promise<TaxIdEvidence[]> {
    const due = this.checks
      .filter((check) => check.retryAfter !== null && check.retryAfter <= now)
      .sort((a, b) => (a.retryAfter as Date).getTime() - (b.retryAfter as Date).getTime())
      .slice(0, limit);
    for (const check of due) this.checks[this.checks.indexOf(check)] = { ...check, retryAfter: claimUntil };
    return due.map((check) => this.evidence({ ...check, retryAfter: claimUntil }));
  }

  async settle(checkId: string): Promise<void> {
    const index = this.checks.findIndex((check) => check.id === checkId);
    if (index >= 0) this.checks[index] = { ...this.checks[index], retryAfter: null, settled: true };
  }

  async updateVatIdStatus(customerId: string, country: string, vatId: string, status: VatIdStatus): Promise<void> {
    const address = this.addresses.get(customerId);
    if (address && address.country === country && address.vatId === vatId) this.addresses.set(customerId, { ...address, vatIdStatus: status });
  }

  private evidence(check: StoredCheck): TaxIdEvidence {
    const { id, customerId, country, taxId, postalCode, result, service, reference, checkedAt, retryAfter } = check;
    return { id, customerId, country, taxId, postalCode, result, service, reference, checkedAt, retryAfter };
  }
}

/**
 * A tax ID register that answers from a table (number -> verdict; anything else is valid), counts
 * what it was asked, and can be taken down so that every check throws.
 */
export class TableTaxIdChecker implements TaxIdChecker {
  readonly asked: TaxIdCheckRequest[] = [];
  down = false;

  constructor(private readonly verdicts: Record<string, TaxIdVerdict['result']> = {}) {}

  async check(request: TaxIdCheckRequest): Promise<TaxIdVerdict> {
    this.asked.push(request);
    if (this.down) throw new Error('The register did not answer');
    const result = this.verdicts[request.taxId] ?? 'valid';
    return { result, service: 'table', reference: `ref-${this.asked.length}` };
  }
}
