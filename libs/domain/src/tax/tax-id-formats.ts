/**
 * Offline checks of tax identifiers for the Tax ID countries that have no EU-style VAT number
 * (the EU, GB, CH, NO and RS numbers are checked by the jsvat library in the infrastructure).
 * Each country's number is normalised (spaces, dots, hyphens and slashes dropped, upper case) and
 * matched against its published format, with the official check digit where one exists.
 * Our choice: these rules are ours, from each tax authority's published number format.
 */

export type TaxIdFormatResult = 'valid' | 'invalid' | 'unknown-country';

/**
 * A tax identifier as a tax authority writes it: the spaces, dots, hyphens and slashes shoppers
 * group its digits with are dropped, letters in upper case. Its country prefix, if typed, stays.
 */
export function compactTaxId(taxId: string): string {
  return taxId.replace(/[\s.\-/]/g, '').toUpperCase();
}

/** Drops separators and a leading country prefix the shopper may have typed. */
export function normaliseTaxId(taxId: string, country: string): string {
  const compact = compactTaxId(taxId);
  return compact.startsWith(country.toUpperCase()) && OWN_RULES[country.toUpperCase()]?.keepsPrefix !== true
    ? compact.slice(country.length)
    : compact;
}

const digits = (value: string) => [...value].map(Number);

/** Australia: ABN, 11 digits, weighted sum (first digit minus 1) divisible by 89. */
function abn(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const d = digits(value);
  d[0] -= 1;
  return d.reduce((sum, digit, index) => sum + digit * weights[index], 0) % 89 === 0;
}

/** New Zealand: IRD/GST number, 8 or 9 digits, mod 11 with a secondary weighting. */
function nzGst(value: string): boolean {
  if (!/^\d{8,9}$/.test(value)) return false;
  const padded = value.padStart(9, '0');
  const base = digits(padded.slice(0, 8));
  const check = Number(padded[8]);
  const attempt = (weights: number[]) => {
    const remainder = base.reduce((sum, digit, index) => sum + digit * weights[index], 0) % 11;
    return remainder === 0 ? 0 : 11 - remainder;
  };
  let expected = attempt([3, 2, 7, 6, 5, 4, 3, 2]);
  if (expected === 10) expected = attempt([7, 4, 3, 2, 5, 2, 7, 6]);
  return expected !== 10 && expected === check;
}

/** South Korea: business registration number, 10 digits with its check digit. */
function koreaBrn(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const d = digits(value);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((total, weight, index) => total + d[index] * weight, 0);
  sum += Math.floor((d[8] * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/** Taiwan: unified business number, 8 digits, weighted digit sums divisible by 5 (or the 7th-digit rule). */
function taiwanUbn(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  const products = digits(value).map((digit, index) => digit * weights[index]);
  const sum = products.reduce((total, product) => total + Math.floor(product / 10) + (product % 10), 0);
  return sum % 5 === 0 || (value[6] === '7' && (sum + 1) % 5 === 0);
}

/** Chile: RUT, 7-8 digits and a mod-11 check character (0-9 or K). */
function chileRut(value: string): boolean {
  const match = /^(\d{7,8})([\dK])$/.exec(value);
  if (!match) return false;
  let factor = 2;
  let sum = 0;
  for (const digit of [...match[1]].reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const remainder = 11 - (sum % 11);
  const expected = remainder === 11 ? '0' : remainder === 10 ? 'K' : String(remainder);
  return expected === match[2];
}

/** Turkey: VKN, 10 digits with its check digit. */
function turkeyVkn(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const d = digits(value);
  let sum = 0;
  for (let index = 0; index < 9; index++) {
    const shifted = (d[index] + 9 - index) % 10;
    let term = (shifted * 2 ** (9 - index)) % 9;
    if (shifted !== 0 && term === 0) term = 9;
    sum += term;
  }
  return (10 - (sum % 10)) % 10 === d[9];
}

/** India: GSTIN, 15 characters: state code, PAN, entity number, 'Z', and a base-36 check character. */
function indiaGstin(value: string): boolean {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(value)) return false;
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const product = alphabet.indexOf(value[index]) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return alphabet[(36 - (sum % 36)) % 36] === value[14];
}

interface OwnRule {
  readonly check: (value: string) => boolean;
  /** The prefix is part of the number itself (e.g. CHE), so it is not stripped. */
  readonly keepsPrefix?: boolean;
}

const OWN_RULES: Readonly<Record<string, OwnRule>> = {
  AU: { check: abn },
  NZ: { check: nzGst },
  KR: { check: koreaBrn },
  TW: { check: taiwanUbn },
  CL: { check: chileRut },
  TR: { check: turkeyVkn },
  IN: { check: indiaGstin },
  // Liechtenstein: 5-digit MWST number (Swiss-administered), optionally 'MWST' after it.
  LI: { check: (value) => /^\d{5}(MWST)?$/.test(value) },
  // Iceland: VSK number, 5 or 6 digits.
  IS: { check: (value) => /^\d{5,6}$/.test(value) },
  // Monaco uses the French VAT system: FR, 2 check characters and the 9-digit SIREN.
  MC: { check: (value) => /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/.test(value), keepsPrefix: true },
  // Singapore: GST registration, a UEN (8-10 characters) or an M-prefixed GST number.
  SG: { check: (value) => /^(\d{8}[A-Z]|\d{9}[A-Z]|[TSR]\d{2}[A-Z]{2}\d{4}[A-Z]|M[0-9A-Z]\d{7}[A-Z])$/.test(value) },
  // South Africa: VAT numbers are 10 digits starting with 4.
  ZA: { check: (value) => /^4\d{9}$/.test(value) },
  // Saudi Arabia: VAT numbers are 15 digits starting and ending with 3.
  SA: { check: (value) => /^3\d{13}3$/.test(value) },
  // United Arab Emirates: TRN, 15 digits starting 100.
  AE: { check: (value) => /^100\d{12}$/.test(value) },
  // Mexico: RFC, 3 (companies) or 4 (people) letters, a YYMMDD date and a 3-character homoclave.
  MX: { check: (value) => /^[A-ZÑ&]{3,4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z0-9]{3}$/.test(value) },
};

/** Whether our own rules know this country's tax identifier. */
export function hasOwnTaxIdRule(country: string): boolean {
  return country.toUpperCase() in OWN_RULES;
}

/** Checks a tax identifier of a country our own rules cover. */
export function checkOwnTaxIdFormat(country: string, taxId: string): TaxIdFormatResult {
  const rule = OWN_RULES[country.toUpperCase()];
  if (!rule) return 'unknown-country';
  return rule.check(normaliseTaxId(taxId, country)) ? 'valid' : 'invalid';
}
