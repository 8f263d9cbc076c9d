import { findLocaleByCanonical } from '../reference/locales';

/**
 * Money is an integer number of minor units (pence, cents) with its ISO 4217 currency.
 * Floating point never touches an amount: rounding happens once, where a rule says so.
 */
export interface Money {
  readonly amountMinor: number;
  readonly currency: string;
}

const CURRENCY_PATTERN = /^[A-Z]{3}$/;

export function money(amountMinor: number, currency: string): Money {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Money needs an integer number of minor units, got ${amountMinor}`);
  }
  if (!CURRENCY_PATTERN.test(currency)) {
    throw new RangeError(`Money needs a three-letter currency code, got "${currency}"`);
  }
  // -0 is zero: kept, it would show as "-£0.00".
  return { amountMinor: amountMinor === 0 ? 0 : amountMinor, currency };
}

export function zero(currency: string): Money {
  return money(0, currency);
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new RangeError(`Cannot combine ${a.currency} with ${b.currency}`);
  }
}

export function add(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amountMinor + b.amountMinor, a.currency);
}

export function subtract(a: Money, b: Money): Money {
  sameCurrency(a, b);
  return money(a.amountMinor - b.amountMinor, a.currency);
}

export function multiply(a: Money, factor: number): Money {
  if (!Number.isSafeInteger(factor)) {
    throw new RangeError(`Money can only be multiplied by an integer, got ${factor}`);
  }
  return money(a.amountMinor * factor, a.currency);
}

export function sum(items: readonly Money[], currency: string): Money {
  return items.reduce((total, item) => add(total, item), zero(currency));
}

/**
 * Divides an integer by another and rounds half away from zero, in integers only,
 * so that 0.5 of a penny always rounds the same way on every platform.
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (denominator <= 0 || !Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError('divideRounded needs integers and a positive denominator');
  }
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const quotient = Math.floor(n / denominator);
  const remainder = n - quotient * denominator;
  const rounded = remainder * 2 >= denominator ? quotient + 1 : quotient;
  // Never -0 (a negative numerator rounding to zero), which formats as "-£0.00".
  return rounded === 0 ? 0 : sign * rounded;
}

// Making an Intl.NumberFormat costs far more than using one (it loads locale data): each currency's
// digits and each locale and currency's formatter are made once (tools/bench --profile found
// minorUnitDigits among the API's hottest functions).
const digitsByCurrency = new Map<string, number>();
const formatters = new Map<string, Intl.NumberFormat>();

export function minorUnitDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    if (digitsByCurrency.size >= 500) digitsByCurrency.clear();
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * Formats for people, e.g. £41.99, $59.00, €47.99 or 219,99 zł, in the shopper's locale. A
 * storefront writes its own currency with the symbol its shoppers use (Intl's narrow symbol: zł
 * where Intl's standard one is PLN); any other currency keeps Intl's standard, unambiguous symbol
 * (US$ on the UK storefront), as an order in another currency can show in the account area.
 * `code` writes the ISO code instead (219,99 PLN), for text that cannot show every symbol.
 */
export function formatMoney(value: Money, locale: string, display: 'symbol' | 'code' = 'symbol'): string {
  const digits = minorUnitDigits(value.currency);
  const key = `${locale}\u0000${value.currency}\u0000${display}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const own = findLocaleByCanonical(locale)?.currency === value.currency;
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: value.currency,
      currencyDisplay: display === 'code' ? 'code' : own ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    // Locales reach here from requests: the memo never grows past a few hundred formatters.
    if (formatters.size >= 500) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter.format(value.amountMinor / 10 ** digits);
}

/** Formats as a plain decimal string for payment providers, e.g. "41.99". */
export function toDecimalString(value: Money): string {
  const digits = minorUnitDigits(value.currency);
  const sign = value.amountMinor < 0 ? '-' : '';
  const abs = Math.abs(value.amountMinor);
  if (digits === 0) return `${sign}${abs}`;
  const units = Math.floor(abs / 10 ** digits);
  const minor = String(abs % 10 ** digits).padStart(digits, '0');
  return `${sign}${units}.${minor}`;
}
