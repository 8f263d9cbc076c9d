/** The standing of a billing address's tax ID: checked and valid, accepted unchecked for now, or exempt from checks (JP). */
export type VatIdStatus = 'valid' | 'unverified' | 'not-checked';

export interface BillingAddress {
  readonly line1: string;
  readonly line2: string | null;
  readonly line3: string | null;
  readonly city: string;
  readonly county: string | null;
  readonly state: string | null;
  readonly postalCode: string;
  readonly country: string;
  readonly vatId: string | null;
  readonly vatIdStatus: VatIdStatus | null;
}

export interface TaxIdCheckRequest {
  readonly country: string;
  readonly taxId: string;
  readonly postalCode: string | null;
}

/**
 * What a tax ID service said. 'unverified' means the check could not be completed (service down or
 * slow): not a refusal, the number is accepted for now and checked again later.
 */
export interface TaxIdVerdict {
  readonly result: 'valid' | 'invalid' | 'unverified';
  /** Which check answered: 'offline' (format and checksum) or an online service's name. */
  readonly service: string;
  /** The service's own reference for the check, kept as evidence. */
  readonly reference: string | null;
}

/** The tax ID port: offline format checks, or an online register such as EU VIES. */
export interface TaxIdChecker {
  check(request: TaxIdCheckRequest): Promise<TaxIdVerdict>;
}
export const TAX_ID_CHECKER = Symbol('TaxIdChecker');

export interface TaxIdEvidence extends TaxIdVerdict {
  readonly id: string;
  readonly customerId: string;
  readonly country: string;
  readonly taxId: string;
  readonly postalCode: string | null;
  readonly checkedAt: Date;
  /** Set for an unverified check: when to try again. */
  readonly retryAfter: Date | null;
}

export interface BillingRepository {
  find(customerId: string): Promise<BillingAddress | null>;
  /** Saves the address and, in the same transaction, voids the payment state of the customer's baskets (spec 2 §4). */
  save(customerId: string, address: BillingAddress): Promise<void>;
  recordCheck(evidence: TaxIdEvidence): Promise<void>;
  /** The newest check of this number for this customer since a time, to reuse instead of asking again. */
  latestCheck(customerId: string, country: string, taxId: string, since: Date): Promise<TaxIdEvidence | null>;
  /** Unverified checks due for another try, oldest first; each is claimed so that one instance retries it. */
  claimDueRetries(now: Date, limit: number, claimUntil: Date): Promise<TaxIdEvidence[]>;
  /** Marks an earlier unverified check as settled by a newer one. */
  settle(checkId: string): Promise<void>;
  /** Sets the status of a stored address's tax ID when it still is this number. */
  updateVatIdStatus(customerId: string, country: string, vatId: string, status: VatIdStatus): Promise<void>;
}
export const BILLING_REPOSITORY = Symbol('BillingRepository');
