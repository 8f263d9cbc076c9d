/*
 * Ours: the drop-in stand-in's checks of what the shopper typed, with DigitalRiver.js's element
 * error codes (`incomplete_card_number`, `invalid_card_number`, `incomplete_expiration_date`,
 * `invalid_expiration_date`, `incomplete_security_code`, `invalid_security_code`).
 */
import cardValidator from 'card-validator';

export interface FieldError {
  readonly code: string;
  readonly message: string;
}

export interface CardInput {
  readonly number: string;
  /** `MM/YY` or `MM/YYYY`. */
  readonly expiry: string;
  readonly cvv: string;
}

export interface CardDetails {
  readonly number: string;
  readonly expirationMonth: number;
  readonly expirationYear: number;
  readonly cvv: string;
}


const isAmex = (number: string) => /^3[47]/.test(number);

/** The shortest length a number of this brand has: American Express 15, Diners Club 14, others 16. */
const expectedLength = (number: string) => (isAmex(number) ? 15 : /^3(0[0-5]|[689])/.test(number) ? 14 : 16);

export function checkNumber(raw: string): FieldError | null {
  const number = raw.replace(/[\s-]/g, '');
  if (/^\d*$/.test(number) && number.length < expectedLength(number)) return { code: 'incomplete_card_number', message: 'Your card number is incomplete.' };
  // card-validator's Luhn and length rules, as the hosted-fields stand-in uses them.
  if (!/^\d{12,19}$/.test(number) || !cardValidator.number(number, { luhnValidateUnionPay: true }).isValid) {
    return { code: 'invalid_card_number', message: 'Your card number is invalid.' };
  }
  return null;
}

export function parseExpiry(raw: string, today = new Date()): { month: number; year: number } | FieldError {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!match) return /^[\d\s/]*$/.test(raw) ? { code: 'incomplete_expiration_date', message: "Your card's expiration date is incomplete." } : { code: 'invalid_expiration_date', message: "Your card's expiration date is invalid." };
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  const past = year < today.getFullYear() || (year === today.getFullYear() && month < today.getMonth() + 1);
  if (month < 1 || month > 12 || past) return { code: 'invalid_expiration_date', message: "Your card's expiration date is invalid." };
  return { month, year };
}

export function checkSecurityCode(raw: string, number: string): FieldError | null {
  const length = isAmex(number.replace(/[\s-]/g, '')) ? 4 : 3;
  if (/^\d*$/.test(raw) && raw.length < length) return { code: 'incomplete_security_code', message: 'Your security code is incomplete.' };
  if (!new RegExp(`^\\d{${length}}$`).test(raw)) return { code: 'invalid_security_code', message: 'Your security code is invalid.' };
  return null;
}

/** Every field's error (by field), or the card details to send. */
export function checkCard(input: CardInput, today = new Date()): { errors: Partial<Record<keyof CardInput, FieldError>> } | { card: CardDetails } {
  const errors: Partial<Record<keyof CardInput, FieldError>> = {};
  const numberError = checkNumber(input.number);
  if (numberError) errors.number = numberError;
  const expiry = parseExpiry(input.expiry, today);
  if ('code' in expiry) errors.expiry = expiry;
  const cvvError = checkSecurityCode(input.cvv, input.number);
  if (cvvError) errors.cvv = cvvError;
  if (Object.keys(errors).length > 0 || 'code' in expiry) return { errors };
  return { card: { number: input.number.replace(/[\s-]/g, ''), expirationMonth: expiry.month, expirationYear: expiry.year, cvv: input.cvv } };
}
