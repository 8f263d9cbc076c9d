import { emptyBasket, type Basket } from '@store/domain';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { seedCatalogue } from '../seed/seed-catalogue';
import { TypeOrmBasketRepository } from './typeorm-basket.repository';
import { TypeOrmCatalogueRepository } from './typeorm-catalogue.repository';
import { FileTaxRates } from '../../tax/file-tax-rates';

let db: TestDatabase;
let catalogue: TypeOrmCatalogueRepository;
let baskets: TypeOrmBasketRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  catalogue = new TypeOrmCatalogueRepository(db.dataSource, new FileTaxRates());
  baskets = new TypeOrmBasketRepository(db.dataSource);
});
afterAll(() => db?.drop());

describe('TypeOrmCatalogueRepository on the seeded catalogue', () => {
  it('lists suites in seed order with account prices', async () => {
    const suites = await catalogue.listSuites('GB');
    expect(suites.map((suite) => suite.reference)).toEqual([
      'photo-2',
      'designer-2-ipad',
      'publisher-2',
      'universal-v2',
      'universal-v2-business',
      'photo-3',
      'photo-workbook',
      'texture-pack',
      'brush-starter',
      'designer-2',
    ]);
    const photo = suites[0];
    expect(photo.products.map((product) => product.choice.synonym)).toEqual(['macos', 'windows', 'ipados']);
    expect(photo.products[0].price).toEqual({
      current: { amountMinor: 4199, currency: 'GBP' },
      original: { amountMinor: 6999, currency: 'GBP' },
    });
    expect(photo.products[0].taxInclusive).toBe(true);
  });

  it('prices in the account currency and shows bonus products as free', async () => {
    const [universal] = await catalogue.findSuites(['universal-v2'], 'US');
    expect(universal.products[0].price.current).toEqual({ amountMinor: 9999, currency: 'USD' });
    expect(universal.products[0].taxInclusive).toBe(false);
    expect(universal.quantityLocked).toBe(true);
    expect(universal.productsIncluded.map((product) => [product.reference, product.price.current.amountMinor, product.price.original.amountMinor])).toEqual([
      ['photo-2-ipados', 0, 1999],
      ['designer-2-ipados', 0, 1899],
    ]);
  });

  it('keeps dates and stock as stored', async () => {
    const [workbook, preorder] = await catalogue.findSuites(['photo-workbook', 'photo-3'], 'GB');
    const byReference = new Map([workbook, preorder].map((suite) => [suite.reference, suite]));
    expect(byReference.get('photo-workbook')?.products[0].stock).toEqual({
      outOfStock: true,
      expectedDate: '2027-03-15',
      preorderDate: null,
    });
    expect(byReference.get('photo-3')?.products[0].stock.preorderDate).toBe('2027-06-01');
  });

  it('finds nothing for unknown references or accounts', async () => {
    expect(await catalogue.findSuites([], 'GB')).toEqual([]);
    expect(await catalogue.findSuites(['nope'], 'GB')).toEqual([]);
    expect(await catalogue.listSuites('FR')).toEqual([]);
    expect(await catalogue.find('FR')).toBeNull();
    expect(await catalogue.find('GB')).toEqual({
      code: 'GB',
      name: 'United Kingdom',
      currency: 'GBP',
      taxInclusive: true,
      taxRateBasisPoints: 2000,
    });
  });

  it('seeds idempotently and never resets how often a code was used', async () => {
    const count = async (table: string) => Number((await db.dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);
    const before = await Promise.all(['products', 'product_prices', 'discount_codes'].map(count));
    await db.dataSource.query(`UPDATE discount_codes SET uses = 7 WHERE code = 'WELCOME10'`);
    await seedCatalogue(db.dataSource);
    expect(await Promise.all(['products', 'product_prices', 'discount_codes'].map(count))).toEqual(before);
    const [{ uses }] = await db.dataSource.query(`SELECT uses FROM discount_codes WHERE code = 'WELCOME10'`);
    expect(uses).toBe(7);
  });
});

describe('TypeOrmBasketRepository', () => {
  const line = (reference: string, suite: string, product: string, quantity = 1) => ({
    reference,
    suiteReference: suite,
    productReference: product,
    quantity,
    quantityLocked: false,
  });

  it('stores and reads back a basket with ordered lines', async () => {
    const basket: Basket = {
      ...emptyBasket('basket-rt', 'GB'),
      version: 1,
      lines: [line('l-b', 'publisher-2', 'publisher-2-windows'), line('l-a', 'photo-2', 'photo-2-macos', 3)],
    };
    expect(await baskets.save(basket)).toBe(true);
    expect(await baskets.find('basket-rt')).toEqual(basket);
    expect(await baskets.find('missing')).toBeNull();
  });

  it('lets exactly one of two writers from the same version win', async () => {
    const start: Basket = { ...emptyBasket('basket-race', 'GB'), version: 1, lines: [line('l1', 'photo-2', 'photo-2-macos')] };
    await baskets.save(start);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        baskets.save({ ...start, version: 2, lines: [line('l1', 'photo-2', 'photo-2-macos', index + 2)] }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const stored = await baskets.find('basket-race');
    expect(stored?.version).toBe(2);
    expect(stored?.lines).toHaveLength(1);
  });

  it('refuses a new basket whose reference is taken, changing nothing', async () => {
    const first: Basket = { ...emptyBasket('basket-dup', 'GB'), version: 1, lines: [line('d1', 'photo-2', 'photo-2-macos')] };
    expect(await baskets.save(first)).toBe(true);
    expect(await baskets.save({ ...first, lines: [line('d2', 'publisher-2', 'publisher-2-macos')] })).toBe(false);
    expect((await baskets.find('basket-dup'))?.lines.map((stored) => stored.reference)).toEqual(['d1']);
  });

  it('lets the database refuse what the domain should never send', async () => {
    const bad: Basket = { ...emptyBasket('basket-bad', 'GB'), version: 1, lines: [line('x1', 'photo-2', 'photo-2-macos', 0)] };
    await expect(baskets.save(bad)).rejects.toThrow(/check constraint/);
    expect(await baskets.find('basket-bad')).toBeNull();
  });
});
