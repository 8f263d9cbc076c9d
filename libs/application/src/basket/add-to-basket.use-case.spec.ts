import { money, type CountryAccount } from '@store/domain';
import { aProduct, aSuite } from '@store/domain/testing';
import { FixedClock, InMemoryBasketRepository, InMemoryCatalogue, InMemoryDiscounts, SequentialIds } from '../testing';
import { AddToBasket } from './add-to-basket.use-case';
import { BasketReader } from './basket-reader';
import { GetBasket } from './get-basket.use-case';

const gb: CountryAccount = { code: 'GB', name: 'United Kingdom', currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
const us: CountryAccount = { code: 'US', name: 'United States', currency: 'USD', taxInclusive: false, taxRateBasisPoints: 0 };

function setUp() {
  const catalogue = new InMemoryCatalogue(
    new Map([
      ['GB', [aSuite(), aSuite({ reference: 'team', isMultiUser: true, quantityMinimum: 5 })]],
      ['US', [aSuite({ products: [aProduct({ price: { current: money(5999, 'USD'), original: money(5999, 'USD') }, taxInclusive: false })] })]],
    ]),
    [gb, us],
  );
  const baskets = new InMemoryBasketRepository();
  const reader = new BasketReader(catalogue, catalogue, baskets, new InMemoryDiscounts(), new FixedClock(new Date('2026-11-22T12:00:00Z')));
  return {
    baskets,
    add: new AddToBasket(baskets, catalogue, reader, new SequentialIds()),
    get: new GetBasket(baskets, reader),
  };
}

describe('AddToBasket', () => {
  it('starts a basket in the storefront account and prices it', async () => {
    const { add, baskets } = setUp();
    const result = await add.execute({ basketReference: null, countryAccount: 'GB', suiteReference: 'photo-2' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.view.basket.reference).toBe('id-1');
    expect(result.value.view.total.gross).toEqual(money(4199, 'GBP'));
    expect(result.value.view.total.tax.amountMinor).toBe(700);
    expect(baskets.baskets.get('id-1')?.lines).toHaveLength(1);
  });

  it('adds to the existing basket, keeping its account', async () => {
    const { add } = setUp();
    const first = await add.execute({ basketReference: null, countryAccount: 'US', suiteReference: 'photo-2' });
    const reference = first.ok ? first.value.view.basket.reference : '';
    const second = await add.execute({ basketReference: reference, countryAccount: 'GB', suiteReference: 'photo-2' });
    expect(second.ok && second.value.view.basket.reference).toBe(reference);
    expect(second.ok && second.value.view.lines[0].line.quantity).toBe(2);
    expect(second.ok && second.value.view.total.gross).toEqual(money(11998, 'USD'));
  });

  it('refuses a product the account does not sell, storing nothing', async () => {
    const { add, baskets } = setUp();
    const result = await add.execute({ basketReference: null, countryAccount: 'US', suiteReference: 'team' });
    expect(!result.ok && result.error.code).toBe(200405);
    expect(baskets.baskets.size).toBe(0);
  });

  it('starts afresh when the remembered basket no longer exists', async () => {
    const { add } = setUp();
    const result = await add.execute({ basketReference: 'gone', countryAccount: 'GB', suiteReference: 'photo-2' });
    expect(result.ok && result.value.view.basket.reference).not.toBe('gone');
  });

  it('retries when another request changed the basket in between', async () => {
    const { add, baskets } = setUp();
    const first = await add.execute({ basketReference: null, countryAccount: 'GB', suiteReference: 'photo-2' });
    const reference = first.ok ? first.value.view.basket.reference : '';
    const [a, b] = await Promise.all([
      add.execute({ basketReference: reference, countryAccount: 'GB', suiteReference: 'photo-2' }),
      add.execute({ basketReference: reference, countryAccount: 'GB', suiteReference: 'team' }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    const stored = baskets.baskets.get(reference);
    expect(stored?.lines.map((line) => [line.suiteReference, line.quantity])).toEqual([
      ['photo-2', 2],
      ['team', 5],
    ]);
  });
});

describe('GetBasket', () => {
  it('answers the catalogued not-found error for an unknown reference', async () => {
    const { get } = setUp();
    const result = await get.execute('nope');
    expect(!result.ok && result.error.code).toBe(200404);
  });
});
