import fc from 'fast-check';
import { money } from '../shared/money';
import { discountOff, priceBasket } from './basket-pricing';

const line = fc.record({
  unit: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 100 }),
});
const context = fc.record({
  taxInclusive: fc.boolean(),
  taxRateBasisPoints: fc.integer({ min: 0, max: 2700 }),
});
const discount = fc.option(fc.integer({ min: 1, max: 100 }), { nil: null });

describe('priceBasket properties', () => {
  it('never loses a minor unit: totals are the sum of the lines less the discount', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), context, discount, (lines, ctx, percentOff) => {
        const pricing = priceBasket(
          lines.map((l, index) => ({ reference: `l${index}`, unitPrice: money(l.unit, 'GBP'), quantity: l.quantity })),
          { currency: 'GBP', ...ctx },
          percentOff === null ? null : { code: 'CODE', percentOff },
        );
        const sumOfLines = lines.reduce((total, l) => total + l.unit * l.quantity, 0);
        const shares = pricing.lines.reduce((total, l) => total + l.discount.amountMinor, 0);
        const off = percentOff === null ? 0 : discountOff(sumOfLines, percentOff);
        expect(pricing.total.gross.amountMinor).toBe(sumOfLines);
        expect(shares).toBe(off);
        expect(pricing.totalWithDiscount.gross.amountMinor).toBe(sumOfLines - off);
        for (const totals of [pricing.total, pricing.totalWithDiscount]) {
          expect(totals.net.amountMinor + totals.tax.amountMinor).toBe(totals.gross.amountMinor);
          expect(totals.tax.amountMinor).toBeGreaterThanOrEqual(0);
          expect(totals.isZeroVat).toBe(totals.tax.amountMinor === 0);
          if (!ctx.taxInclusive) expect(totals.tax.amountMinor).toBe(0);
        }
        if (pricing.appliedDiscount) {
          const { amount } = pricing.appliedDiscount;
          expect(amount.gross.amountMinor).toBe(off);
          expect(amount.net.amountMinor + amount.tax.amountMinor).toBe(off);
        }
        pricing.lines.forEach((l) => expect(l.discount.amountMinor).toBeLessThanOrEqual(l.total.amountMinor));
      }),
    );
  });

  it('takes a 100% discount to exactly zero and refuses impossible percentages', () => {
    const pricing = priceBasket([{ reference: 'a', unitPrice: money(4199, 'GBP'), quantity: 3 }], {
      currency: 'GBP',
      taxInclusive: true,
      taxRateBasisPoints: 2000,
    }, { code: 'ONTHEHOUSE', percentOff: 100 });
    expect(pricing.totalWithDiscount).toEqual({ net: money(0, 'GBP'), tax: money(0, 'GBP'), gross: money(0, 'GBP'), isZeroVat: true });
    expect(pricing.appliedDiscount?.amount.gross).toEqual(money(12597, 'GBP'));
    expect(() => discountOff(100, 0)).toThrow(RangeError);
    expect(() => discountOff(100, 101)).toThrow(RangeError);
    expect(() => discountOff(100, 12.5)).toThrow(RangeError);
    expect(discountOff(4199, 10)).toBe(420);
  });
});
