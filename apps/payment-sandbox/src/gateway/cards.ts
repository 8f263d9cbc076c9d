import { uniqueNumberIdentifierOf } from '../client-api/card-input';
import type { CardRecord } from '../store';
import { cardTypeOf, luhnValid } from '../test-values';
import type { Params } from './params';

export interface CardInput {
  readonly number: string;
  readonly expirationMonth: string;
  readonly expirationYear: string;
  readonly cvv?: string | null;
  readonly cardholderName?: string | null;
  readonly postalCode?: string | null;
}

/** Two-digit month and four-digit year, as the gateway returns them. */
export function normalizeExpiration(month: string, year: string): { month: string; year: string } | null {
  const monthNumber = Number(month);
  if (!/^\d{1,2}$/.test(month.trim()) || monthNumber < 1 || monthNumber > 12) return null;
  const trimmedYear = year.trim();
  if (!/^(\d{2}|\d{4})$/.test(trimmedYear)) return null;
  return { month: String(monthNumber).padStart(2, '0'), year: trimmedYear.length === 2 ? `20${trimmedYear}` : trimmedYear };
}

/** `MM/YY` or `MM/YYYY`. */
export function parseExpirationDate(date: string): { month: string; year: string } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(date);
  return match ? normalizeExpiration(match[1], match[2]) : null;
}

/** Ours: one digest of the number for every way a card arrives (a test nonce, the client API), as the provider's is one per number. */
export const uniqueNumberIdentifier = uniqueNumberIdentifierOf;

export function cardRecord(input: CardInput): CardRecord {
  const number = input.number.replace(/[\s-]/g, '');
  return {
    number,
    bin: number.slice(0, 6),
    last4: number.slice(-4),
    cardType: cardTypeOf(number) ?? 'Unknown',
    expirationMonth: input.expirationMonth,
    expirationYear: input.expirationYear,
    cardholderName: input.cardholderName ?? null,
    cvv: input.cvv ?? null,
    postalCode: input.postalCode ?? null,
    uniqueNumberIdentifier: uniqueNumberIdentifier(number),
  };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(card: Pick<CardRecord, 'expirationMonth' | 'expirationYear'>, now = new Date()): boolean {
  const year = Number(card.expirationYear);
  const month = Number(card.expirationMonth);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  return year * 12 + month < current;
}

/** The vault keeps no CVV: a stored card is charged later without one. */
export const withoutCvv = (card: CardRecord): CardRecord => ({ ...card, cvv: null });

/** One card field's validation error (the caller nests it under its resource's path). */
export interface CardFieldError {
  readonly attribute: string;
  readonly code: string;
  readonly message: string;
}

const cardError = (attribute: string, code: string, message: string): CardFieldError => ({ attribute, code, message });

/** The provider's limits on a card's fields (its validation errors reference). */
export const CARDHOLDER_NAME_MAX = 175;
const YEAR_RANGE = { min: 1975, max: 2201 } as const;
const YEAR_MESSAGE = 'It must be between 1975 and 2201.';

export interface CardDetailsRules {
  /** A new card needs a number and an expiry; an update or a nonce's card does not. */
  readonly requireNumber: boolean;
  readonly requireExpiration: boolean;
}

export interface CardDetails {
  readonly number: string | null;
  readonly expiration: { readonly month: string; readonly year: string } | null;
  readonly cvv: string | null;
  readonly cardholderName: string | null;
}

/**
 * The card fields of a request (`number`, `expiration_date` or `expiration_month` and
 * `expiration_year`, `cvv`, `cardholder_name`) checked as the provider checks them, every error at
 * once: the number's presence (81714), its length (81716), its digits and check digit (81715); the
 * expiry's presence (81709), a date given both ways (91708), its format (81710), month (81712) and
 * year (81711 in a date, 81713 alone); the CVV's length for the card's brand (81707); the
 * cardholder name's length (81723).
 */
export function checkCardDetails(params: Params, rules: CardDetailsRules): { details: CardDetails } | { errors: CardFieldError[] } {
  const errors: CardFieldError[] = [];
  const rawNumber = params.string('number');
  let number: string | null = null;
  if (rawNumber === null || rawNumber.trim() === '') {
    if (rules.requireNumber || rawNumber !== null) errors.push(cardError('number', '81714', 'Credit card number is required.'));
  } else {
    // The length is checked first, on whatever was sent ("invalid" is 81716); anything of a card's
    // length that is not digits passing the check digit is 81715 ("invalid card number", as the
    // provider's SDK specs show).
    const digits = rawNumber.replace(/[\s-]/g, '');
    if (digits.length < 12 || digits.length > 19) errors.push(cardError('number', '81716', 'Credit card number must be 12-19 digits.'));
    else if (!/^\d+$/.test(digits) || !luhnValid(digits)) errors.push(cardError('number', '81715', 'Credit card number is invalid.'));
    else number = digits;
  }

  const date = params.string('expiration_date');
  const month = params.string('expiration_month');
  const year = params.string('expiration_year');
  let expiration: CardDetails['expiration'] = null;
  const given = (value: string | null) => value !== null && value.trim() !== '';
  if (given(date) && (given(month) || given(year))) {
    errors.push(cardError('expiration_date', '91708', 'Cannot provide expiration_date if you are also providing expiration_month and expiration_year.'));
  } else if (given(date)) {
    const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(date ?? '');
    if (!match) errors.push(cardError('expiration_date', '81710', 'Expiration date is invalid.'));
    else {
      const fullYear = match[2].length === 2 ? `20${match[2]}` : match[2];
      const monthNumber = Number(match[1]);
      if (monthNumber < 1 || monthNumber > 12) errors.push(cardError('expiration_month', '81712', 'Expiration month is invalid.'));
      else if (Number(fullYear) < YEAR_RANGE.min || Number(fullYear) > YEAR_RANGE.max) errors.push(cardError('expiration_year', '81711', `Expiration date year is invalid. ${YEAR_MESSAGE}`));
      else expiration = { month: String(monthNumber).padStart(2, '0'), year: fullYear };
    }
  } else if (given(month) || given(year)) {
    const monthOk = given(month) && /^\s*\d{1,2}\s*$/.test(month ?? '') && Number(month) >= 1 && Number(month) <= 12;
    const trimmedYear = (year ?? '').trim();
    const fullYear = trimmedYear.length === 2 ? `20${trimmedYear}` : trimmedYear;
    const yearOk = /^(\d{2}|\d{4})$/.test(trimmedYear) && Number(fullYear) >= YEAR_RANGE.min && Number(fullYear) <= YEAR_RANGE.max;
    if (!monthOk) errors.push(cardError('expiration_month', '81712', 'Expiration month is invalid.'));
    if (!yearOk) errors.push(cardError('expiration_year', '81713', `Expiration year is invalid. ${YEAR_MESSAGE}`));
    if (monthOk && yearOk) expiration = { month: String(Number(month)).padStart(2, '0'), year: fullYear };
  } else if (rules.requireExpiration) {
    errors.push(cardError('expiration_date', '81709', 'Expiration date is required.'));
  }

  const cvv = params.string('cvv');
  if (cvv !== null && cvv !== '') {
    const amex = number !== null && cardTypeOf(number) === 'American Express';
    if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(cvv)) errors.push(cardError('cvv', '81707', 'CVV must be 4 digits for American Express and 3 digits for other card types.'));
  }
  const cardholderName = params.string('cardholder_name');
  if (cardholderName !== null && cardholderName.length > CARDHOLDER_NAME_MAX) errors.push(cardError('cardholder_name', '81723', 'Cardholder name is too long.'));

  if (errors.length > 0) return { errors };
  return { details: { number, expiration, cvv: cvv === '' ? null : cvv, cardholderName } };
}

/**
 * A raw card sent by the server SDK (`credit_card: {number, expiration_date | expiration_month +
 * expiration_year, cvv, cardholder_name, billing_address: {postal_code}}`), or its first error.
 */
export function cardFromParams(params: Params): { card: CardRecord } | { error: CardFieldError } {
  const checked = checkCardDetails(params, { requireNumber: true, requireExpiration: true });
  if ('errors' in checked) return { error: checked.errors[0] };
  const { number, expiration, cvv, cardholderName } = checked.details;
  if (number === null || expiration === null) return { error: cardError('number', '81714', 'Credit card number is required.') };
  return {
    card: cardRecord({
      number,
      expirationMonth: expiration.month,
      expirationYear: expiration.year,
      cvv,
      cardholderName,
      postalCode: params.object('billing_address').string('postal_code'),
    }),
  };
}
