import fc from 'fast-check';
import { add, divideRounded, formatMoney, minorUnitDigits, money, multiply, subtract, sum, toDecimalString } from './money';

// Issue 12: properties of money. Amounts are integers of minor units in every currency the
// store may meet: two digits (GBP, USD, EUR), none (JPY), three (KWD, BHD) and four (CLF).
const CURRENCIES = ['GBP', 'USD', 'EUR', 'JPY', 'KWD', 'BHD', 'CLF'] as const;
const currency = fc.constantFrom(...CURRENCIES);
const safeAmount = fc.oneof(fc.integer(), fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(0, -1, 1, 99, 100, -100, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER));
/** Up to 10^13 minor units (£100 billion): far past any basket, short of where a double loses a minor unit. */
const storeAmount = fc.integer({ min: -(10 ** 13), max: 10 ** 13 });

describe('money properties', () => {
  it('toDecimalString is exact for every safe integer: its digits are the amount, its point at the minor unit', () => {
    fc.assert(
      fc.property(safeAmount, currency, (amount, code) => {
        const text = toDecimalString(money(amount, code));
        const digits = minorUnitDigits(code);
        expect(text).toMatch(digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${digits}}$`));
        // No leading zeros but a lone one, and no "-0".
        expect(text).not.toMatch(/^-?0\d/);
        expect(text).not.toMatch(/^-0(\.0+)?$/);
        // Read back through BigInt, so the check itself is exact.
        expect(BigInt(text.replace('.', ''))).toBe(BigInt(amount));
      }),
    );
  });

  it('formatMoney shows exactly the digits of the amount, in every currency and locale', () => {
    fc.assert(
      fc.property(storeAmount, currency, fc.constantFrom('en-GB', 'en-US', 'en-150', 'en-PL', 'de-DE', 'fr-FR', 'ja-JP', 'es-MX'), (amount, code, locale) => {
        const shown = formatMoney(money(amount, code), locale);
        const exact = toDecimalString(money(amount, code)).replace(/[-.]/g, '').replace(/^0+(?=\d)/, '');
        // Whatever the grouping, decimal mark and symbol, the digits are the amount's, fraction included.
        expect(shown.replace(/\D/g, '').replace(/^0+(?=\d)/, '')).toBe(exact);
        expect(/[-−]/.test(shown)).toBe(amount < 0);
      }),
    );
  });

  it('divideRounded rounds half away from zero, symmetrically, within half a unit of the exact quotient', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.integer({ min: 1, max: 2 ** 12 }), (numerator, denominator) => {
        const q = divideRounded(numerator, denominator);
        const twiceError = 2 * (numerator - q * denominator);
        // |numerator/denominator - q| <= 1/2 ...
        expect(Math.abs(twiceError)).toBeLessThanOrEqual(denominator);
        // ... and an exact half goes away from zero.
        if (Math.abs(twiceError) === denominator) expect(Math.abs(q)).toBeGreaterThan(Math.abs(numerator / denominator));
        // Symmetric, and a zero is never -0 (which would show as "-£0.00").
        expect(divideRounded(-numerator, denominator)).toBe(q === 0 ? 0 : -q);
        expect(Object.is(q, -0)).toBe(false);
      }),
    );
  });

  it('sums are exact and do not depend on order, nothing is never negative, and currencies never mix', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), { maxLength: 30 }), currency, currency, (amounts, code, other) => {
        const items = amounts.map((amount) => money(amount, code));
        const total = sum(items, code);
        expect(total).toEqual(money(amounts.reduce((a, b) => a + b, 0), code));
        expect(sum([...items].reverse(), code)).toEqual(total);
        if (items.length > 0) expect(subtract(add(total, items[0]), items[0])).toEqual(total);
        // Nothing is a plain zero however it is reached: no "-£0.00".
        for (const nothing of [subtract(total, total), multiply(items[0] ?? total, 0), money(-0, code)]) {
          expect(Object.is(nothing.amountMinor, 0)).toBe(true);
          expect(formatMoney(nothing, 'en-GB')).not.toMatch(/[-−]/);
        }
        if (other !== code) {
          expect(() => add(money(1, code), money(1, other))).toThrow(RangeError);
          expect(() => sum(items.concat(money(1, other)), code)).toThrow(RangeError);
        }
      }),
    );
  });
});
