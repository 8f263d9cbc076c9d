import { createHash } from 'node:crypto';
import type { CardRecord } from '../store';
import { cardTypeOf, luhnValid } from '../test-values';
import { isObject, stringOf, type JsonObject } from './http';

/** A validation error in the client API's shape, with the provider's code (validation_error_codes). */
export interface FieldError {
  readonly field: string;
  readonly code: string;
  readonly message: string;
}

const error = (field: string, code: string, message: string): FieldError => ({ field, code, message });

/** The provider's longest cardholder name (its validation error reference, 81723). */
const CARDHOLDER_NAME_MAX = 175;

function parseNumber(raw: string | null): string | FieldError {
  if (!raw) return error('number', '81714', 'Credit card number is required.');
  const number = raw.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return error('number', '81716', 'Credit card number must be 12-19 digits.');
  if (!luhnValid(number)) return error('number', '81715', 'Credit card number is invalid.');
  return number;
}

function parseExpiration(card: JsonObject): { month: string; year: string } | FieldError[] {
  let month = stringOf(card.expirationMonth)?.trim() ?? '';
  let year = stringOf(card.expirationYear)?.trim() ?? '';
  const date = stringOf(card.expirationDate)?.trim();
  // The provider takes the date as one field or as month and year, never both.
  if (date && month && year) return [error('expirationDate', '91708', 'Cannot provide expiration_date if you are also providing expiration_month and expiration_year.')];
  if (date) {
    const parts = /^(\d{1,2})\s*[/-]\s*(\d{2}|\d{4})$/.exec(date);
    if (!parts) return [error('expirationDate', '81710', 'Expiration date is invalid.')];
    [, month, year] = parts;
  }
  if (!month && !year) return [error('expirationDate', '81709', 'Expiration date is required.')];
  const errors: FieldError[] = [];
  if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12) errors.push(error('expirationMonth', '81712', 'Expiration month is invalid.'));
  if (/^\d{2}$/.test(year)) year = `20${year}`;
  if (!/^\d{4}$/.test(year) || Number(year) < 1976 || Number(year) > 2200) errors.push(error('expirationYear', '81713', 'Expiration year is invalid.'));
  return errors.length > 0 ? errors : { month: month.padStart(2, '0'), year };
}

/** The provider's unique number identifier: the same for every copy of a card number, opaque otherwise. */
export const uniqueNumberIdentifierOf = (number: string) => createHash('sha256').update(`payment-sandbox:${number}`).digest('hex').slice(0, 32);

/**
 * Reads `creditCard` from a tokenization request the way the client API validates it: number
 * (length, Luhn), expiry (date or month and year), CVV length for the card type, name length.
 * Expiry in the past is accepted, as the provider accepts it until a verification or a sale.
 */
export function parseCard(input: unknown): CardRecord | FieldError[] {
  const card = isObject(input) ? input : {};
  const errors: FieldError[] = [];
  const number = parseNumber(stringOf(card.number));
  if (typeof number !== 'string') errors.push(number);
  const expiration = parseExpiration(card);
  if (Array.isArray(expiration)) errors.push(...expiration);
  const cardType = typeof number === 'string' ? (cardTypeOf(number) ?? 'Unknown') : 'Unknown';
  const cvv = stringOf(card.cvv)?.trim() || null;
  if (cvv !== null && !new RegExp(cardType === 'American Express' ? '^\\d{4}$' : '^\\d{3}$').test(cvv)) {
    errors.push(error('cvv', '81707', 'CVV must be 4 digits for American Express and 3 digits for other card types.'));
  }
  const cardholderName = stringOf(card.cardholderName)?.trim() || null;
  if (cardholderName && cardholderName.length > CARDHOLDER_NAME_MAX) errors.push(error('cardholderName', '81723', 'Cardholder name is too long.'));
  if (errors.length > 0 || typeof number !== 'string' || Array.isArray(expiration)) return errors;
  const billingAddress = isObject(card.billingAddress) ? card.billingAddress : {};
  return {
    number,
    bin: number.slice(0, 6),
    last4: number.slice(-4),
    cardType,
    expirationMonth: expiration.month,
    expirationYear: expiration.year,
    cardholderName,
    cvv,
    postalCode: stringOf(billingAddress.postalCode)?.trim() || null,
    uniqueNumberIdentifier: uniqueNumberIdentifierOf(number),
  };
}

/** A 422 body in the client API's shape; braintree-web reads `fieldErrors[0].fieldErrors[0].code`. */
export const validationErrorBody = (errors: readonly FieldError[]) => ({
  error: { message: errors.map((entry) => entry.message).join('\n') },
  fieldErrors: [{ field: 'creditCard', fieldErrors: errors }],
});
