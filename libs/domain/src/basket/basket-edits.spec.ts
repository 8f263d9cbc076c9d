import fc from 'fast-check';
import { money } from '../shared/money';
import { aProduct, aSuite } from '../testing/catalogue.mother';
import { emptyBasket, hashShowsBasket, staleHash, type Basket } from './basket';
import { changeChoice, changeQuantity, correctBasket, removeLine, setDiscountCode, setShippingCountry } from './basket-edits';
import { checkDiscount, normaliseDiscountCode, type DiscountCode } from './discount-code';
import { viewBasket, type BasketView } from './basket-view';

const shown = { currency: 'GBP', netMinor: 5832, taxMinor: 1167, grossMinor: 6999, discountCode: null };

const suite = aSuite({ quantityMaximum: 50 });
const locked = aSuite({ reference: 'locked', quantityLocked: true, quantityMaximum: 1, products: [aProduct({ reference: 'locked-any' })] });
const basket: Basket = {
  ...emptyBasket('b1', 'GB'),
  version: 3,
  discountCode: 'WELCOME10',
  lines: [
    { reference: 'l1', suiteReference: 'photo-2', productReference: 'photo-2-macos', quantity: 2, quantityLocked: false },
    { reference: 'l2', suiteReference: 'locked', productReference: 'locked-any', quantity: 1, quantityLocked: true },
  ],
};
const value = <T>(result: { ok: true; value: T } | { ok: false; error: { code: number } }): T => {
  if (!result.ok) throw new Error(`refused with ${result.error.code}`);
  return result.value;
};

describe('basket edits', () => {
  it('changes a choice, and only when it differs', () => {
    const changed = value<Basket>(changeChoice(basket, 'l1', 'windows', suite));
    expect(changed.lines[0].productReference).toBe('photo-2-windows');
    expect(changed.version).toBe(4);
    expect(hashShowsBasket(staleHash(changed, shown), basket)).toBe(false);
    expect(value<Basket>(changeChoice(basket, 'l1', 'macos', suite))).toBe(basket);
    expect(changeChoice(basket, 'l9', 'windows', suite)).toMatchObject({ ok: false, error: { code: 200003 } });
    expect(changeChoice(basket, 'l1', 'linux', suite)).toMatchObject({ ok: false, error: { code: 200405 } });
    expect(changeChoice(basket, 'l2', 'macos', suite)).toMatchObject({ ok: false, error: { code: 200405 } });
  });

  it('changes a quantity within the limits and refuses the rest, keeping the previous one', () => {
    expect(value<Basket>(changeQuantity(basket, 'l1', 50, suite)).lines[0].quantity).toBe(50);
    for (const refused of [0, 51, -1, 2.5, Number.NaN]) {
      expect(changeQuantity(basket, 'l1', refused, suite)).toMatchObject({ ok: false, error: { code: 200002 } });
    }
    expect(changeQuantity(basket, 'l2', 2, locked)).toMatchObject({ ok: false, error: { code: 200002 } });
    expect(value<Basket>(changeQuantity(basket, 'l1', 2, suite))).toBe(basket);
    expect(changeQuantity(basket, 'nope', 2, suite)).toMatchObject({ ok: false, error: { code: 200003 } });
  });

  it('removes lines where allowed and drops the discount with the last line', () => {
    const one = value<Basket>(removeLine(basket, 'l1'));
    expect(one.lines.map((line) => line.reference)).toEqual(['l2']);
    expect(one.discountCode).toBe('WELCOME10');
    expect(value<Basket>(removeLine(one, 'l2')).discountCode).toBeNull();
    expect(removeLine(basket, 'l1', false)).toMatchObject({ ok: false, error: { code: 403 } });
    expect(removeLine(basket, 'zz')).toMatchObject({ ok: false, error: { code: 200003 } });
  });

  it('sets the discount code and shipping country as changes of their own', () => {
    expect(setDiscountCode(basket, 'WELCOME10')).toBe(basket);
    expect(setDiscountCode(basket, null)).toMatchObject({ discountCode: null, version: 4 });
    expect(setShippingCountry(basket, 'DE')).toMatchObject({ shippingCountry: 'DE', version: 4 });
    expect(setShippingCountry(setShippingCountry(basket, 'DE'), 'DE').version).toBe(4);
  });

  it('corrects a basket against the catalogue: removes gone products, clamps quantities', () => {
    const fine = correctBasket(basket, new Map([['photo-2', suite], ['locked', locked]]));
    expect(fine.basket).toBe(basket);
    const shrunk = correctBasket({ ...basket, lines: [{ ...basket.lines[0], quantity: 80 }] }, new Map([['photo-2', suite]]));
    expect(shrunk.adjustedLines.map((line) => line.quantity)).toEqual([50]);
    const gone = correctBasket(basket, new Map([['photo-2', suite]]));
    expect(gone.removedLines.map((line) => line.reference)).toEqual(['l2']);
    expect(gone.basket.version).toBe(4);
    const empty = correctBasket(basket, new Map());
    expect(empty.basket.lines).toEqual([]);
    expect(empty.basket.discountCode).toBeNull();
  });

  it('never lets any sequence of edits leave a line outside its limits', () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('quantity' as const), quantity: fc.integer({ min: -5, max: 120 }) }),
      fc.record({ kind: fc.constant('choice' as const), choice: fc.constantFrom('macos', 'windows', 'linux') }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 30 }), (edits) => {
        let current: Basket = basket;
        for (const step of edits) {
          const result = step.kind === 'quantity' ? changeQuantity(current, 'l1', step.quantity, suite) : changeChoice(current, 'l1', step.choice, suite);
          if (result.ok) current = result.value;
        }
        expect(current.lines[0].quantity).toBeGreaterThanOrEqual(1);
        expect(current.lines[0].quantity).toBeLessThanOrEqual(50);
        expect(current.version).toBeGreaterThanOrEqual(basket.version);
      }),
    );
  });
});

describe('discount codes', () => {
  const code: DiscountCode = {
    code: 'WELCOME10',
    percentOff: 10,
    maxUses: 100,
    uses: 3,
    maxUsesPerCustomer: 1,
    email: null,
    expiresAt: new Date('2027-01-01T00:00:00Z'),
    countryAccounts: ['GB', 'US'],
  };
  const context = { now: new Date('2026-11-22T12:00:00Z'), countryAccount: 'GB', customerEmail: null, customerEmailVerified: false, customerRedemptions: 0, basketTotalMinor: 4199 };

  it('applies a valid code', () => {
    expect(checkDiscount(code, context)).toEqual({ ok: true, value: { code: 'WELCOME10', percentOff: 10 } });
    expect(normaliseDiscountCode(' welcome10 ')).toBe('WELCOME10');
  });

  it.each([
    ['an unknown code', null, {}, 201002],
    ['an expired code', { expiresAt: new Date('2026-11-22T12:00:00Z') }, {}, 201007],
    ['another region', { countryAccounts: ['US'] }, {}, 201008],
    ['an email-bound code for a visitor', { email: 'partner@example.com' }, {}, 201005],
    ['an email-bound code for someone else', { email: 'partner@example.com' }, { customerEmail: 'other@example.com' }, 201005],
    ['an email-bound code for its customer before they verify the address', { email: 'partner@example.com' }, { customerEmail: 'partner@example.com' }, 101201],
    ['an exhausted code', { maxUses: 100, uses: 100 }, {}, 201004],
    ['a code the customer has used', {}, { customerRedemptions: 1 }, 201003],
    ['a zero total', {}, { basketTotalMinor: 0 }, 201001],
  ] as const)('refuses %s', (_name, overrides, contextOverrides, expected) => {
    const result = checkDiscount(overrides === null ? null : { ...code, ...overrides }, { ...context, ...contextOverrides });
    expect(!result.ok && result.error.code).toBe(expected);
  });

  it('accepts an email-bound code for its verified customer in any case', () => {
    const verified = { ...context, customerEmail: 'partner@example.com', customerEmailVerified: true };
    expect(checkDiscount({ ...code, email: 'Partner@Example.com' }, verified).ok).toBe(true);
    expect(checkDiscount({ ...code, countryAccounts: null, maxUses: null, maxUsesPerCustomer: null, expiresAt: null }, context).ok).toBe(true);
  });

  it('prices the discount into the view and restores the totals exactly without it', () => {
    const gb = { code: 'GB', name: 'United Kingdom', currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
    const suites = new Map([['photo-2', suite], ['locked', locked]]);
    const without = value<BasketView>(viewBasket(basket, gb, suites));
    const withCode = value<typeof without>(viewBasket(basket, gb, suites, { code: 'WELCOME10', percentOff: 10 }));
    expect(without.totalWithDiscount).toEqual(without.total);
    expect(withCode.total).toEqual(without.total);
    expect(withCode.appliedDiscount?.amount.gross).toEqual(money(1260, 'GBP'));
    expect(withCode.totalWithDiscount.gross).toEqual(money(12597 - 1260, 'GBP'));
    expect(withCode.lines.reduce((sum, line) => sum + line.discount.amountMinor, 0)).toBe(1260);
    expect(withCode.formattedTotalForVerification).toBe('113.37');
    const free = value<typeof without>(viewBasket(basket, gb, suites, { code: 'ONTHEHOUSE', percentOff: 100 }));
    expect(free.orderIsComplimentary).toBe(true);
  });
});
