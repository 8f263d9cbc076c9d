import type { CardRecord } from '../store';
import type { FieldError } from './card-input';
import { isObject, stringOf } from './http';

/**
 * A security code typed again for a saved card. braintree-web's Hosted Fields with only its `cvv`
 * field sends the client API's `payment_methods/credit_cards` a `creditCard` holding the code alone
 * (and `options.validate`); the gateway answers a CVV-only nonce, which a sale then pairs with the
 * saved card's token (`payment_method_token` + `payment_method_nonce`).
 */

// The card fields a CVV-only request lacks, as our frame spells them and as the provider's frame does.
const CARD_KEYS = ['number', 'expirationDate', 'expirationMonth', 'expirationYear', 'expiration_date', 'expiration_month', 'expiration_year'];

const given = (card: Record<string, unknown>, key: string) => (stringOf(card[key])?.trim() ?? '') !== '';

/** Whether a tokenization asks for the code alone: a cvv, and no number and no expiry. */
export function isCvvOnlyRequest(input: unknown): boolean {
  return isObject(input) && given(input, 'cvv') && !CARD_KEYS.some((key) => given(input, key));
}

/** What a CVV-only nonce keeps: the code, on a card that is otherwise empty (no number, no brand, no expiry). */
export function cvvOnlyCard(cvv: string): CardRecord {
  return { number: '', bin: '', last4: '', cardType: 'Unknown', expirationMonth: '', expirationYear: '', cardholderName: null, cvv, postalCode: null, uniqueNumberIdentifier: '' };
}

/** Without a number the brand is unknown, so three or four digits are both a code (the provider's 81707 otherwise). */
export function cvvOnlyProblem(cvv: string): FieldError | null {
  return /^\d{3,4}$/.test(cvv) ? null : { field: 'cvv', code: '81707', message: 'CVV must be 4 digits for American Express and 3 digits for other card types.' };
}

/** Whether a code has the length of the card's brand: four digits for American Express, three for the others. */
export const cvvFitsCard = (cvv: string, card: Pick<CardRecord, 'cardType'>): boolean => (card.cardType === 'American Express' ? /^\d{4}$/ : /^\d{3}$/).test(cvv);
