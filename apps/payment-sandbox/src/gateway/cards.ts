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

/**
 * A raw card sent by the server SDK (`credit_card: {number, expiration_date | expiration_month +
 * expiration_year, cvv, cardholder_name, billing_address: {postal_code}}`), or the attribute at fault.
 */
export function cardFromParams(params: Params): { card: CardRecord } | { error: { attribute: string; code: string; message: string } } {
  const number = (params.string('number') ?? '').replace(/[\s-]/g, '');
  if (number === '') return { error: { attribute: 'number', code: '81714', message: 'Credit card number is required.' } };
  if (!/^\d{12,19}$/.test(number)) return { error: { attribute: 'number', code: '81716', message: 'Credit card number must be 12-19 digits.' } };
  if (!luhnValid(number)) return { error: { attribute: 'number', code: '81715', message: 'Credit card number is invalid.' } };
  const expirationDate = params.string('expiration_date');
  const expiration = expirationDate
    ? parseExpirationDate(expirationDate)
    : normalizeExpiration(params.string('expiration_month') ?? '', params.string('expiration_year') ?? '');
  if (!expiration) return { error: { attribute: 'expiration_date', code: '81710', message: 'Expiration date is invalid.' } };
  return {
    card: cardRecord({
      number,
      expirationMonth: expiration.month,
      expirationYear: expiration.year,
      cvv: params.string('cvv'),
      cardholderName: params.string('cardholder_name'),
      postalCode: params.object('billing_address').string('postal_code'),
    }),
  };
}
