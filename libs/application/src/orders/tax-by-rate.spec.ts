import type { OrderLineDraft } from './orders.ports';
import { taxByRate } from './tax-by-rate';

const line = (totalMinor: number, taxRateBasisPoints: number | undefined, extra: Partial<OrderLineDraft> = {}) =>
  ({ totalMinor, discountMinor: 0, isBonus: false, ...(taxRateBasisPoints === undefined ? {} : { taxRateBasisPoints }), ...extra }) as OrderLineDraft;

describe('taxByRate', () => {
  it('states UK VAT on the software and German VAT on the posted book, adding up to the tax charged', () => {
    // 4199 at 20% holds 700; 4958 at 19% holds 792.
    expect(taxByRate({ taxInclusive: true, taxMinor: 1492, lines: [line(4199, 2000), line(4958, 1900), line(0, undefined, { isBonus: true })] })).toEqual([
      { rateBasisPoints: 2000, taxMinor: 700 },
      { rateBasisPoints: 1900, taxMinor: 792 },
    ]);
  });

  it('counts each line after its share of the discount, and a rate of nothing as no tax', () => {
    expect(taxByRate({ taxInclusive: true, taxMinor: 630, lines: [line(4199, 2000, { discountMinor: 420 }), line(4166, 0, { discountMinor: 417 })] })).toEqual([
      { rateBasisPoints: 2000, taxMinor: 630 },
      { rateBasisPoints: 0, taxMinor: 0 },
    ]);
  });

  it('says nothing for one rate, a line without its rate, a tax-exclusive order, or figures that do not add up', () => {
    expect(taxByRate({ taxInclusive: true, taxMinor: 1533, lines: [line(4199, 2000), line(4999, 2000)] })).toBeNull();
    expect(taxByRate({ taxInclusive: true, taxMinor: 1492, lines: [line(4199, 2000), line(4958, undefined)] })).toBeNull();
    expect(taxByRate({ taxInclusive: false, taxMinor: 0, lines: [line(4199, 0), line(4958, 1900)] })).toBeNull();
    expect(taxByRate({ taxInclusive: true, taxMinor: 1500, lines: [line(4199, 2000), line(4958, 1900)] })).toBeNull();
  });
});
