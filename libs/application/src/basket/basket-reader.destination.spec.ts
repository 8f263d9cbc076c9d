import { emptyBasket, money, type Basket, type CountryAccount } from '@store/domain';
import { aProduct, aSuite } from '@store/domain/testing';
import { FixedClock, InMemoryBasketRepository, InMemoryCatalogue, InMemoryDiscounts } from '../testing';
import type { TaxRates } from '../tax/tax.ports';
import { BasketReader } from './basket-reader';

// A posted product is taxed where the basket's shipping country says it goes, at the rate the tax port gives.

const gb: CountryAccount = { code: 'GB', name: 'United Kingdom', currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
const book = aSuite({
  reference: 'workbook',
  requiresShipping: true,
  products: [aProduct({ reference: 'workbook-print', price: { current: money(4999, 'GBP'), original: money(4999, 'GBP') } })],
});
const rates: TaxRates = { standardRate: (country) => ({ GB: 2000, DE: 1900, FR: 2000 })[country] ?? 0 };

async function read(shippingCountry: string | null, taxRates: TaxRates | null = rates) {
  const catalogue = new InMemoryCatalogue(new Map([['GB', [book]]]), [gb]);
  const reader = new BasketReader(catalogue, catalogue, new InMemoryBasketRepository(), new InMemoryDiscounts(), new FixedClock(new Date('2026-11-26T12:00:00Z')), null, taxRates);
  const basket: Basket = {
    ...emptyBasket('b1', 'GB'),
    shippingCountry,
    lines: [{ reference: 'l1', suiteReference: 'workbook', productReference: 'workbook-print', quantity: 2, quantityLocked: false }],
  };
  const result = await reader.read(basket, null);
  if (!result.ok) throw result.error;
  return result.value.view;
}

describe('BasketReader with a shipping country', () => {
  it('prices a posted product at home until a country is chosen', async () => {
    expect((await read(null)).total).toMatchObject({ gross: money(9998, 'GBP'), tax: money(1666, 'GBP') });
  });

  it('prices and taxes it for the chosen country at that country’s rate', async () => {
    const germany = await read('DE');
    expect(germany.lines[0].product.price.current).toEqual(money(4958, 'GBP'));
    // 2 × 49.58 = 99.16, of which 19% VAT is 15.83 (taken out of the line total once).
    expect(germany.total).toMatchObject({ net: money(8333, 'GBP'), tax: money(1583, 'GBP'), gross: money(9916, 'GBP') });
    expect((await read('JP')).total).toMatchObject({ tax: money(0, 'GBP'), gross: money(8332, 'GBP') });
  });

  it('keeps home prices where no tax port is wired', async () => {
    expect((await read('DE', null)).total.gross).toEqual(money(9998, 'GBP'));
  });
});
