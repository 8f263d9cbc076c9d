import { aProduct, aSuite } from '../testing/catalogue.mother';
import { addToBasket, emptyBasket, hashShowsBasket, staleHash, type Basket, type ShownAmount } from './basket';

const shown: ShownAmount = { currency: 'GBP', netMinor: 5832, taxMinor: 1167, grossMinor: 6999, discountCode: 'WELCOME10' };

function added(basket: Basket, ...args: Parameters<typeof addToBasket> extends [Basket, ...infer R] ? R : never): Basket {
  const result = addToBasket(basket, ...args);
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}`);
  return result.value;
}

describe('addToBasket', () => {
  const basket = emptyBasket('b1', 'GB');

  it('starts a new line at the first choice and the minimum quantity', () => {
    const next = added(basket, aSuite(), { newLineReference: 'l1' });
    expect(next.lines).toEqual([
      { reference: 'l1', suiteReference: 'photo-2', productReference: 'photo-2-macos', quantity: 1, quantityLocked: false },
    ]);
    expect(next.version).toBe(1);
    expect(basket.lines).toHaveLength(0);
  });

  it('starts a multi-user line at its minimum', () => {
    const next = added(basket, aSuite({ reference: 'team', isMultiUser: true, quantityMinimum: 5 }), {
      newLineReference: 'l1',
    });
    expect(next.lines[0].quantity).toBe(5);
  });

  it('adds one more of a suite already present instead of a second line', () => {
    const once = added(basket, aSuite(), { newLineReference: 'l1' });
    const twice = added(once, aSuite(), { newLineReference: 'l2' });
    expect(twice.lines).toHaveLength(1);
    expect(twice.lines[0].quantity).toBe(2);
  });

  it('switches the choice of a present suite when another choice is added', () => {
    const once = added(basket, aSuite(), { newLineReference: 'l1' });
    const switched = added(once, aSuite(), { newLineReference: 'l2', choice: 'windows' });
    expect(switched.lines).toHaveLength(1);
    expect(switched.lines[0]).toMatchObject({ productReference: 'photo-2-windows', quantity: 1 });
  });

  it('leaves a locked line as it is', () => {
    const suite = aSuite({ quantityLocked: true });
    const once = added(basket, suite, { newLineReference: 'l1' });
    expect(added(once, suite, { newLineReference: 'l2' })).toBe(once);
  });

  it('refuses to go past the maximum and an unknown choice', () => {
    const suite = aSuite({ quantityMaximum: 2, products: [aProduct()] });
    const full = added(added(basket, suite, { newLineReference: 'l1' }), suite, { newLineReference: 'l2' });
    const over = addToBasket(full, suite, { newLineReference: 'l3' });
    expect(over.ok).toBe(false);
    expect(!over.ok && over.error.code).toBe(200002);
    const unknown = addToBasket(basket, suite, { newLineReference: 'l1', choice: 'linux' });
    expect(!unknown.ok && unknown.error.errorName).toBe('PRODUCT_NOT_FOUND');
  });

  it('changes the stale hash with every change and only then', () => {
    const once = added(basket, aSuite(), { newLineReference: 'l1' });
    expect(staleHash(once, shown)).toBe(staleHash({ ...once }, { ...shown }));
    expect(staleHash(once, shown)).not.toBe(staleHash(basket, shown));
    expect(staleHash(once, shown)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('changes the stale hash with the amount shown, and still recognises the basket it was made from', () => {
    const once = added(basket, aSuite(), { newLineReference: 'l1' });
    const hash = staleHash(once, shown);
    for (const moved of [
      { ...shown, grossMinor: shown.grossMinor + 1 },
      { ...shown, netMinor: shown.netMinor - 1, taxMinor: shown.taxMinor + 1 },
      { ...shown, currency: 'EUR' },
      { ...shown, discountCode: null },
    ]) {
      expect(staleHash(once, moved)).not.toBe(hash);
      expect(hashShowsBasket(staleHash(once, moved), once)).toBe(true);
    }
    expect(hashShowsBasket(hash, once)).toBe(true);
    expect(hashShowsBasket(hash, basket)).toBe(false);
  });
});
