import { ErrorCatalogue, type CardCheckoutJson, type SavedMethodJson } from '@store/domain';
import type { VaultedPaymentMethod } from 'braintree-web/vault-manager';

/** Why a saved method cannot be chosen here: past its expiry month, or gone from the gateway (or refused for this basket). */
export type SavedMethodRefusal = 'expired' | 'invalid';

/**
 * The saved methods refused on this page, by reference: the server's answer to paying with one (or
 * the gateway's vault no longer listing it) outranks the state the checkout was loaded with, so a
 * refused method is shown as such and not chosen again without reloading.
 */
export type SavedRefusals = Readonly<Partial<Record<string, SavedMethodRefusal>>>;

/** A saved method as the checkout lists it: its state on this page, and the reason shown when it cannot be chosen. */
export interface ShownSavedMethod {
  readonly method: SavedMethodJson;
  readonly usable: boolean;
  readonly reason: string | null;
}

// Our words: short, beside the method's own description, so that the list stays one line each on a phone.
const REASONS: Readonly<Record<SavedMethodRefusal, string>> = { expired: 'Expired', invalid: 'No longer available' };

/** The checkout's saved methods in the order the server gives (the default first), each with its state on this page. */
export function shownSavedMethods(checkout: Pick<CardCheckoutJson, 'saved_methods'>, refusals: SavedRefusals): readonly ShownSavedMethod[] {
  return (checkout.saved_methods ?? []).map((method) => {
    const state = refusals[method.reference] ?? method.state;
    return { method, usable: state === 'usable', reason: state === 'usable' ? null : REASONS[state] };
  });
}

/** The option is offered while at least one saved method can pay. */
export const anySavedMethodUsable = (shown: readonly ShownSavedMethod[]): boolean => shown.some((entry) => entry.usable);

/** The method chosen when the list opens: the default when it can pay, otherwise the first that can. */
export function preselectedSavedMethod(shown: readonly ShownSavedMethod[]): ShownSavedMethod | null {
  return shown.find((entry) => entry.usable && entry.method.is_default) ?? shown.find((entry) => entry.usable) ?? null;
}

/** The shopper's choice while it can still pay; otherwise (refused meanwhile, or none made) the preselected one. */
export function chosenSavedMethod(shown: readonly ShownSavedMethod[], choice: string | null): ShownSavedMethod | null {
  return shown.find((entry) => entry.usable && entry.method.reference === choice) ?? preselectedSavedMethod(shown);
}

/** The radio's words: the method's description, and whether it is the default. */
export const savedMethodLabel = (method: SavedMethodJson): string => (method.is_default ? `${method.description} (default)` : method.description);

/**
 * What a refused payment says about the saved method that paid: an expired card, or one the gateway
 * no longer has (the server has marked it so) or that cannot pay this basket. Null for any other
 * refusal (a decline, a withdrawn PayPal consent): the method stays choosable.
 */
export function refusalOf(code: number | null): SavedMethodRefusal | null {
  if (code === ErrorCatalogue.SAVED_CARD_EXPIRED.code) return 'expired';
  const gone: readonly number[] = [
    ErrorCatalogue.SAVED_CARD_INVALID.code,
    ErrorCatalogue.SAVED_PAYPAL_INVALID.code,
    ErrorCatalogue.SAVED_BANK_ACCOUNT_INVALID.code,
    ErrorCatalogue.SAVED_VENMO_INVALID.code,
    ErrorCatalogue.SAVED_METHOD_UNAVAILABLE.code,
  ];
  return code !== null && gone.includes(code) ? 'invalid' : null;
}

const sameText = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();
const sameNumber = (a: string | undefined, b: number) => a !== undefined && a.trim() !== '' && Number(a) === b;

/**
 * The vault manager's entry for a saved card: the same BIN, last four, expiry month and year, and
 * card type. The customer may keep two cards that share a BIN and last digits (a card and its
 * renewal): the expiry tells them apart, so each pays only with its own nonce.
 */
export function vaultedCardFor(vaulted: readonly VaultedPaymentMethod[], method: SavedMethodJson): VaultedPaymentMethod | null {
  const card = method.card;
  if (method.kind !== 'card' || !card) return null;
  return (
    vaulted.find(
      ({ type, details }) =>
        type === 'CreditCard' &&
        details.bin === card.bin &&
        details.lastFour === card.last4 &&
        sameNumber(details.expirationMonth, card.expiration_month) &&
        sameNumber(details.expirationYear, card.expiration_year) &&
        sameText(details.cardType, card.card_type),
    ) ?? null
  );
}

/** The vault manager's entry for a saved PayPal account: the one with its payer's email. */
export function vaultedPayPalFor(vaulted: readonly VaultedPaymentMethod[], method: SavedMethodJson): VaultedPaymentMethod | null {
  if (method.kind !== 'paypal' || !method.account_name) return null;
  const email = method.account_name;
  return vaulted.find(({ type, details }) => type === 'PayPalAccount' && sameText(details.email, email)) ?? null;
}

/** A saved card's security code as the shopper finds it: four digits on the front of an American Express card, three on the back of the others. */
export interface SavedCardCode {
  readonly length: 3 | 4;
  readonly hint: string;
}

export function savedCardCode(method: SavedMethodJson): SavedCardCode {
  const amex = (method.card?.card_type ?? '').toLowerCase().replace(/[\s_-]/g, '') === 'americanexpress';
  // Ours: where to look, beside the field, so that the shopper need not know the brand's name for it.
  return amex ? { length: 4, hint: 'The 4 digits on the front of your card.' } : { length: 3, hint: 'The last 3 digits on the back of your card.' };
}

/**
 * A refused order that asks for the saved card's security code again, and the words said on the
 * field: it did not match (the gateway's CVV rules), or it was missing. Null for any other refusal.
 */
export function securityCodeRefusal(code: number | null): string | null {
  switch (code) {
    case ErrorCatalogue.CARD_SECURITY_CODE_INCORRECT.code:
      return ErrorCatalogue.CARD_SECURITY_CODE_INCORRECT.message;
    case ErrorCatalogue.CARD_CVV_VERIFICATION_FAILED.code:
      return ErrorCatalogue.CARD_CVV_VERIFICATION_FAILED.message;
    case ErrorCatalogue.SAVED_CARD_CVV_REQUIRED.code:
      return ErrorCatalogue.SAVED_CARD_CVV_REQUIRED.message;
    default:
      return null;
  }
}
