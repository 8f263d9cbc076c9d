import { BasketReader, PlaceOrder } from '@store/application';
import { aPlaceOrderCommand, FakePaymentPort } from '@store/application/testing';
import { emptyBasket, type Basket, type Customer, type PaymentGateway } from '@store/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { insertCustomer } from '../../testing/customers';
import { orderStorage } from '../../testing/order-storage';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TypeOrmBasketRepository } from './typeorm-basket.repository';
import { TypeOrmBillingRepository } from './typeorm-billing.repository';
import { TypeOrmOrderRepository } from './typeorm-order.repository';
import { TypeOrmPaymentStateRepository } from './typeorm-payment-state.repository';
import { TypeOrmVoucherRepository } from './typeorm-voucher.repository';

let db: TestDatabase;
let baskets: TypeOrmBasketRepository;
let billing: TypeOrmBillingRepository;
let states: TypeOrmPaymentStateRepository;
let orders: TypeOrmOrderRepository;
let vouchers: TypeOrmVoucherRepository;
let reader: () => BasketReader;

beforeAll(async () => {
  db = await createTestDatabase();
  ({ baskets, billing, states, orders, vouchers, reader } = orderStorage(db));
}, 60_000);
afterAll(() => db?.drop());

function placeOrder(payments: FakePaymentPort) {
  return new PlaceOrder(baskets, reader(), billing, states, orders, { braintree: payments }, { bytes: (count) => randomBytes(count) });
}

async function newVoucher(balanceMinor: number, options: { maxUsesPerCustomer?: number } = {}): Promise<string> {
  const code = `V-${randomUUID().slice(0, 8).toUpperCase()}`;
  await db.dataSource.query(
    `INSERT INTO vouchers (code, currency, initial_minor, balance_minor, max_uses_per_customer) VALUES ($1, 'GBP', $2, $2, $3)`,
    [code, balanceMinor, options.maxUsesPerCustomer ?? null],
  );
  return code;
}

const balanceOf = async (code: string) => (await vouchers.find(code))?.balanceMinor;
const redemptionsOf = async (code: string) =>
  (await db.dataSource.query(`SELECT order_number, amount_minor, balance_left_minor FROM voucher_redemptions WHERE code = $1`, [code])) as {
    order_number: string;
    amount_minor: number;
    balance_left_minor: number;
  }[];

/** A customer with a billing address and a basket of Affinity Photo 2 (£41.99) holding the voucher. */
async function shopper(voucherCode: string, customer?: Customer) {
  const buyer = customer ?? (await insertCustomer(db.dataSource));
  const basket: Basket = {
    ...emptyBasket(randomUUID(), 'GB'),
    customerId: buyer.id,
    voucherCode,
    version: 1,
    lines: [{ reference: randomUUID(), suiteReference: 'photo-2', productReference: 'photo-2-macos', quantity: 1, quantityLocked: false }],
  };
  await baskets.save(basket);
  await billing.save(buyer.id, {
    line1: '1 Main Street',
    line2: null,
    line3: null,
    city: 'London',
    county: null,
    state: null,
    postalCode: 'N1 1AA',
    country: 'US',
    vatId: null,
    vatIdStatus: null,
  });
  const read = await reader().read(basket, buyer);
  if (!read.ok) throw read.error;
  const { view } = read.value;
  const gateway: PaymentGateway = view.amountToPay.amountMinor === 0 ? 'complimentary' : 'braintree';
  if (gateway !== 'complimentary') await states.chooseGateway(basket.reference, basket.version, gateway);
  const command = aPlaceOrderCommand({ customer: buyer, basketReference: basket.reference, basketStaleHash: view.staleHash }, { gateway });
  return { customer: buyer, basket, command, view };
}

describe('vouchers on Postgres', () => {
  it('pays part of an order: the card is charged the rest, the balance is kept, the receipt says so', async () => {
    const code = await newVoucher(3000);
    const payments = new FakePaymentPort();
    const { command, view, customer } = await shopper(code);
    expect(view.appliedVoucher?.amount.amountMinor).toBe(3000);
    expect(view.amountToPay.amountMinor).toBe(1199);
    const placed = await placeOrder(payments).execute(command);
    if (!placed.ok) throw placed.error;
    expect(placed.value.order).toMatchObject({ grossMinor: 4199, voucherCode: code, voucherMinor: 3000, voucherBalanceLeftMinor: 0, status: 'paid' });
    expect(payments.charged.map((charge) => charge.amountMinor)).toEqual([1199]);
    expect(await balanceOf(code)).toBe(0);
    expect(await orders.find(placed.value.order.number)).toMatchObject({ voucherCode: code, voucherMinor: 3000, voucherBalanceLeftMinor: 0 });
    const [mail] = await db.dataSource.query('SELECT text_body FROM mail_outbox WHERE recipient = $1', [customer.email]);
    expect(mail.text_body).toContain(`Paid with voucher ${code}: £30.00`);
    expect(mail.text_body).toContain('Amount paid: £11.99');
    expect(mail.text_body).toContain(`Balance left on voucher ${code}: £0.00`);
  });

  it('pays all of an order the complimentary way, keeping the rest of the balance', async () => {
    const code = await newVoucher(10000);
    const payments = new FakePaymentPort();
    const { command, view } = await shopper(code);
    expect(command.gateway).toBe('complimentary');
    expect(view.orderIsComplimentary).toBe(true);
    const placed = await placeOrder(payments).execute(command);
    if (!placed.ok) throw placed.error;
    expect(placed.value.order).toMatchObject({ status: 'paid', voucherMinor: 4199, voucherBalanceLeftMinor: 5801 });
    expect(payments.charged).toHaveLength(0);
    expect(await balanceOf(code)).toBe(5801);
  });

  it('gives the amount back when the card is declined, and takes it again on the retry', async () => {
    const code = await newVoucher(3000);
    const payments = new FakePaymentPort();
    const { command } = await shopper(code);
    payments.declineNext = true;
    const declined = await placeOrder(payments).execute(command);
    expect(!declined.ok && declined.error.code).toBe(300011);
    expect(await balanceOf(code)).toBe(3000);
    expect(await redemptionsOf(code)).toEqual([]);
    const orderNumber = !declined.ok ? (declined.error.data?.order_number as string) : '';
    const retried = await placeOrder(payments).execute({ ...command, existingOrderNumber: orderNumber });
    if (!retried.ok) throw retried.error;
    expect(await balanceOf(code)).toBe(0);
    expect(await redemptionsOf(code)).toEqual([{ order_number: orderNumber, amount_minor: 3000, balance_left_minor: 0 }]);
  });

  it('never spends one balance twice: of two orders racing for it, one gets it and the other is told the amount moved', async () => {
    for (let round = 0; round < 5; round++) {
      const code = await newVoucher(3000);
      const payments = new FakePaymentPort();
      const first = await shopper(code);
      const second = await shopper(code);
      const results = await Promise.all([placeOrder(payments).execute(first.command), placeOrder(payments).execute(second.command)]);
      const winners = results.filter((result) => result.ok);
      const losers = results.filter((result) => !result.ok);
      expect(winners).toHaveLength(1);
      expect(losers.map((result) => !result.ok && result.error.code)).toEqual([200001]);
      expect(await balanceOf(code)).toBe(0);
      expect(await redemptionsOf(code)).toHaveLength(1);
      expect(payments.charged.map((charge) => charge.amountMinor)).toEqual([1199]);
      // The loser's basket is open again and now reads the voucher as spent.
      const loser = results[0].ok ? second : first;
      const again = await reader().read((await baskets.find(loser.basket.reference)) as Basket, loser.customer);
      expect(again.ok && again.value.notices).toEqual([201107]);
      expect(again.ok && again.value.view.amountToPay.amountMinor).toBe(4199);
    }
  });

  it('holds the per-customer purchase limit for baskets of one customer paid at once', async () => {
    const code = await newVoucher(100000, { maxUsesPerCustomer: 1 });
    const payments = new FakePaymentPort();
    const first = await shopper(code);
    const second = await shopper(code, first.customer);
    const results = await Promise.all([placeOrder(payments).execute(first.command), placeOrder(payments).execute(second.command)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.map((result) => !result.ok && result.error.code).filter(Boolean)).toEqual([201103]);
    expect(await balanceOf(code)).toBe(100000 - 4199);
    expect(await redemptionsOf(code)).toHaveLength(1);
  });

  // The interleaving CI met: the first order commits before the second reads its basket, so the
  // second's basket no longer reads like the page did. It is still told the limit, not 'stale'.
  it('gives the purchase limit, not a stale basket, when the other basket was paid just before', async () => {
    const code = await newVoucher(100000, { maxUsesPerCustomer: 1 });
    const payments = new FakePaymentPort();
    const first = await shopper(code);
    const second = await shopper(code, first.customer);
    const placed = await placeOrder(payments).execute(first.command);
    expect(placed.ok).toBe(true);
    const refused = await placeOrder(payments).execute(second.command);
    expect(!refused.ok && refused.error).toMatchObject({ code: 201103, data: { order_number: null, charged: 'not-charged' } });
    expect(await balanceOf(code)).toBe(100000 - 4199);
    expect(await redemptionsOf(code)).toHaveLength(1);
    expect(payments.charged).toEqual([]);
  });

  it('refuses in the database a balance that would go below zero', async () => {
    const code = await newVoucher(100);
    await expect(db.dataSource.query(`UPDATE vouchers SET balance_minor = balance_minor - 101 WHERE code = $1`, [code])).rejects.toThrow(/vouchers_balance_within_value/);
    expect(await balanceOf(code)).toBe(100);
  });

  it('reads the seeded vouchers, case-insensitively, and counts a customer as new until a paid order', async () => {
    expect(await vouchers.find(' gift-50 ')).toMatchObject({ code: 'GIFT-50', currency: 'GBP', initialMinor: 5000 });
    expect(await vouchers.find('no such voucher')).toBeNull();
    const customer = await insertCustomer(db.dataSource);
    expect(await vouchers.hasOrdered(customer.id)).toBe(false);
    const code = await newVoucher(100000);
    const { command } = await shopper(code, customer);
    const placed = await placeOrder(new FakePaymentPort()).execute(command);
    expect(placed.ok).toBe(true);
    expect(await vouchers.hasOrdered(customer.id)).toBe(true);
    expect(await vouchers.redemptionsBy(code.toLowerCase(), customer.id)).toBe(1);
  });
});
