import { emptyBasket, money, type Basket, type CountryAccount } from '@store/domain';
import { aProduct, aSuite } from '@store/domain/testing';
import { FixedClock, InMemoryBasketRepository, InMemoryBilling, InMemoryCatalogue, InMemoryDiscounts } from '../testing';
import type { BillingAddress } from '../billing/billing.ports';
import type { TaxRates } from '../tax/tax.ports';
import { BasketReader } from './basket-reader';

// The euro and Polish accounts owe VAT where the shopper is billed: the listed price stays, its tax share moves.

const eu: CountryAccount = { code: 'EU', name: 'Euro area', currency: 'EUR', taxInclusive: true, taxRateBasisPoints: 0 };
const pl: CountryAccount = { code: 'PL', name: 'Poland', currency: 'PLN', taxInclusive: true, taxRateBasisPoints: 2300 };
const gb: CountryAccount = { code: 'GB', name: 'United Kingdom', currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
const photo = (currency: string, minor: number) => aSuite({ products: [aProduct({ price: { current: money(minor, currency), original: money(minor, currency) } })] });
const rates: TaxRates = { standardRate: (country) => ({ GB: 2000, DE: 1900, PT: 2300, PL: 2300, FR: 2000, LU: 1700 })[country] ?? 0 };
const address = (country: string): BillingAddress => ({
  line1: '1 Rua Augusta', line2: null, line3: null, city: 'Lisboa', county: null, state: null, postalCode: '1100-048', country, vatId: null, vatIdStatus: null,
});

async function read(account: CountryAccount, minor: number, billedIn: string | null, viewer: 'customer' | 'visitor' = 'customer') {
  const catalogue = new InMemoryCatalogue(new Map([[account.code, [photo(account.currency, minor)]]]), [account]);
  const billing = new InMemoryBilling();
  if (billedIn) await billing.save('c1', address(billedIn));
  const reader = new BasketReader(catalogue, catalogue, new InMemoryBasketRepository(), new InMemoryDiscounts(), new FixedClock(new Date('2026-11-26T12:00:00Z')), null, rates, billing);
  const basket: Basket = {
    ...emptyBasket('b1', account.code),
    customerId: 'c1',
    lines: [{ reference: 'l1', suiteReference: 'photo-2', productReference: 'photo-2-macos', quantity: 1, quantityLocked: false }],
  };
  const result = await reader.read(basket, viewer === 'customer' ? { id: 'c1', email: 'c1@example.com', emailVerified: true } : null);
  if (!result.ok) throw result.error;
  return result.value.view;
}

describe('BasketReader: VAT by billing country', () => {
  it('takes Portugal\'s 23% and Germany\'s 19% out of the same euro price', async () => {
    // 47.99 / 1.23 = 39.02 net, 8.97 VAT; 47.99 / 1.19 = 40.33 net, 7.66 VAT.
    expect((await read(eu, 4799, 'PT')).total).toEqual({ net: money(3902, 'EUR'), tax: money(897, 'EUR'), gross: money(4799, 'EUR'), isZeroVat: false });
    expect((await read(eu, 4799, 'DE')).total).toMatchObject({ net: money(4033, 'EUR'), tax: money(766, 'EUR'), gross: money(4799, 'EUR') });
    expect((await read(eu, 4799, 'DE')).lines[0].taxRateBasisPoints).toBe(1900);
  });

  it('charges no VAT to a shopper billed where the rates give none, still at the listed price', async () => {
    expect((await read(eu, 4799, 'US')).total).toMatchObject({ net: money(4799, 'EUR'), tax: money(0, 'EUR'), gross: money(4799, 'EUR') });
  });

  it('splits no tax out of a euro basket before the shopper says where they are billed', async () => {
    expect((await read(eu, 4799, null)).total).toMatchObject({ tax: money(0, 'EUR'), gross: money(4799, 'EUR') });
    expect((await read(eu, 4799, 'PT', 'visitor')).total.tax).toEqual(money(0, 'EUR'));
  });

  it('taxes the Polish account at 23% at home and at the billing country\'s rate elsewhere in the EU', async () => {
    // 219.99 / 1.23 = 178.85 net, 41.14 VAT; billed in Luxembourg 219.99 / 1.17 = 188.03 net, 31.96 VAT.
    expect((await read(pl, 21999, null)).total).toMatchObject({ net: money(17885, 'PLN'), tax: money(4114, 'PLN'), gross: money(21999, 'PLN') });
    expect((await read(pl, 21999, 'PL')).total).toMatchObject({ tax: money(4114, 'PLN') });
    expect((await read(pl, 21999, 'LU')).total).toMatchObject({ net: money(18803, 'PLN'), tax: money(3196, 'PLN'), gross: money(21999, 'PLN') });
  });

  it('leaves the UK account at its own 20%, wherever the shopper is billed', async () => {
    expect((await read(gb, 4199, 'DE')).total).toMatchObject({ tax: money(700, 'GBP'), gross: money(4199, 'GBP') });
  });
});
