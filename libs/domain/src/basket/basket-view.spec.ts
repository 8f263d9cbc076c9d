import { money } from '../shared/money';
import { aProduct, aSuite } from '../testing/catalogue.mother';
import type { ProductSuite } from '../catalogue/product';
import { emptyBasket, staleHash, type Basket } from './basket';
import { viewBasket, type CountryAccount } from './basket-view';

const gb: CountryAccount = { code: 'GB', name: 'United Kingdom', currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
const freeDownload = aSuite({
  reference: 'brushes',
  isFreeDownload: true,
  products: [aProduct({ reference: 'brushes-any', choice: { name: 'Any', synonym: 'none' }, price: { current: money(0, 'GBP'), original: money(0, 'GBP') } })],
});
const book = aSuite({
  reference: 'workbook',
  requiresShipping: true,
  products: [aProduct({ reference: 'workbook-print', choice: { name: 'Print', synonym: 'none' }, price: { current: money(4999, 'GBP'), original: money(4999, 'GBP') } })],
});
const giveaway = aSuite({
  reference: 'textures',
  products: [aProduct({ reference: 'textures-any', price: { current: money(0, 'GBP'), original: money(1499, 'GBP') } })],
});

function basketOf(...suites: ProductSuite[]): { basket: Basket; suites: Map<string, ProductSuite> } {
  const basket: Basket = {
    ...emptyBasket('b1', 'GB'),
    lines: suites.map((suite, index) => ({
      reference: `l${index}`,
      suiteReference: suite.reference,
      productReference: suite.products[0].reference,
      quantity: 1,
      quantityLocked: false,
    })),
  };
  return { basket, suites: new Map(suites.map((suite) => [suite.reference, suite])) };
}

function view(...suites: ProductSuite[]) {
  const { basket, suites: map } = basketOf(...suites);
  const result = viewBasket(basket, gb, map);
  if (!result.ok) throw result.error;
  return result.value;
}

describe('viewBasket', () => {
  it('prices lines and flags a paid basket', () => {
    const result = view(aSuite(), book);
    expect(result.lines.map((line) => line.total.amountMinor)).toEqual([4199, 4999]);
    expect(result.total.gross.amountMinor).toBe(9198);
    expect(result.flags).toEqual({ allowLineRemoval: true, isFreeDownload: false, shippingIsRequired: true });
    expect(result.orderIsComplimentary).toBe(false);
    expect(result.formattedTotalForVerification).toBe('91.98');
    expect(result.staleHash).toBe(
      staleHash(result.basket, { currency: 'GBP', netMinor: result.totalWithDiscount.net.amountMinor, taxMinor: result.totalWithDiscount.tax.amountMinor, grossMinor: 9198, discountCode: null }),
    );
  });

  it('recognises a free download and a complimentary order', () => {
    expect(view(freeDownload).flags.isFreeDownload).toBe(true);
    expect(view(freeDownload).orderIsComplimentary).toBe(false);
    expect(view(giveaway).orderIsComplimentary).toBe(true);
    expect(view(giveaway).flags.isFreeDownload).toBe(false);
    expect(view().orderIsComplimentary).toBe(false);
  });

  it('fails when a line points at a product the catalogue no longer has', () => {
    const { basket } = basketOf(aSuite());
    const result = viewBasket(basket, gb, new Map());
    expect(!result.ok && result.error.errorName).toBe('PRODUCT_NOT_FOUND');
  });
});
