import fc from 'fast-check';
import { prorate } from './prorate';

describe('prorate', () => {
  it.each([
    [[1, 1, 1], 100, [34, 33, 33]],
    [[100, 200, 300], 60, [10, 20, 30]],
    [[4199, 6999], 1120, [420, 700]],
    [[1, 2], 0, [0, 0]],
    [[0, 0, 0], 5, [2, 2, 1]],
    [[0, 0], -3, [-2, -1]],
    [[3, 1], -10, [-8, -2]],
    [[], 10, []],
    [[5, 0, 5], 3, [2, 0, 1]],
  ])('splits %j of %i as %j', (weights, amount, expected) => {
    expect(prorate(weights, amount)).toEqual(expected);
  });

  it('refuses fractions and negative weights', () => {
    expect(() => prorate([1, 2], 1.5)).toThrow(RangeError);
    expect(() => prorate([1, -2], 1)).toThrow(RangeError);
  });

  it('always adds up to the whole and never gives a zero weight a share', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        (weights, amount) => {
          const parts = prorate(weights, amount);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          const total = weights.reduce((a, b) => a + b, 0);
          if (total > 0) {
            weights.forEach((weight, index) => {
              if (weight === 0) expect(parts[index]).toBe(0);
              // Each share is within one minor unit of its exact proportion.
              expect(Math.abs(parts[index] - (weight * amount) / total)).toBeLessThan(1);
            });
          }
        },
      ),
    );
  });
});
