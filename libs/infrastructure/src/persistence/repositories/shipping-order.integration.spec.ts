import { BasketReader, PlaceOrder } from '@store/application';
import { aPlaceOrderCommand, FakePaymentPort } from '@store/application/testing';
import { emptyBasket, type Basket } from '@store/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { insertCustomer } from '../../testing/customers';
import { orderStorage } from '../../testing/order-storage';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TypeOrmBasketRepository } from './typeorm-basket.repository';
import { TypeOrmBillingRepository } from './typeorm-billing.repository';
import { TypeOrmOrderRepository } from './typeorm-order.repository';
import { TypeOrmPaymentStateRepository } from './typeorm-payment-state.repository';
import { TypeOrmShippingAddressRepository } from './typeorm-shipping-address.repository';

// A posted product's order on Postgres: priced with the destination's VAT from the rates file, its
// delivery address stored on the order and read back with it, and the receipt queued with it.

let db: TestDatabase;
let baskets: TypeOrmBasketRepository;
let billing: TypeOrmBillingRepository;
let states: TypeOrmPaymentStateRepository;
let orders: TypeOrmOrderRepository;
let shipping: TypeOrmShippingAddressRepository;
let reader: () => BasketReader;

beforeAll(async () => {
  db = await createTestDatabase();
  ({ baskets, billing, states, orders, shipping, reader } = orderStorage(db));
}, 60_000);
afterAll(() => db?.drop());

const placeOrder = (payments: FakePaymentPort) =>
  new PlaceOrder(baskets, reader(), billing, states, orders, { braintree: payments }, { bytes: (count) => randomBytes(count) }, { shipping });

const BERLIN = { line1: 'Hauptstraße 1', line2: null, line3: null, city: 'Berlin', county: null, state: null, postalCode: '10115', country: 'DE' };

/** A UK customer with the workbook in a basket priced for `shippingCountry`, delivering to Berlin. */
async function workbookShopper(shippingCountry: string) {
  const customer = await insertCustomer(db.dataSource);
  const basket: Basket = {
    ...emptyBasket(randomUUID(), 'GB'),
    customerId: customer.id,
    shippingCountry,
    version: 1,
    lines: [{ reference: randomUUID(), suiteReference: 'photo-workbook', productReference: 'photo-workbook-print', quantity: 1, quantityLocked: false }],
  };
  await baskets.save(basket);
  await billing.save(customer.id, { line1: '1 Main Street', line2: null, line3: null, city: 'London', county: null, state: null, postalCode: 'N1 1AA', country: 'GB', vatId: null, vatIdStatus: null });
  await shipping.save(customer.id, { sameAsBilling: false, address: BERLIN });
  await states.chooseGateway(basket.reference, basket.version, 'braintree');
  const read = await reader().read(basket, customer);
  if (!read.ok) throw read.error;
  const command = aPlaceOrderCommand({ customer, basketReference: basket.reference, basketStaleHash: read.value.view.staleHash }, { withdrawalConsent: true });
  return { customer, basket, command, view: read.value.view };
}

describe('an order with something to post, on Postgres', () => {
  it('is charged with German VAT, keeps the Berlin address, and reads it back with the order and in the receipt', async () => {
    const payments = new FakePaymentPort();
    const { command, customer, view } = await workbookShopper('DE');
    expect(view.totalWithDiscount.gross.amountMinor).toBe(4958);
    const placed = await placeOrder(payments).execute(command);
    if (!placed.ok) throw placed.error;
    expect(placed.value.order).toMatchObject({ grossMinor: 4958, taxMinor: 792, netMinor: 4166, shippingAddress: BERLIN });
    const found = await orders.find(placed.value.order.number);
    expect(found?.shippingAddress).toEqual(BERLIN);
    // The line keeps the rate its tax was counted at, for the invoice.
    expect(found?.lines.map((line) => line.taxRateBasisPoints)).toEqual([1900]);
    expect(placed.value.order).toEqual(found);
    expect(payments.charged).toHaveLength(1);
    const [mail] = await db.dataSource.query('SELECT text_body FROM mail_outbox WHERE recipient = $1', [customer.email]);
    expect(mail.text_body).toContain('Delivery address: Hauptstraße 1, Berlin, 10115, Germany');
  });

  it('is refused, with no order and no charge, when priced for another country than it is posted to', async () => {
    const payments = new FakePaymentPort();
    const { command, basket } = await workbookShopper('FR');
    const refused = await placeOrder(payments).execute(command);
    expect(!refused.ok && refused.error).toMatchObject({ code: 201502, data: { order_number: null, charged: 'not-charged' } });
    expect(await orders.findByBasket(basket.reference)).toBeNull();
    expect(payments.charged).toEqual([]);
  });
});
