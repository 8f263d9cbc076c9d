import { cardSalesFor, receiptsTo, storeWithCardSandboxAndMail } from '../testing/card-store';
import { checkoutAction, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { XHR } from '../testing/test-app';

// The euro (en-eu) and Polish (en-pl) storefronts: their own prices and currency, VAT taken out of
// the listed price at the rate of the country the shopper is billed in, a card charged through the
// merchant account of that currency, and the order and receipt in it.

const store = storeWithCardSandboxAndMail();

const rows = (sql: string, values: unknown[] = []) => store.t.db.dataSource.query(sql, values);
type Amount = { amount_minor: number; currency: string };
type Priced = { pricing: { currency_code: string; tax_inclusive: boolean; total: { net: Amount; tax: Amount; gross: Amount } } };
const totals = (basket: Priced) => ({
  currency: basket.pricing.currency_code,
  net: basket.pricing.total.net.amount_minor,
  tax: basket.pricing.total.tax.amount_minor,
  gross: basket.pricing.total.gross.amount_minor,
});
const LISBON = { line_1: 'Rua Augusta 24', city: 'Lisboa', postal_code: '1100-053', country: 'PT' };
const BERLIN = { line_1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' };
const WARSAW = { line_1: 'ul. Marszałkowska 1', city: 'Warszawa', postal_code: '00-624', country: 'PL' };

/** Saves another billing address, as the page does, and reads the basket afresh after it. */
async function billAt(shopper: Shopper, address: Record<string, string>) {
  const saved = await checkoutAction(store.t, 'CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: shopper.basket.reference, ...address }, shopper.cookie);
  expect(saved.body.success).toBe(true);
  const decided = await store.t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basket.reference });
  expect(decided.body.data.gateway).toBe('braintree');
  const session = await store.t.http().get('/data/session/').set(XHR).set('Cookie', shopper.cookie);
  return { ...shopper, basket: session.body.data.basket } as Shopper;
}

const receiptTo = async (email: string) => (await receiptsTo(store, email))[0];

/** The card sale of this shopper's order, with the merchant account the gateway charged it through. */
async function saleOf(shopper: Shopper) {
  const sales = (await cardSalesFor(store, shopper)) as { id: string; amount: string; currency: string }[];
  expect(sales).toHaveLength(1);
  const { merchantAccountId } = store.sandbox.context.store.state.transactions[sales[0].id];
  return { ...sales[0], merchantAccountId };
}

describe('the euro and Polish catalogues', () => {
  it('price every product in the storefront\'s currency, tax included, at local price points', async () => {
    const eu = (await store.t.http().get('/data/catalogue/?locale=en-eu').set(XHR)).body.data;
    const pl = (await store.t.http().get('/data/catalogue/?locale=en-pl').set(XHR)).body.data;
    expect(eu).toMatchObject({ country_account: 'EU', currency_code: 'EUR', tax_inclusive: true });
    expect(pl).toMatchObject({ country_account: 'PL', currency_code: 'PLN', tax_inclusive: true });
    const price = (catalogue: { suites: { products: { reference: string; price_current: Amount; price_original: Amount }[] }[] }, reference: string) => {
      const product = catalogue.suites.flatMap((suite) => suite.products).find((candidate) => candidate.reference === reference);
      return product && [product.price_current.amount_minor, product.price_original.amount_minor, product.price_current.currency];
    };
    expect(price(eu, 'photo-2-macos')).toEqual([4799, 7999, 'EUR']);
    expect(price(pl, 'photo-2-macos')).toEqual([21999, 36999, 'PLN']);
    // The free products stay free in every currency.
    expect(price(eu, 'brush-starter-any')).toEqual([0, 0, 'EUR']);
    expect(price(pl, 'texture-pack-any')).toEqual([0, 7499, 'PLN']);
    for (const catalogue of [eu, pl]) {
      for (const product of catalogue.suites.flatMap((suite: { products: { price_current: Amount }[] }) => suite.products)) {
        expect(product.price_current.currency).toBe(catalogue.currency_code);
      }
    }
  });
});

describe('a basket of the euro storefront', () => {
  it('takes the billing country\'s VAT out of the same euro price, and is charged in euros', async () => {
    const shopper = await shopperReadyToPay(store.t, { locale: 'en-eu', address: LISBON });
    // Portugal: 23% of 47.99 is 8.97.
    expect(totals(shopper.basket as unknown as Priced)).toEqual({ currency: 'EUR', net: 3902, tax: 897, gross: 4799 });
    // Billed in Germany instead: 19%, the price unchanged.
    const german = await billAt(shopper, BERLIN);
    expect(totals(german.basket as unknown as Priced)).toEqual({ currency: 'EUR', net: 4033, tax: 766, gross: 4799 });
    const portuguese = await billAt(german, LISBON);

    const paid = await payByCard(store.t, portuguese, { locale: 'en-eu' });
    expect(paid.body).toMatchObject({ success: true });
    const number = paid.body.data.order_number;
    expect(await rows('SELECT currency, net_minor, tax_minor, gross_minor, locale FROM orders WHERE number = $1', [number])).toEqual([
      { currency: 'EUR', net_minor: 3902, tax_minor: 897, gross_minor: 4799, locale: 'en-eu' },
    ]);
    expect(await rows('SELECT tax_rate_bp FROM order_lines WHERE order_number = $1 AND NOT is_bonus', [number])).toEqual([{ tax_rate_bp: 2300 }]);
    expect(await saleOf(portuguese)).toMatchObject({ amount: '47.99', currency: 'EUR', merchantAccountId: 'store_EUR' });
    const receipt = await receiptTo(shopper.email);
    expect(receipt.text).toContain('Affinity Photo 2 for macOS × 1: €47.99');
    expect(receipt.text).toContain('Total (including €8.97 tax): €47.99');
    expect(receipt.text).toContain(`http://store.test/en-eu/order/${number}/`);
  });

  it('takes a shopper billed outside the euro area, in euros, with that country\'s VAT or none', async () => {
    const warsaw = await shopperReadyToPay(store.t, { locale: 'en-eu', address: WARSAW });
    expect(totals(warsaw.basket as unknown as Priced)).toEqual({ currency: 'EUR', net: 3902, tax: 897, gross: 4799 });
    const american = await shopperReadyToPay(store.t, { locale: 'en-eu', address: { line_1: '1 Main St', city: 'Portland', postal_code: '97201', country: 'US', state: 'OR' } });
    expect(totals(american.basket as unknown as Priced)).toEqual({ currency: 'EUR', net: 4799, tax: 0, gross: 4799 });
  });
});

describe('a basket of the Polish storefront', () => {
  it('is priced in złoty with Polish VAT and charged through the złoty merchant account', async () => {
    const shopper = await shopperReadyToPay(store.t, { locale: 'en-pl', address: WARSAW });
    // 23% of 219.99 is 41.14.
    expect(totals(shopper.basket as unknown as Priced)).toEqual({ currency: 'PLN', net: 17885, tax: 4114, gross: 21999 });
    const paid = await payByCard(store.t, shopper, { locale: 'en-pl' });
    expect(paid.body).toMatchObject({ success: true });
    const number = paid.body.data.order_number;
    expect(await rows('SELECT currency, tax_minor, gross_minor FROM orders WHERE number = $1', [number])).toEqual([{ currency: 'PLN', tax_minor: 4114, gross_minor: 21999 }]);
    expect(await saleOf(shopper)).toMatchObject({ amount: '219.99', currency: 'PLN', merchantAccountId: 'store_PLN' });
    const receipt = await receiptTo(shopper.email);
    expect(receipt.text).toContain('Total (including 41,14\u00a0zł tax): 219,99\u00a0zł');
    const page = await store.t.http().get(`/data/orders/${number}`).set(XHR).set('Cookie', shopper.cookie);
    expect(page.body.data.order).toMatchObject({ currency: 'PLN' });
  });
});
