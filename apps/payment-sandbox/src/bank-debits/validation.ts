/**
 * The bank details the provider checks before it takes a mandate or tokenizes an account: an IBAN's
 * length for its country and its mod-97 check digits (ISO 13616), and a US routing number's ABA
 * checksum. Ours: the sandbox checks the same rules a bank would, without any bank directory.
 */

/** IBAN lengths of the SEPA scheme's countries and territories (the IBAN registry's). */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22, GI: 23,
  GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28,
  PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

export const isSepaCountry = (code: string): boolean => Object.hasOwn(SEPA_IBAN_LENGTHS, code);

/** The IBAN without spaces, upper case. */
export const normalizeIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

function mod97(digits: string): number {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

export type IbanProblem = 'format' | 'country' | 'length' | 'checksum';

/** What is wrong with an IBAN (already normalized), or null when it is a valid IBAN of a SEPA country. */
export function ibanProblem(iban: string): IbanProblem | null {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return 'format';
  const country = iban.slice(0, 2);
  if (!isSepaCountry(country)) return 'country';
  if (iban.length !== SEPA_IBAN_LENGTHS[country]) return 'length';
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return mod97(rearranged) === 1 ? null : 'checksum';
}

/** A US routing number: nine digits whose weighted sum (3, 7, 1) is a multiple of ten. */
export function routingNumberValid(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = 3 * (digits[0] + digits[3] + digits[6]) + 7 * (digits[1] + digits[4] + digits[7]) + (digits[2] + digits[5] + digits[8]);
  return sum % 10 === 0;
}
