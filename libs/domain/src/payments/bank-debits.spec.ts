import fc from 'fast-check';
import { bankDebitRelease } from './bank-debits';

describe('bankDebitRelease', () => {
  const trusted = { currency: 'EUR', settledOrdersBefore: 1, refusedDebitsBefore: 0 };

  it.each([
    [{ ...trusted, amountMinor: 4799 }, 'at-authorisation'],
    [{ ...trusted, amountMinor: 10_000 }, 'at-authorisation'],
    [{ ...trusted, amountMinor: 10_001 }, 'at-settlement'],
    [{ ...trusted, currency: 'usd', amountMinor: 5900 }, 'at-authorisation'],
    [{ ...trusted, currency: 'GBP', amountMinor: 100 }, 'at-settlement'],
    [{ ...trusted, settledOrdersBefore: 0, amountMinor: 100 }, 'at-settlement'],
    [{ ...trusted, refusedDebitsBefore: 1, amountMinor: 100 }, 'at-settlement'],
  ] as const)('%j is released %s', (input, release) => {
    expect(bankDebitRelease(input)).toBe(release);
  });

  it('only grows more careful: a smaller amount or more paid orders never delays, a refusal never hastens', () => {
    const input = fc.record({
      amountMinor: fc.nat({ max: 1_000_000 }),
      currency: fc.constantFrom('EUR', 'USD', 'GBP', 'PLN'),
      settledOrdersBefore: fc.nat({ max: 5 }),
      refusedDebitsBefore: fc.nat({ max: 3 }),
    });
    fc.assert(
      fc.property(input, fc.nat({ max: 1_000_000 }), (debit, less) => {
        const early = bankDebitRelease(debit) === 'at-authorisation';
        if (early) {
          expect(bankDebitRelease({ ...debit, amountMinor: Math.max(0, debit.amountMinor - less) })).toBe('at-authorisation');
          expect(bankDebitRelease({ ...debit, settledOrdersBefore: debit.settledOrdersBefore + 1 })).toBe('at-authorisation');
        }
        expect(bankDebitRelease({ ...debit, refusedDebitsBefore: debit.refusedDebitsBefore + 1 })).toBe('at-settlement');
        // A first order waits for the bank, whatever its amount.
        expect(bankDebitRelease({ ...debit, settledOrdersBefore: 0 })).toBe('at-settlement');
      }),
    );
  });
});
