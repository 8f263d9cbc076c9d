import { paymentMethod, methodAvailable } from './payment-methods';

/** The bank debits a customer can keep for later orders. */
export type SavedBankAccountKind = 'sepa' | 'us-bank-account';

/**
 * Whether a saved account can pay this basket: its debit's own rule (SEPA: euros billed to a SEPA
 * country; ACH: dollars billed to the US), with the store's switch for it on.
 */
export function savedBankAccountFits(kind: SavedBankAccountKind, context: { readonly billingCountry: string; readonly currency: string; readonly switchedOn: boolean }): boolean {
  const descriptor = paymentMethod(kind);
  const feature = descriptor.availability.feature;
  return methodAvailable(descriptor, { billingCountry: context.billingCountry, currency: context.currency, flags: context.switchedOn && feature ? [feature] : [] });
}
