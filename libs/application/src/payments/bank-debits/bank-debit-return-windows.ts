import { paymentMethod } from '@store/domain';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Ours: how long after it settled a bank debit can still come back, by method, counted from the
 * moment the store learned it settled. ACH: a consumer's bank may return an unauthorised debit
 * until the second banking day after the 60th calendar day from settlement (R05, R07, R10). SEPA
 * Core: the payer may ask for an authorised debit back for 8 weeks (56 days). Each with a week more
 * for the return to travel through the banks and the provider. A SEPA debit the payer says he
 * never authorised can come back for 13 months; that rare case is left to the provider's
 * notification, as looking every debit up daily for over a year would cost more than it finds.
 */
export const BANK_DEBIT_RETURN_WINDOW_DAYS = { sepa: 56 + 7, 'us-bank-account': 60 + 7 } as const;

/**
 * The windows as the store's records can apply them: by the order's currency, since each bank
 * debit method takes exactly one currency (SEPA euros, ACH dollars).
 */
export function bankDebitReturnWindows(now: Date): readonly { readonly currency: string; readonly settledSince: Date }[] {
  return Object.entries(BANK_DEBIT_RETURN_WINDOW_DAYS).flatMap(([method, days]) => {
    const currencies = paymentMethod(method as keyof typeof BANK_DEBIT_RETURN_WINDOW_DAYS).availability.currencies;
    if (currencies === 'any') throw new Error(`The bank debit method ${method} must name its currencies`);
    return currencies.map((currency) => ({ currency, settledSince: new Date(now.getTime() - days * DAY_MS) }));
  });
}
