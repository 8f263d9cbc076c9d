/**
 * Bank debits (SEPA direct debit, US bank account): the sale is accepted at once but the money
 * is known to be there only when the debit settles (SEPA within days, ACH in 3–5 business days),
 * and even then the payer's bank can take it back (a return). Our rule for when an order paid so
 * gets its keys and downloads.
 */

/** When an order paid by a bank debit is released: at once, or when the debit settles. */
export type BankDebitRelease = 'at-authorisation' | 'at-settlement';

/**
 * Ours: the most released before a debit settles, per currency, in minor units. A debit is
 * returned most often for a first purchase from a new payer; software cannot be taken back once
 * downloaded, so the store risks no more than a typical order of one product on it.
 */
export const RELEASE_BEFORE_SETTLEMENT_LIMIT_MINOR: Readonly<Record<string, number>> = { EUR: 10_000, USD: 10_000 };

export interface BankDebitReleaseInput {
  /** What the debit is for, in minor units of its currency. */
  readonly amountMinor: number;
  readonly currency: string;
  /** Orders of this customer paid before, whose money arrived (cards, settled debits). */
  readonly settledOrdersBefore: number;
  /** Debits of this customer that failed or were returned before: a bank said no once. */
  readonly refusedDebitsBefore: number;
}

/**
 * Released at authorisation only for a customer the store has been paid by before, never
 * refused a debit, and within the limit; everyone else waits for the bank ('Waiting for your bank').
 */
export function bankDebitRelease(input: BankDebitReleaseInput): BankDebitRelease {
  const limit = RELEASE_BEFORE_SETTLEMENT_LIMIT_MINOR[input.currency.toUpperCase()];
  const trusted = input.settledOrdersBefore > 0 && input.refusedDebitsBefore === 0;
  return trusted && limit !== undefined && input.amountMinor <= limit ? 'at-authorisation' : 'at-settlement';
}

/** Where a debit stands: waiting for its bank, settled, declined at settlement, or returned after it. */
export type BankDebitState = 'pending' | 'settled' | 'declined' | 'returned';
