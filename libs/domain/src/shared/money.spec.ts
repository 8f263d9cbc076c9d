import { add, divideRounded, formatMoney, money, multiply, subtract, sum, toDecimalString } from './money';

describe('money', () => {
  it('refuses fractions of a minor unit and bad currencies', () => {
    expect(() => money(10.5, 'GBP')).toThrow(RangeError);
    expect(() => money(10, 'gbp')).toThrow(RangeError);
    expect(money(10, 'GBP')).toEqual({ amountMinor: 10, currency: 'GBP' });
  });

  it('adds, subtracts and multiplies in one currency only', () => {
    expect(add(money(199, 'GBP'), money(1, 'GBP')).amountMinor).toBe(200);
    expect(subtract(money(199, 'GBP'), money(200, 'GBP')).amountMinor).toBe(-1);
    expect(multiply(money(4199, 'GBP'), 3).amountMinor).toBe(12597);
    expect(() => add(money(1, 'GBP'), money(1, 'USD'))).toThrow('Cannot combine GBP with USD');
    expect(() => multiply(money(1, 'GBP'), 1.5)).toThrow(RangeError);
    expect(sum([money(1, 'USD'), money(2, 'USD')], 'USD').amountMinor).toBe(3);
    expect(sum([], 'USD').amountMinor).toBe(0);
  });

  it.each([
    [5, 2, 3],
    [4, 2, 2],
    [7, 3, 2],
    [-5, 2, -3],
    [839800, 12000, 70],
    [1, 3, 0],
    [2, 3, 1],
  ])('divideRounded(%i, %i) rounds half away from zero to %i', (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected);
  });

  it('formats for people and for providers', () => {
    expect(formatMoney(money(4199, 'GBP'), 'en-GB')).toBe('£41.99');
    expect(formatMoney(money(5900, 'USD'), 'en-US')).toBe('$59.00');
    expect(formatMoney(money(1000, 'JPY'), 'en-GB')).toBe('JP¥1,000');
    // The euro and Polish storefronts: their own currency with the symbol their shoppers use.
    expect(formatMoney(money(4799, 'EUR'), 'en-150')).toBe('€47.99');
    expect(formatMoney(money(118999, 'EUR'), 'en-150')).toBe('€1,189.99');
    expect(formatMoney(money(21999, 'PLN'), 'en-PL')).toBe('219,99\u00a0zł');
    expect(formatMoney(money(121999, 'PLN'), 'en-PL')).toBe('1.219,99\u00a0zł');
    expect(formatMoney(money(-4000, 'PLN'), 'en-PL')).toBe('-40,00\u00a0zł');
    // Another currency stays unambiguous wherever it shows: dollars are not written '$' in Poland.
    expect(formatMoney(money(5900, 'USD'), 'en-PL')).toBe('59,00\u00a0US$');
    expect(formatMoney(money(21999, 'PLN'), 'en-GB')).toBe('PLN\u00a0219.99');
    expect(formatMoney(money(21999, 'PLN'), 'en-PL', 'code')).toBe('219,99\u00a0PLN');
    expect(toDecimalString(money(4199, 'GBP'))).toBe('41.99');
    expect(toDecimalString(money(5, 'USD'))).toBe('0.05');
    expect(toDecimalString(money(-1205, 'EUR'))).toBe('-12.05');
    expect(toDecimalString(money(1000, 'JPY'))).toBe('1000');
  });
});
