import { cardExpired } from './card-expiry';
import { savedBankAccountFits } from './saved-bank-accounts';
import { savedVenmoFits } from './saved-venmo';
import type { StoreFeature } from './store-features';

/**
 * The payment methods a customer can keep in the card gateway's vault for later orders: cards,
 * PayPal accounts (billing agreements), Venmo accounts (multi-use approvals), SEPA accounts under a
 * recurring mandate and US bank accounts that passed the network check. A customer may keep several
 * of each; one of them all is the default.
 */
export const SAVED_METHOD_KINDS = ['card', 'paypal', 'venmo', 'sepa', 'us-bank-account'] as const;
export type SavedMethodKind = (typeof SAVED_METHOD_KINDS)[number];

/** What the page may know of a saved method, by kind (never a card number, never the vault token). */
export type SavedMethodDetails =
  | { readonly kind: 'card'; readonly cardType: string; readonly bin: string; readonly last4: string; readonly expirationMonth: number; readonly expirationYear: number }
  | { readonly kind: 'paypal'; readonly email: string }
  | { readonly kind: 'venmo'; readonly username: string }
  | { readonly kind: 'sepa' | 'us-bank-account'; readonly last4: string; readonly mandateReference: string | null; readonly bankName: string | null };

/**
 * How the page names a saved method: the store's own reference, never the gateway's vault token.
 * PLACE_ORDER carries it; the server pays only a reference it finds among that customer's methods.
 */
const REFERENCE = /^spm_[0-9a-f]{32}$/;
export const SAVED_METHOD_REFERENCE_PREFIX = 'spm_';

export const isSavedMethodReference = (value: string | null | undefined): value is string => typeof value === 'string' && REFERENCE.test(value);

/** A new reference from 16 random bytes. */
export function savedMethodReference(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error('A saved payment method reference takes 16 random bytes');
  return SAVED_METHOD_REFERENCE_PREFIX + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a saved method can be chosen at all: 'expired' is a card past its expiry month, 'invalid'
 * one the gateway no longer has or refused as missing (each is shown, so it can be removed, but
 * never offered for paying).
 */
export type SavedMethodState = 'usable' | 'expired' | 'invalid';

export function savedMethodState(details: SavedMethodDetails, invalid: boolean, now: Date): SavedMethodState {
  if (invalid) return 'invalid';
  return details.kind === 'card' && cardExpired(details.expirationMonth, details.expirationYear, now) ? 'expired' : 'usable';
}

// Our choice: four dots stand for the hidden digits, as on card statements and the spec's saved card.
const HIDDEN_DIGITS = '••••';

/** How the account page and the checkout name a saved method, the same words in both places. */
export function describeSavedMethod(details: SavedMethodDetails): string {
  switch (details.kind) {
    case 'card':
      return `${HIDDEN_DIGITS} ${details.cardType.trim()} ending in ${details.last4} (expires ${String(details.expirationMonth).padStart(2, '0')}/${details.expirationYear})`;
    case 'paypal':
      return `PayPal ${details.email}`;
    case 'venmo':
      return `Venmo ${details.username.startsWith('@') ? details.username : `@${details.username}`}`;
    case 'sepa':
      return `SEPA Direct Debit from the account ending ${details.last4}${details.mandateReference ? ` (mandate ${details.mandateReference})` : ''}`;
    case 'us-bank-account':
      return `US bank account ending ${details.last4}${details.bankName ? ` at ${details.bankName}` : ''}`;
  }
}

/** What decides whether a saved method may pay a basket. */
export interface SavedMethodContext {
  readonly billingCountry: string;
  readonly currency: string;
  /** The store's payment features that are on (the page state's list). */
  readonly featuresOn: readonly StoreFeature[];
  /** Countries where the store does not offer PayPal. */
  readonly disabledPayPalCountries?: readonly string[];
}

/**
 * Whether a saved method may pay this basket: a card pays any; a PayPal account where PayPal is on
 * and offered in the billing country; Venmo and the bank debits by their own method's rule (Venmo:
 * US dollars billed to the US; SEPA: euros billed to a SEPA country; ACH: dollars billed to the US),
 * each with its switch on.
 */
export function savedMethodFits(kind: SavedMethodKind, context: SavedMethodContext): boolean {
  switch (kind) {
    case 'card':
      return true;
    case 'paypal':
      return context.featuresOn.includes('paypal') && !(context.disabledPayPalCountries ?? []).includes(context.billingCountry);
    case 'venmo':
      return savedVenmoFits(context);
    case 'sepa':
    case 'us-bank-account':
      return savedBankAccountFits(kind, { billingCountry: context.billingCountry, currency: context.currency, switchedOn: context.featuresOn.includes(kind) });
  }
}

/** Orders a customer's saved methods as both pages list them: the default first, then the newest first. */
export function savedMethodOrder<T extends { readonly isDefault: boolean; readonly createdAt: Date }>(methods: readonly T[]): T[] {
  return [...methods].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.createdAt.getTime() - a.createdAt.getTime());
}
