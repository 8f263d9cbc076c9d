import { cardSalesFor, receiptsTo as deliveredReceiptsTo, storeWithCardSandboxAndMail } from '../testing/card-store';
import { checkoutAction, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { XHR } from '../testing/test-app';

// A basket with something to post (the printed workbook, requires_shipping) is ordered only with an
// address to deliver it to: one of its own, or the billing address ('same as billing'). PLACE_ORDER
// refuses without one before any order or charge, and the order keeps the address it ships to.

// The store with a card gateway and an SMTP server of this file's own: the receipt is read as it is delivered.
const store = storeWithCardSandboxAndMail();

const rows = (sql: string, values: unknown[] = []) => store.t.db.dataSource.query(sql, values);
const BILLING = { line_1: '1 Infinite Loop', city: 'Nottingham', postal_code: 'NG1 1AA', country: 'GB' };
const DELIVERY = { line_1: '7 Rue de Rivoli', line_2: 'Bâtiment B', city: 'Paris', postal_code: '75001', country: 'FR' };

/** The billing address again, with what the checkout says about delivery; the page reads the basket afresh after it. */
async function saveAddresses(shopper: Shopper, delivery: Record<string, unknown>) {
  const saved = await checkoutAction(store.t, 'CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: shopper.basket.reference, ...BILLING, ...delivery }, shopper.cookie);
  await store.t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basket.reference });
  const session = await store.t.http().get('/data/session/').set(XHR).set('Cookie', shopper.cookie);
  return { saved, shopper: { ...shopper, basket: session.body.data.basket } as Shopper, session: session.body.data };
}

const workbookShopper = () => shopperReadyToPay(store.t, { suites: ['photo-2', 'photo-workbook'] });

describe('a basket with a product that requires shipping', () => {
  it('says so, and PLACE_ORDER without a shipping address is refused with nothing ordered or charged', async () => {
    const shopper = await workbookShopper();
    const session = await store.t.http().get('/data/session/').set(XHR).set('Cookie', shopper.cookie);
    expect(session.body.data.basket.flags.shipping_is_required).toBe(true);
    const paid = await payByCard(store.t, shopper);
    expect(paid.status).toBe(422);
    expect(paid.body).toMatchObject({ success: false, code: 201501, message: 'Please give the address we should deliver your order to.' });
    expect(paid.body.data).toMatchObject({ order_number: null, charged: 'not-charged' });
    expect(await rows('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [shopper.basket.reference])).toEqual([{ n: 0 }]);
    expect(await cardSalesFor(store, shopper)).toEqual([]);
  });

  it('is placed once a shipping address is given, and the order records where it ships', async () => {
    const { saved, shopper, session } = await saveAddresses(await workbookShopper(), { ship_to_billing_address: false, shipping_address: DELIVERY });
    expect(saved.body.success).toBe(true);
    const shipping = { same_as_billing: false, address: { ...DELIVERY, line_3: null, county: null, state: null } };
    expect(saved.body.data.customer.shipping).toEqual(shipping);
    expect(session.customer.shipping).toEqual(shipping);
    const paid = await payByCard(store.t, shopper);
    expect(paid.body.success).toBe(true);
    const [order] = await rows('SELECT shipping_address, billing_address FROM orders WHERE number = $1', [paid.body.data.order_number]);
    expect(order.shipping_address).toEqual({ line1: '7 Rue de Rivoli', line2: 'Bâtiment B', line3: null, city: 'Paris', county: null, state: null, postalCode: '75001', country: 'FR' });
    expect(order.billing_address).toMatchObject({ line1: '1 Infinite Loop', country: 'GB' });
    expect(await cardSalesFor(store, shopper)).toHaveLength(1);
  });

  it("ships to the billing address when the shopper chooses 'same as billing'", async () => {
    const { shopper } = await saveAddresses(await workbookShopper(), { ship_to_billing_address: true });
    const paid = await payByCard(store.t, shopper);
    expect(paid.body.success).toBe(true);
    const [order] = await rows('SELECT shipping_address FROM orders WHERE number = $1', [paid.body.data.order_number]);
    expect(order.shipping_address).toMatchObject({ line1: '1 Infinite Loop', city: 'Nottingham', postalCode: 'NG1 1AA', country: 'GB' });
  });

  it('refuses an incomplete shipping address field by field, saving neither address', async () => {
    const shopper = await workbookShopper();
    const before = await rows('SELECT line_1 FROM billing_addresses WHERE customer_id = $1', [shopper.id]);
    const refused = await checkoutAction(
      store.t,
      'CREATE_CUSTOMER_INVOICE_ADDRESS',
      { basket_reference: shopper.basket.reference, ...BILLING, line_1: '2 Changed Street', ship_to_billing_address: false, shipping_address: { city: 'Paris', country: 'ZZ' } },
      shopper.cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 100100 });
    expect(Object.keys(refused.body.fields).sort()).toEqual(['shipping_address.country', 'shipping_address.line_1', 'shipping_address.postal_code']);
    expect(await rows('SELECT line_1 FROM billing_addresses WHERE customer_id = $1', [shopper.id])).toEqual(before);
    expect(await rows('SELECT count(*)::int AS n FROM shipping_addresses WHERE customer_id = $1', [shopper.id])).toEqual([{ n: 0 }]);
    // Not delivering to the billing address and giving no other is incomplete too.
    const none = await checkoutAction(store.t, 'CREATE_CUSTOMER_INVOICE_ADDRESS', { basket_reference: shopper.basket.reference, ...BILLING, ship_to_billing_address: false }, shopper.cookie);
    expect(none.body).toMatchObject({ success: false, code: 100100 });
    expect(Object.keys(none.body.fields)).toContain('shipping_address.line_1');
  });
});

describe('a basket of downloads only', () => {
  it('needs no shipping address, and its order records none', async () => {
    const shopper = await shopperReadyToPay(store.t);
    const paid = await payByCard(store.t, shopper);
    expect(paid.body.success).toBe(true);
    expect(await rows('SELECT shipping_address FROM orders WHERE number = $1', [paid.body.data.order_number])).toEqual([{ shipping_address: null }]);
  });
});

const receiptsTo = (email: string) => deliveredReceiptsTo(store, email);

const session = async (shopper: Shopper) => (await store.t.http().get('/data/session/').set(XHR).set('Cookie', shopper.cookie)).body.data;
type Amount = { amount_minor: number };
const amounts = (basket: { pricing: { total: { net: Amount; tax: Amount; gross: Amount } } }) => ({
  net: basket.pricing.total.net.amount_minor,
  tax: basket.pricing.total.tax.amount_minor,
  gross: basket.pricing.total.gross.amount_minor,
});
const GERMANY = { line_1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' };
const BILLING_SHOWN = { line_1: '1 Infinite Loop', line_2: null, line_3: null, city: 'Nottingham', county: null, state: null, postal_code: 'NG1 1AA', country: 'GB', vat_id: null };

describe('a posted product is priced and taxed where it is delivered', () => {
  it('prices the workbook for Germany once the delivery country is chosen, and the order, its page and receipt say where it goes', async () => {
    const shopper = await workbookShopper();
    // The UK store's prices hold UK VAT: 41.99 + 49.99, of which 15.33 is tax.
    expect(amounts((await session(shopper)).basket)).toEqual({ net: 7665, tax: 1533, gross: 9198 });
    const chosen = await checkoutAction(store.t, 'CONFIGURE_BASKET_SHIPPING_COUNTRY', { basketReference: shopper.basket.reference, country: 'DE' }, shopper.cookie);
    expect(chosen.body.success).toBe(true);
    expect(chosen.body.data.basket.shipping_country).toBe('DE');
    // The book alone moves to German VAT (19%): net 41.66 + 7.92 = 49.58; the software keeps UK VAT (7.00).
    expect(amounts(chosen.body.data.basket)).toEqual({ net: 7665, tax: 1492, gross: 9157 });

    const saved = await saveAddresses(shopper, { ship_to_billing_address: false, shipping_address: GERMANY });
    expect(saved.shopper.basket).toMatchObject({ shipping_country: 'DE', pricing: { formatted_total_for_3d_verification: '91.57' } });
    const paid = await payByCard(store.t, saved.shopper, { amount: '91.57', billing_address: BILLING_SHOWN, update_shipping_address: false });
    expect(paid.body).toMatchObject({ success: true });
    const number = paid.body.data.order_number;
    const [order] = await rows('SELECT net_minor, tax_minor, gross_minor, shipping_address FROM orders WHERE number = $1', [number]);
    expect(order).toMatchObject({ net_minor: 7665, tax_minor: 1492, gross_minor: 9157, shipping_address: { line1: 'Hauptstraße 1', country: 'DE' } });
    const lines = await rows('SELECT product_reference, unit_price_minor FROM order_lines WHERE order_number = $1 AND NOT is_bonus ORDER BY position', [number]);
    expect(lines).toEqual([
      { product_reference: 'photo-2-macos', unit_price_minor: 4199 },
      { product_reference: 'photo-workbook-print', unit_price_minor: 4958 },
    ]);

    const page = await store.t.http().get(`/data/orders/${number}`).set(XHR).set('Cookie', shopper.cookie);
    expect(page.body.data.order.delivery_address).toBe('Hauptstraße 1, Berlin, 10115, Germany');
    const [receipt] = await receiptsTo(shopper.email);
    expect(receipt.text).toContain('Delivery address: Hauptstraße 1, Berlin, 10115, Germany');
    expect(receipt.text).toContain('Total (including £14.92 tax): £91.57');
  });

  it('refuses an order priced for one country and posted to another, with nothing ordered or charged', async () => {
    const { shopper } = await saveAddresses(await workbookShopper(), { ship_to_billing_address: false, shipping_address: GERMANY });
    // Another tab prices it for the United States after the German address was saved.
    const moved = await checkoutAction(store.t, 'CONFIGURE_BASKET_SHIPPING_COUNTRY', { basketReference: shopper.basket.reference, country: 'US' }, shopper.cookie);
    // The book leaves without VAT (41.66); the software keeps UK VAT (7.00).
    expect(amounts(moved.body.data.basket)).toEqual({ net: 7665, tax: 700, gross: 8365 });
    // The basket changed, so payment is set up again (spec 2 §4), as the page does.
    await store.t.http().post('/data/determine-gateway/').set(XHR).set('Cookie', shopper.cookie).send({ basket_ref: shopper.basket.reference });
    const paid = await payByCard(store.t, { ...shopper, basket: (await session(shopper)).basket });
    expect(paid.status).toBe(409);
    expect(paid.body).toMatchObject({ success: false, code: 201502 });
    expect(paid.body.message).toBe('Your delivery country has changed since your total was worked out. Please check your delivery address and total, then try again.');
    expect(await rows('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [shopper.basket.reference])).toEqual([{ n: 0 }]);
    expect(await cardSalesFor(store, shopper)).toEqual([]);
  });

  it('never charges a price for one country while the basket moves to another (a country change racing the payment)', async () => {
    const outcomes = new Set<string>();
    const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let round = 0; round < 12 && !(round >= 4 && outcomes.size === 2); round++) {
      const { shopper } = await saveAddresses(await workbookShopper(), { ship_to_billing_address: false, shipping_address: GERMANY });
      // The move leaves first in the first round, then a little later each round, so it lands before, during and after the placing.
      const [paid, moved] = await Promise.all([
        after(round === 0 ? 20 : 0).then(() => payByCard(store.t, shopper)),
        after(round === 0 ? 0 : (round - 1) * 10).then(() =>
          checkoutAction(store.t, 'CONFIGURE_BASKET_SHIPPING_COUNTRY', { basketReference: shopper.basket.reference, country: 'US' }, shopper.cookie),
        ),
      ]);
      outcomes.add(paid.body.success ? 'paid' : 'moved');
      const placed = await rows('SELECT number, gross_minor, status FROM orders WHERE basket_reference = $1', [shopper.basket.reference]);
      const sales = (await cardSalesFor(store, shopper)) as { amount: string }[];
      if (paid.body.success) {
        // Paid at the German price it showed, and the move came too late to change it.
        expect(moved.body.success).toBe(false);
        expect(placed).toEqual([{ number: paid.body.data.order_number, gross_minor: 9157, status: 'paid' }]);
        expect(sales.map((sale) => sale.amount)).toEqual(['91.57']);
      } else {
        // The move landed first: the German price the page showed is stale (or, landing mid-way, its
        // payment set-up is gone with the old basket), and nothing is charged.
        expect(moved.body.success).toBe(true);
        expect([200001, 300100]).toContain(paid.body.code);
        expect(placed).toEqual([]);
        expect(sales).toEqual([]);
      }
    }
    // Both ends of the race were met.
    expect([...outcomes].sort()).toEqual(['moved', 'paid']);
  }, 60_000);

  it('refuses a shipping country that is not a country, changing nothing', async () => {
    const shopper = await workbookShopper();
    for (const country of ['ZZ', 'de', 'DEU', 7]) {
      const refused = await checkoutAction(store.t, 'CONFIGURE_BASKET_SHIPPING_COUNTRY', { basketReference: shopper.basket.reference, country }, shopper.cookie);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 100100 });
    }
    expect((await session(shopper)).basket.stale_hash).toBe(shopper.basket.stale_hash);
  });
});

describe("PLACE_ORDER's billing_address and update_shipping_address (spec 2 §7)", () => {
  it('refuses a billing address other than the one stored, and a malformed one, with nothing ordered or charged', async () => {
    const shopper = await shopperReadyToPay(store.t);
    const changed = await payByCard(store.t, shopper, { billing_address: { ...BILLING_SHOWN, line_1: '2 Old Street' } });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ success: false, code: 100304, data: { order_number: null, charged: 'not-charged' } });
    for (const billing_address of ['1 Infinite Loop', { ...BILLING_SHOWN, nickname: 'home' }, { ...BILLING_SHOWN, country: 'GBR' }, [BILLING_SHOWN]]) {
      const refused = await payByCard(store.t, shopper, { billing_address });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 100100 });
    }
    expect(await rows('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [shopper.basket.reference])).toEqual([{ n: 0 }]);
    expect(await cardSalesFor(store, shopper)).toEqual([]);
    // The address as the page shows it (nulls for empty lines, any letter case) is the stored one.
    const paid = await payByCard(store.t, shopper, { billing_address: { ...BILLING_SHOWN, postal_code: 'ng1 1aa' }, update_shipping_address: false });
    expect(paid.body.success).toBe(true);
  });

  it('with update_shipping_address posts the order to the billing address and keeps that as the delivery choice', async () => {
    const { shopper } = await saveAddresses(await workbookShopper(), { ship_to_billing_address: false, shipping_address: { ...DELIVERY, country: 'GB', postal_code: 'EC1A 1BB', city: 'London' } });
    const paid = await payByCard(store.t, shopper, { update_shipping_address: true, billing_address: BILLING_SHOWN });
    expect(paid.body.success).toBe(true);
    const [order] = await rows('SELECT shipping_address FROM orders WHERE number = $1', [paid.body.data.order_number]);
    expect(order.shipping_address).toMatchObject({ line1: '1 Infinite Loop', city: 'Nottingham', country: 'GB' });
    expect((await session(shopper)).customer.shipping).toEqual({ same_as_billing: true, address: null });
  });
});
