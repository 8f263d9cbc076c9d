import { anOrder, anOrderLine } from '../testing/mothers';
import { refundAmounts, refundLineShares, refundPositionsProblem } from './refund-amounts';

/** Photo 2 (£41.99) with its free iPad version, and Designer 2 (£41.99): £83.98 at 20% VAT. */
const order = anOrder({
  status: 'paid',
  netMinor: 6998,
  taxMinor: 1400,
  grossMinor: 8398,
  lines: [anOrderLine(), anOrderLine({ totalMinor: 0, unitPriceMinor: 0, isBonus: true, taxRateBasisPoints: null }), anOrderLine({ productReference: 'designer-2-macos' })],
});

describe('refundAmounts', () => {
  it('gives back a line’s part of the order, and the rest exactly with the last line', () => {
    expect(refundAmounts(order, [0], [])).toEqual({ netMinor: 3499, taxMinor: 700, grossMinor: 4199, chargedMinor: 4199, whole: false });
    expect(refundAmounts(order, [2], [0])).toEqual({ netMinor: 3499, taxMinor: 700, grossMinor: 4199, chargedMinor: 4199, whole: true });
    expect(refundAmounts(order, [0, 1, 2], [])).toEqual({ netMinor: 6998, taxMinor: 1400, grossMinor: 8398, chargedMinor: 8398, whole: true });
  });

  it('gives nothing back for a bonus line alone, which does not keep an order from being wholly refunded', () => {
    expect(refundAmounts(order, [1], [])).toEqual({ netMinor: 0, taxMinor: 0, grossMinor: 0, chargedMinor: 0, whole: false });
    expect(refundAmounts(order, [0, 2], []).whole).toBe(true);
    expect(refundAmounts(order, [1], [0, 2])).toEqual({ netMinor: 0, taxMinor: 0, grossMinor: 0, chargedMinor: 0, whole: true });
  });

  it('shares a voucher between the lines by what they cost: a line gives back its part of what the card paid', () => {
    const voucher = { ...order, voucherCode: 'GIFT-30', voucherMinor: 3001 };
    const first = refundAmounts(voucher, [0], []);
    const last = refundAmounts(voucher, [2], [0]);
    expect([first.chargedMinor, last.chargedMinor]).toEqual([2699, 2698]);
    expect(first.chargedMinor + last.chargedMinor).toBe(8398 - 3001);
    expect(first.grossMinor).toBe(4199);
  });

  it('takes each line’s tax from the invoice’s tax at its rate', () => {
    // Software at 20% and a posted workbook at 19%: the invoice states £7.00 and £7.92.
    const twoRates = anOrder({
      status: 'paid',
      netMinor: 7665,
      taxMinor: 1492,
      grossMinor: 9157,
      lines: [anOrderLine({ totalMinor: 4199, taxRateBasisPoints: 2000 }), anOrderLine({ totalMinor: 4958, taxRateBasisPoints: 1900 })],
    });
    expect(refundLineShares(twoRates).map(({ taxMinor, rateBasisPoints }) => ({ taxMinor, rateBasisPoints }))).toEqual([
      { taxMinor: 700, rateBasisPoints: 2000 },
      { taxMinor: 792, rateBasisPoints: 1900 },
    ]);
    expect(refundAmounts(twoRates, [1], [])).toEqual({ netMinor: 4166, taxMinor: 792, grossMinor: 4958, chargedMinor: 4958, whole: false });
  });

  it('refuses lines not on the order, repeated, refunded already, or none at all', () => {
    expect(() => refundAmounts(order, [3], [])).toThrow(/not-on-order/);
    expect(() => refundAmounts(order, [-1], [])).toThrow(/not-on-order/);
    expect(() => refundAmounts(order, [0.5], [])).toThrow(/not-on-order/);
    expect(() => refundAmounts(order, [0, 0], [])).toThrow(/repeated/);
    expect(() => refundAmounts(order, [0], [0])).toThrow(/already-refunded/);
    expect(() => refundAmounts(order, [], [])).toThrow(/no-lines/);
    expect(refundPositionsProblem(order, [2], [0, 1])).toBeNull();
  });
});
