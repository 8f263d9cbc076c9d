import { paymentMethod, methodAvailable } from './payment-methods';
import type { StoreFeature } from './store-features';

/** The bank debits a customer can keep for later orders. */
export type SavedBankAccountKind = 'sepa' | 'us-bank-account';

/**
 * How the page names a saved bank account when paying with it: the store's own reference, never
 * the gateway's vault token. PLACE_ORDER carries it where a nonce goes; the server pays only a
 * reference it finds among that customer's saved accounts.
 */
const REFERENCE = /^sba_[0-9a-f]{32}$/;
export const SAVED_BANK_ACCOUNT_REFERENCE_PREFIX = 'sba_';

export const isSavedBankAccountReference = (value: string | null | undefined): value is string => typeof value === 'string' && REFERENCE.test(value);

/** A new reference from 16 random bytes. */
export function savedBankAccountReference(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error('A saved bank account reference takes 16 random bytes');
  return SAVED_BANK_ACCOUNT_REFERENCE_PREFIX + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a saved account can pay this basket: its debit's own rule (SEPA: euros billed to a SEPA
 * country; ACH: dollars billed to the US), with the store's switch for it on.
 */
export function savedBankAccountFits(kind: SavedBankAccountKind, context: { readonly billingCountry: string; readonly currency: string; readonly switchedOn: boolean }): boolean {
  const descriptor = paymentMethod(kind);
  const feature = descriptor.availability.feature;
  return methodAvailable(descriptor, { billingCountry: context.billingCountry, currency: context.currency, flags: context.switchedOn && feature ? [feature] : [] });
}

/** Whether the store has the saved account's debit switched on (a method needing no switch always is). */
export function savedBankAccountSwitchedOn(kind: SavedBankAccountKind, featuresOn: readonly StoreFeature[]): boolean {
  const feature = paymentMethod(kind).availability.feature;
  return feature === null || featuresOn.includes(feature);
}
