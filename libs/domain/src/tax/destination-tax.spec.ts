import { emptyBasket, type Basket } from '../basket/basket';
import { viewBasket, type CountryAccount } from '../basket/basket-view';
import type { ProductSuite } from '../catalogue/product';
import { money } from '../shared/money';
import { aProduct, aSuite } from '../testing/catalogue.mother';
import { destinationUnitPrice } from './destination-tax';

const gb: CountryAccount = { code: 'GB', name: 'United Kingdom', currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
const us: CountryAccount = { code: 'US', name: 'United States', currency: 'USD', taxInclusive: false, taxRateBasisPoints: 0 };
const price = (minor: number, currency = 'GBP') => ({ current: money(minor, currency), original: money(minor, currency) });
const workbook = (currency = 'GBP') =>
  aSuite({ reference: 'workbook', requiresShipping: true, products: [aProduct({ reference: 'workbook-print', choice: { name: 'Print', synonym: 'none' }, price: price(4999, currency) })] });
const software = aSuite({ reference: 'photo', products: [aProduct({ reference: 'photo-mac', price: price(4199) })] });

function view(account: CountryAccount, suites: ProductSuite[], destination: { country: string; taxRateBasisPoints: number } | null, percentOff = 0) {
  const basket: Basket = {
    ...emptyBasket('b1', account.code),
    lines: suites.map((suite, index) => ({ reference: `l${index}`, suiteReference: suite.reference, productReference: suite.products[0].reference, quantity: 1, quantityLocked: false })),
  };
  const result = viewBasket(basket, account, new Map(suites.map((suite) => [suite.reference, suite])), percentOff ? { code: 'OFF', percentOff } : null, null, destination);
  if (!result.ok) throw result.error;
  return result.value;
}

describe('destinationUnitPrice', () => {
  it.each([
    // listed, account rate, destination rate, price there
    [4999, 2000, 2000, 4999], // delivered at home: exactly as listed
    [4999, 2000, 1900, 4958], // net 4166 (4165.83), plus 19% (791.54) = 792
    [4999, 2000, 0, 4166], // outside any VAT: the net price
    [4999, 2000, 2500, 5208], // net 4166 plus 25% (1041.5 rounds up) = 1042
    [1, 2000, 0, 1], // a penny stays a penny: 0.83 rounds to 1
    [0, 2000, 1900, 0],
  ])('%i at %i bp, delivered where the rate is %i bp, costs %i', (listed, accountRate, destinationRate, expected) => {
    expect(destinationUnitPrice(listed, accountRate, destinationRate)).toBe(expected);
  });
});

describe('a basket with a posted product, by where it is delivered', () => {
  it('is priced and taxed as listed until a destination is given, and for the account’s own country', () => {
    const home = view(gb, [software, workbook()], null);
    expect(home.total).toMatchObject({ gross: money(9198, 'GBP'), tax: money(1533, 'GBP') });
    expect(view(gb, [software, workbook()], { country: 'GB', taxRateBasisPoints: 2000 }).total).toEqual(home.total);
  });

  it('taxes only the posted product at the destination’s rate, and prices it there', () => {
    const germany = view(gb, [software, workbook()], { country: 'DE', taxRateBasisPoints: 1900 });
    expect(germany.lines.map((line) => [line.product.price.current.amountMinor, line.total.amountMinor])).toEqual([
      [4199, 4199],
      [4958, 4958],
    ]);
    expect(germany.lines.map((line) => line.taxRateBasisPoints)).toEqual([2000, 1900]);
    // Software keeps UK VAT (4199 - 3499 = 700); the book carries German VAT (4958 - 4166 = 792).
    expect(germany.total).toEqual({ net: money(7665, 'GBP'), tax: money(1492, 'GBP'), gross: money(9157, 'GBP'), isZeroVat: false });
  });

  it('charges no VAT on a book posted outside any VAT country', () => {
    const abroad = view(gb, [workbook()], { country: 'US', taxRateBasisPoints: 0 });
    expect(abroad.total).toEqual({ net: money(4166, 'GBP'), tax: money(0, 'GBP'), gross: money(4166, 'GBP'), isZeroVat: true });
    expect(abroad.formattedTotalForVerification).toBe('41.66');
  });

  it('keeps net plus tax equal to gross with a discount split over lines at two rates', () => {
    const discounted = view(gb, [software, workbook()], { country: 'DE', taxRateBasisPoints: 1900 }, 15);
    const { net, tax, gross } = discounted.totalWithDiscount;
    expect(net.amountMinor + tax.amountMinor).toBe(gross.amountMinor);
    expect(gross.amountMinor).toBe(9157 - 1374); // 15% of 9157 = 1373.55
    const [softwareShare, bookShare] = discounted.lines.map((line) => line.total.amountMinor - line.discount.amountMinor);
    const vat = (amount: number, rate: number) => amount - Math.round((amount * 10000) / (10000 + rate));
    expect(tax.amountMinor).toBe(vat(softwareShare, 2000) + vat(bookShare, 1900));
  });

  it('leaves a tax-exclusive account alone: its sales tax follows the address at payment', () => {
    expect(view(us, [workbook('USD')], { country: 'DE', taxRateBasisPoints: 1900 }).lines[0].taxRateBasisPoints).toBe(0);
    expect(view(us, [workbook('USD')], { country: 'DE', taxRateBasisPoints: 1900 }).total).toEqual({
      net: money(4999, 'USD'),
      tax: money(0, 'USD'),
      gross: money(4999, 'USD'),
      isZeroVat: true,
    });
  });

  it('changes the stale hash when the price moves with the destination', () => {
    expect(view(gb, [workbook()], { country: 'DE', taxRateBasisPoints: 1900 }).staleHash).not.toBe(view(gb, [workbook()], null).staleHash);
  });
});
