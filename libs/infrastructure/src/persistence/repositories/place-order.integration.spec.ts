import { BasketReader, PlaceOrder } from '@store/application';
import { aPlaceOrderCommand, FakePaymentPort } from '@store/application/testing';
import { CARD_GATEWAY, emptyBasket, PRODUCT_KEY_PATTERN, type Basket, type PaymentGateway } from '@store/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { insertCustomer } from '../../testing/customers';
import { orderStorage } from '../../testing/order-storage';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TypeOrmBasketRepository } from './typeorm-basket.repository';
import { TypeOrmBillingRepository } from './typeorm-billing.repository';
import { TypeOrmOrderRepository } from './typeorm-order.repository';
import { TypeOrmPaymentStateRepository } from './typeorm-payment-state.repository';

let db: TestDatabase;
let baskets: TypeOrmBasketRepository;
let billing: TypeOrmBillingRepository;
let states: TypeOrmPaymentStateRepository;
let orders: TypeOrmOrderRepository;
let readerOf: () => BasketReader;

beforeAll(async () => {
  db = await createTestDatabase();
  ({ baskets, billing, states, orders, reader: readerOf } = orderStorage(db));
}, 60_000);
afterAll(() => db?.drop());

/** The stale hash the shopper's page shows for the basket (its content and what it costs). */
async function pageHash(basket: Basket, customer: NonNullable<Parameters<BasketReader['read']>[1]>): Promise<string> {
  const read = await readerOf().read(basket, customer);
  if (!read.ok) throw read.error;
  return read.value.view.staleHash;
}

function placeOrder(payments: FakePaymentPort) {
  const reader = readerOf();
  return new PlaceOrder(baskets, reader, billing, states, orders, { braintree: payments }, { bytes: (count) => randomBytes(count) });
}

/** A customer with a billing address and a basket whose gateway has been decided. */
async function shopper(options: { gateway?: PaymentGateway; suites?: Array<[string, string]>; country?: string } = {}) {
  const customer = await insertCustomer(db.dataSource);
  const id = customer.id;
  const suites = options.suites ?? [['photo-2', 'photo-2-macos']];
  const basket: Basket = {
    ...emptyBasket(randomUUID(), 'GB'),
    customerId: id,
    version: 1,
    lines: suites.map(([suite, product]) => ({ reference: randomUUID(), suiteReference: suite, productReference: product, quantity: 1, quantityLocked: false })),
  };
  await baskets.save(basket);
  await billing.save(id, {
    line1: '1 Main Street',
    line2: null,
    line3: null,
    city: 'London',
    county: null,
    state: null,
    postalCode: 'N1 1AA',
    country: options.country ?? 'US',
    vatId: null,
    vatIdStatus: null,
  });
  await states.chooseGateway(basket.reference, basket.version, options.gateway ?? CARD_GATEWAY.key);
  const command = aPlaceOrderCommand(
    { customer, basketReference: basket.reference, basketStaleHash: await pageHash(basket, customer) },
    { gateway: options.gateway ?? CARD_GATEWAY.key },
  );
  return { customer, basket, command };
}

const count = async (sql: string, values: unknown[]) => Number((await db.dataSource.query(sql, values))[0].n);

describe('PlaceOrder on Postgres', () => {
  it('places an order once: paid, keys stored, basket closed, one receipt queued', async () => {
    const payments = new FakePaymentPort();
    const { basket, command, customer } = await shopper({ suites: [['universal-v2', 'universal-v2-licence']] });
    const placed = await placeOrder(payments).execute(command);
    if (!placed.ok) throw placed.error;
    const order = placed.value.order;
    expect(order).toMatchObject({ status: 'paid', grossMinor: 9999, currency: 'GBP', transactionId: 'txn-1' });
    expect(placed.value.redirect).toBe(`/en-gb/order/${order.number}/`);
    // The order answered is the one stored, though not read back.
    expect(order).toEqual(await orders.find(order.number));
    expect(order.lines.map((line) => [line.productReference, line.isBonus])).toEqual([
      ['universal-v2-licence', false],
      ['photo-2-ipados', true],
      ['designer-2-ipados', true],
    ]);
    const keys = await orders.productKeys(order.number);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key.key).toMatch(PRODUCT_KEY_PATTERN);
    expect(await baskets.find(basket.reference)).toBeNull();
    const mail = await db.dataSource.query('SELECT subject, text_body FROM mail_outbox WHERE recipient = $1', [customer.email]);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`Your Affinity Store order ${order.number}`);
    expect(mail[0].text_body).toContain(keys[0].key);
    expect(mail[0].text_body).toContain(`http://store.test/en-gb/order/${order.number}/`);
    expect(mail[0].text_body).toContain(`http://store.test/downloads/${order.number}/invoice.pdf`);

    const again = await placeOrder(payments).execute(command);
    expect(!again.ok && again.error).toMatchObject({ code: 300014, message: 'Order is already complete' });
    expect(payments.charged).toHaveLength(1);
  });

  it('makes one order and one charge of 20 placements of one basket at once', async () => {
    const payments = new FakePaymentPort(20);
    const { basket, command } = await shopper();
    const use = placeOrder(payments);
    const results = await Promise.all(Array.from({ length: 20 }, () => use.execute(command)));
    const numbers = new Set(results.map((result) => (result.ok ? result.value.order.number : (result.error.data?.order_number as string))));
    expect(numbers.size).toBe(1);
    expect(results.filter((result) => result.ok).length).toBeGreaterThan(0);
    for (const result of results.filter((r) => !r.ok)) expect(!result.ok && result.error.code).toBe(300014);
    expect(payments.charged).toHaveLength(1);
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [basket.reference])).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM mail_outbox WHERE text_body LIKE $1', [`%${[...numbers][0]}%`])).toBe(1);
  });

  it('reuses the order number and the charge when the answer was lost after charging', async () => {
    const payments = new FakePaymentPort();
    payments.loseAnswerAfterChargeOnce = true;
    const { command } = await shopper();
    const lost = await placeOrder(payments).execute(command);
    expect(lost.ok).toBe(false);
    const error = !lost.ok ? lost.error : null;
    expect(error).toMatchObject({ code: 300101, data: { charged: 'unknown' } });
    const orderNumber = error?.data?.order_number as string;
    expect((await orders.find(orderNumber))?.status).toBe('pending');

    const retried = await placeOrder(payments).execute({ ...command, existingOrderNumber: orderNumber });
    if (!retried.ok) throw retried.error;
    expect(retried.value.order).toMatchObject({ number: orderNumber, status: 'paid', transactionId: 'txn-1' });
    expect(payments.charged).toHaveLength(1);
  });

  it('after a decline keeps the number, says nothing was charged, and charges once on the next attempt', async () => {
    const payments = new FakePaymentPort();
    payments.declineNext = true;
    const { command } = await shopper();
    const declined = await placeOrder(payments).execute(command);
    const error = !declined.ok ? declined.error : null;
    expect(error).toMatchObject({ code: 300011, data: { charged: 'not-charged' } });
    const orderNumber = error?.data?.order_number as string;
    expect((await orders.find(orderNumber))?.status).toBe('failed');

    const retried = await placeOrder(payments).execute({ ...command, existingOrderNumber: orderNumber });
    if (!retried.ok) throw retried.error;
    expect(retried.value.order).toMatchObject({ number: orderNumber, status: 'paid', paymentAttempt: 2 });
    expect(payments.charged.map((charge) => charge.idempotencyKey)).toEqual([`${orderNumber}-2`]);
  });

  it('a basket changed after a decline is what the next attempt orders and charges, under the same number', async () => {
    const payments = new FakePaymentPort();
    payments.declineNext = true;
    const { basket, command } = await shopper();
    const declined = await placeOrder(payments).execute(command);
    const orderNumber = (!declined.ok ? declined.error.data?.order_number : null) as string;
    const before = await orders.find(orderNumber);

    // The shopper adds a second product: a new basket version, its gateway decided again.
    const changed: Basket = {
      ...basket,
      version: basket.version + 1,
      lines: [...basket.lines, { reference: randomUUID(), suiteReference: 'publisher-2', productReference: 'publisher-2-macos', quantity: 2, quantityLocked: false }],
    };
    expect(await baskets.save(changed)).toBe(true);
    await states.chooseGateway(changed.reference, changed.version, 'braintree');
    const retried = await placeOrder(payments).execute({ ...command, basketStaleHash: await pageHash(changed, command.customer), existingOrderNumber: orderNumber });
    if (!retried.ok) throw retried.error;
    const order = retried.value.order;
    expect(order.number).toBe(orderNumber);
    expect(order.lines.map((line) => [line.productReference, line.quantity])).toEqual(expect.arrayContaining([['publisher-2-macos', 2]]));
    expect(order.grossMinor).toBeGreaterThan(before?.grossMinor ?? Infinity);
    expect(payments.charged.map((charge) => [charge.idempotencyKey, charge.amountMinor])).toEqual([[`${orderNumber}-2`, order.grossMinor]]);
    expect(order).toEqual(await orders.find(orderNumber));
  });

  it('refuses a stale basket, an order number that is not this basket’s, and a gateway other than the one decided', async () => {
    const payments = new FakePaymentPort();
    const { command } = await shopper();
    const stale = await placeOrder(payments).execute({ ...command, basketStaleHash: '0000000000000000' });
    expect(!stale.ok && stale.error.code).toBe(200001);
    const foreign = await placeOrder(payments).execute({ ...command, existingOrderNumber: 'AFS-99999999' });
    expect(!foreign.ok && foreign.error.code).toBe(300100);
    const gateway = await placeOrder(payments).execute({ ...command, gateway: 'digital-river' });
    expect(!gateway.ok && gateway.error.code).toBe(300100);
    expect(payments.charged).toHaveLength(0);
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [command.basketReference])).toBe(0);
  });

  it('asks EU and UK shoppers to consent to immediate supply, and keeps the wording with the order', async () => {
    const payments = new FakePaymentPort();
    const { command } = await shopper({ country: 'DE' });
    const refused = await placeOrder(payments).execute(command);
    expect(!refused.ok && refused.error).toMatchObject({ code: 100100, fields: { withdrawal_consent: [expect.any(String)] } });
    const placed = await placeOrder(payments).execute({ ...command, withdrawalConsent: true });
    if (!placed.ok) throw placed.error;
    expect(placed.value.order.withdrawalConsent).toMatch(/lose my right to withdraw/);
  });

  it("links the checkout's exemption certificate to the order", async () => {
    const payments = new FakePaymentPort();
    const { command, basket } = await shopper();
    const certificate = randomUUID();
    await db.dataSource.query(
      `INSERT INTO tax_certificates (id, customer_id, tax_authority, start_date, end_date, file_name, content_type, size, storage_key, sha256, basket_reference)
       VALUES ($1, $2, 'TX', '2026-01-01', '2027-12-31', 'texas.pdf', 'application/pdf', 100, $3, $4, $5)`,
      [certificate, command.customer.id, `tax-certificates/${certificate}`, 'a'.repeat(64), basket.reference],
    );
    const placed = await placeOrder(payments).execute(command);
    if (!placed.ok) throw placed.error;
    const [linked] = await db.dataSource.query('SELECT order_reference FROM tax_certificates WHERE id = $1', [certificate]);
    expect(linked.order_reference).toBe(placed.value.order.number);
    const [order] = await db.dataSource.query('SELECT tax_certificate_id FROM orders WHERE number = $1', [placed.value.order.number]);
    expect(order.tax_certificate_id).toBe(certificate);
  });

  it('claims the units of several limited products together: all or none, and one of five orders wanting the last units has them', async () => {
    const unitsLeft = async (limited: string[]) =>
      (await db.dataSource.query('SELECT reference, units_left FROM products WHERE reference = ANY($1) ORDER BY reference', [limited])) as unknown[];
    const bonus = ['designer-2-ipados', 'photo-2-ipados'];
    const sold = ['photo-2-macos', 'publisher-2-macos'];
    try {
      // universal-v2 sells its licence with two bonus products, limited here: one has a unit left,
      // the other none. Nothing is claimed and no order is kept.
      await db.dataSource.query('UPDATE products SET units_left = CASE reference WHEN $1 THEN 1 ELSE 0 END WHERE reference = ANY($2)', [bonus[0], bonus]);
      const payments = new FakePaymentPort(5);
      const { command } = await shopper({ suites: [['universal-v2', 'universal-v2-licence']] });
      const refused = await placeOrder(payments).execute(command);
      expect(!refused.ok && refused.error.code).toBe(200407);
      expect(await unitsLeft(bonus)).toEqual([
        { reference: bonus[0], units_left: 1 },
        { reference: bonus[1], units_left: 0 },
      ]);
      expect(await count('SELECT count(*)::int AS n FROM orders WHERE basket_reference = $1', [command.basketReference])).toBe(0);

      // The last unit of two products, wanted at once by five baskets holding them in either order:
      // one order has both, the others neither, and no claim deadlocks another.
      await db.dataSource.query('UPDATE products SET units_left = 1 WHERE reference = ANY($1)', [sold]);
      const lines: Array<[string, string]> = [
        ['photo-2', 'photo-2-macos'],
        ['publisher-2', 'publisher-2-macos'],
      ];
      const commands = await Promise.all(
        Array.from({ length: 5 }, async (_, index) => (await shopper({ suites: index % 2 ? [...lines].reverse() : lines })).command),
      );
      const results = await Promise.all(commands.map((each) => placeOrder(payments).execute(each)));
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      for (const result of results.filter((r) => !r.ok)) expect(!result.ok && result.error.code).toBe(200407);
      expect(await unitsLeft(sold)).toEqual(sold.map((reference) => ({ reference, units_left: 0 })));
      expect(payments.charged).toHaveLength(1);
    } finally {
      await db.dataSource.query('UPDATE products SET units_left = NULL WHERE reference = ANY($1)', [[...bonus, ...sold]]);
    }
  });

  it('places a free download without any payment', async () => {
    const payments = new FakePaymentPort();
    const { command } = await shopper({ gateway: 'complimentary', suites: [['brush-starter', 'brush-starter-any']], country: 'DE' });
    await db.dataSource.query('DELETE FROM billing_addresses WHERE customer_id = $1', [command.customer.id]);
    const placed = await placeOrder(payments).execute({ ...command, paymentToken: null });
    if (!placed.ok) throw placed.error;
    expect(placed.value.order).toMatchObject({ status: 'paid', gateway: 'complimentary', grossMinor: 0, transactionId: null, withdrawalConsent: null });
    expect(payments.charged).toHaveLength(0);
  });
});
