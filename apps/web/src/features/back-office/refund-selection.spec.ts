import type { AdminOrderJson, AdminOrderLineJson } from '@store/domain';
import { chooseEverything, NO_SELECTION, normalise, refundableLines, refundAmount, refundProblems, refundRequest, toggleLine } from './refund-selection';

const line = (position: number, refundable: number, extra: Partial<AdminOrderLineJson> = {}): AdminOrderLineJson => ({
  position,
  product_reference: `P${position}`,
  product_name: `Product ${position}`,
  choice: 'Windows',
  quantity: 1,
  unit_price: refundable,
  total: refundable,
  discount: 0,
  is_bonus: false,
  tax_rate_basis_points: 2000,
  refund_id: null,
  refundable,
  ...extra,
});

const order = (lines: AdminOrderLineJson[], charged: number, refunded = 0): Pick<AdminOrderJson, 'lines' | 'totals'> => ({
  lines,
  totals: { net: 0, tax: 0, gross: charged, discount: 0, voucher: 0, charged, refunded },
});

describe("the back office's refund form (refund-selection.ts)", () => {
  // Three paid lines, one refunded already, one free bonus: 1999 + 3333 + 0 (bonus) + (4999 refunded).
  const lines = [line(1, 1999), line(2, 3333), line(3, 0, { is_bonus: true }), line(4, 0, { refund_id: 'r-1', total: 4999 })];
  const paid = order(lines, 1999 + 3333 + 4999, 4999);

  it('offers only the lines that were charged for and are not refunded yet', () => {
    expect(refundableLines(paid).map((each) => each.position)).toEqual([1, 2]);
  });

  it("adds up the ticked lines' shares, and gives what is left of the charge for everything", () => {
    const one = toggleLine(NO_SELECTION, 2);
    expect(refundAmount(paid, one)).toBe(3333);
    expect(refundRequest(paid, one, ' Not wanted ')).toEqual({ positions: [2], reason: 'Not wanted' });
    const everything = chooseEverything(one, true);
    expect(refundAmount(paid, everything)).toBe(1999 + 3333);
    expect(refundRequest(paid, everything, 'Duplicate order')).toEqual({ positions: null, reason: 'Duplicate order' });
  });

  it('unticks a line ticked twice, and leaves "everything" when a line is ticked', () => {
    const twice = toggleLine(toggleLine(NO_SELECTION, 1), 1);
    expect(twice.positions).toEqual([]);
    const back = toggleLine(chooseEverything(NO_SELECTION, true), 1);
    expect(back).toEqual({ everything: false, positions: [1] });
  });

  it('sends every refundable line ticked one by one as a whole refund (a void before settlement)', () => {
    const both = toggleLine(toggleLine(NO_SELECTION, 2), 1);
    expect(normalise(paid, both)).toEqual({ everything: true, positions: [] });
    expect(refundRequest(paid, both, 'x').positions).toBeNull();
    expect(refundAmount(paid, both)).toBe(1999 + 3333);
  });

  it('ignores a ticked line that is no longer refundable (refunded meanwhile)', () => {
    const stale = { everything: false, positions: [1, 4] };
    expect(refundAmount(paid, stale)).toBe(1999);
    expect(refundRequest(paid, stale, 'x').positions).toEqual([1]);
  });

  it('asks for lines and a reason before the confirmation, lines first', () => {
    expect(refundProblems(paid, NO_SELECTION, '  ')).toEqual([
      { field: 'lines', message: 'Choose the lines to refund, or refund everything left.' },
      { field: 'reason', message: 'Enter the reason for this refund.' },
    ]);
    expect(refundProblems(paid, toggleLine(NO_SELECTION, 1), 'Customer asked')).toEqual([]);
  });

  it('refuses a refund that would give nothing back', () => {
    const spent = order([line(1, 1000, { refund_id: 'r' })], 1000, 1000);
    expect(refundProblems(spent, chooseEverything(NO_SELECTION, true), 'x')).toEqual([
      { field: 'lines', message: 'Nothing was charged for these lines, so there is nothing to refund.' },
    ]);
  });
});
