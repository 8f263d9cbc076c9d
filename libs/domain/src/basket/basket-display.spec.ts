import fc from 'fast-check';
import { canRemoveLine, discountLabel, quantityControl, showsDiscountBox } from './basket-display';
import { canEditQuantity, clampQuantity, isQuantityValid } from './quantity';

describe('basket display rules', () => {
  it('labels a discount and shows the box only when it can be used', () => {
    expect(discountLabel(10)).toBe('10% off');
    expect(showsDiscountBox(false, false)).toBe(true);
    expect(showsDiscountBox(true, false)).toBe(false);
    expect(showsDiscountBox(false, true)).toBe(false);
    expect(canRemoveLine(true)).toBe(true);
    expect(canRemoveLine(false)).toBe(false);
  });

  it('fixes the quantity of locked and single-item lines', () => {
    expect(quantityControl({ value: 1, minimum: 1, maximum: 100, locked: true })).toEqual({ kind: 'fixed', value: 1 });
    expect(quantityControl({ value: 1, minimum: 1, maximum: 1, locked: false })).toEqual({ kind: 'fixed', value: 1 });
    expect(canEditQuantity(true, 100)).toBe(false);
    expect(canEditQuantity(false, 1)).toBe(false);
    expect(canEditQuantity(false, 2)).toBe(true);
  });

  it("offers a dropdown to 10 whose last option reads '10 +' when more may be bought", () => {
    const control = quantityControl({ value: 2, minimum: 1, maximum: 100, locked: false });
    expect(control.kind).toBe('dropdown');
    if (control.kind !== 'dropdown') return;
    expect(control.options.map((option) => option.label)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10 +']);
    const small = quantityControl({ value: 1, minimum: 1, maximum: 5, locked: false });
    expect(small.kind === 'dropdown' && small.options.map((option) => option.label)).toEqual(['1', '2', '3', '4', '5']);
    const exact = quantityControl({ value: 1, minimum: 1, maximum: 10, locked: false });
    expect(exact.kind === 'dropdown' && exact.options.at(-1)?.label).toBe('10');
    const team = quantityControl({ value: 5, minimum: 5, maximum: 100, locked: false });
    expect(team.kind === 'dropdown' && team.options.map((option) => option.value)).toEqual([5, 6, 7, 8, 9, 10]);
  });

  it('switches to a free numeric input once the value reaches the range and the maximum exceeds it', () => {
    expect(quantityControl({ value: 10, minimum: 1, maximum: 100, locked: false })).toEqual({ kind: 'input', min: 1, max: 100 });
    expect(quantityControl({ value: 10, minimum: 1, maximum: 10, locked: false }).kind).toBe('dropdown');
  });

  it('always clamps into min..max and validates whole numbers only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 1000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), (min, extra, value) => {
        const max = min + extra;
        const clamped = clampQuantity(value, min, max);
        expect(clamped).toBeGreaterThanOrEqual(min);
        expect(clamped).toBeLessThanOrEqual(max);
        expect(isQuantityValid(clamped, min, max)).toBe(true);
      }),
    );
    expect(isQuantityValid(2.5, 1, 10)).toBe(false);
    expect(isQuantityValid(0, 1, 10)).toBe(false);
    expect(isQuantityValid(11, 1, 10)).toBe(false);
  });
});
