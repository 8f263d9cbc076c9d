import { checkoutAction, payByCard, shopperReadyToPay, type Shopper } from '../testing/shopper';
import { cardSalesFor, storeWithCardSandbox } from '../testing/card-store';
import { XHR } from '../testing/test-app';

// A basket with something to post (the printed workbook, requires_shipping) is ordered only with an
// address to deliver it to: one of its own, or the billing address ('same as billing'). PLACE_ORDER
// refuses without one before any order or charge, and the order keeps the address it ships to.

const store = storeWithCardSandbox();

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
