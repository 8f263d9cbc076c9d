import { luhnValid } from '../test-values';
import type { CardOutcome } from './model';

/**
 * Card test values. The numbers are the provider's ("Testing scenarios": success cards, and the
 * error cards 4000 0000 0000 3295 / 3600); any other number that passes the Luhn check is ours and
 * approves.
 */
export const DIGITAL_RIVER_TEST_CARDS = {
  /** Visa, approves (security code 123 in the provider's table; the sandbox takes any). */
  visa: '4444222233331111',
  mastercard: '5466160000000008',
  amex: '343456789012341',
  discover: '6011987698769876',
  jcb: '3528987698769879',
  diners: '30345678901235',
  unionPay: '6226220000000009',
  /** The source is not created: the drop-in's onError gets `source_creation_failed`. */
  sourceCreationFails: '4000000000003295',
  /** The source is created, its charge fails: POST /orders answers 409 `failed-request`. */
  chargeDeclined: '4000000000003600',
} as const;

export type CardCheck =
  | { readonly ok: true; readonly brand: string; readonly lastFourDigits: string; readonly outcome: CardOutcome | 'source_creation_failed' }
  | { readonly ok: false; readonly code: string; readonly parameter: string; readonly message: string };


/** The brand names the provider's sources carry (`creditCard.brand`). */
export function brandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^3(0[0-5]|[689])/.test(number)) return 'Diners Club';
  if (/^(6011|65|64[4-9])/.test(number)) return 'Discover';
  if (/^35(2[89]|[3-8])/.test(number)) return 'JCB';
  if (/^62/.test(number)) return 'China UnionPay';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^(50|5[6-9]|6)/.test(number)) return 'Maestro';
  if (/^4/.test(number)) return 'Visa';
  return 'Unknown';
}

/** Checks a card as the provider's payment service would, and says what it does later. */
export function checkCard(card: { number?: unknown; expirationMonth?: unknown; expirationYear?: unknown; cvv?: unknown }, today = new Date()): CardCheck {
  const number = typeof card.number === 'string' ? card.number.replace(/[\s-]/g, '') : '';
  if (!luhnValid(number)) return { ok: false, code: 'invalid_card_number', parameter: 'creditCard.number', message: 'Your card number is invalid.' };
  const month = Number(card.expirationMonth);
  let year = Number(card.expirationYear);
  if (year < 100) year += 2000;
  const expired = year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || expired) {
    return { ok: false, code: 'invalid_expiration_date', parameter: 'creditCard.expirationMonth', message: 'The card is expired or the expiration date is invalid.' };
  }
  const brand = brandOf(number);
  const cvv = typeof card.cvv === 'string' ? card.cvv : String(card.cvv ?? '');
  if (!(brand === 'American Express' ? /^\d{4}$/ : /^\d{3}$/).test(cvv)) return { ok: false, code: 'invalid_security_code', parameter: 'creditCard.cvv', message: 'Your security code is invalid.' };
  const outcome = number === DIGITAL_RIVER_TEST_CARDS.sourceCreationFails ? 'source_creation_failed' : number === DIGITAL_RIVER_TEST_CARDS.chargeDeclined ? 'decline' : 'approve';
  return { ok: true, brand, lastFourDigits: number.slice(-4), outcome };
}
