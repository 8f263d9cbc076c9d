import { PlaceOrder } from '@store/application';
import { aPlaceOrderCommand, FakePaymentPort } from '@store/application/testing';
import { emptyBasket, type Basket } from '@store/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import { insertCustomer } from '../../testing/customers';
import { orderStorage } from '../../testing/order-storage';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresLocalPaymentRepository } from './postgres-local-payment.repository';

// Local payments on Postgres: the guarded moves of a payment's state, raced as the page, the
// completing worker, the shopper's cancel and the provider's notifications race in the store.

let db: TestDatabase;
let storage: ReturnType<typeof orderStorage>;
let payments: PostgresLocalPaymentRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  storage = orderStorage(db);
  payments = new PostgresLocalPaymentRepository(db.dataSource);
}, 60_000);
afterAll(() => db?.drop());

const FEATURES = ['paypal', 'local-payments'] as const;

/** A Polish shopper's basket of Affinity Photo 2, its order reserved by a BLIK payment through PlaceOrder. */
async function startedBlik(paymentId = `PAY-${randomUUID().replace(/-/g, '').slice(0, 24).toUpperCase()}`) {
  const { baskets, billing, states, orders, reader } = storage;
  const customer = await insertCustomer(db.dataSource);
  const basket: Basket = {
    ...emptyBasket(randomUUID(), 'PL'),
    customerId: customer.id,
    version: 1,
    lines: [{ reference: randomUUID(), suiteReference: 'photo-2', productReference: 'photo-2-macos', quantity: 1, quantityLocked: false }],
  };
  await baskets.save(basket);
  await billing.save(customer.id, { line1: 'ul. Marszałkowska 1', line2: null, line3: null, city: 'Warszawa', county: null, state: null, postalCode: '00-624', country: 'PL', vatId: null, vatIdStatus: null });
  const read = await reader().read(basket, customer);
  if (!read.ok) throw read.error;
  await states.chooseGateway(basket.reference, basket.version, 'braintree');
  const card = new FakePaymentPort();
  const placeOrder = new PlaceOrder(baskets, reader(), billing, states, orders, { braintree: card }, { bytes: (n) => randomBytes(n) }, { localPayments: payments });
  const command = aPlaceOrderCommand(
    { customer, basketReference: basket.reference, basketStaleHash: read.value.view.staleHash },
    { gateway: 'braintree', paymentToken: null, locale: 'en-pl', withdrawalConsent: true, localPayment: { paymentId, method: 'blik', features: FEATURES } },
  );
  const placed = await placeOrder.execute(command);
  if (!placed.ok) throw placed.error;
  return { paymentId, orderNumber: placed.value.order.number, placeOrder, command, card };
}

describe('local payments on Postgres', () => {
  it('reserves the order pending and records the payment waiting, charging nothing; starting again changes nothing', async () => {
    const { paymentId, orderNumber, placeOrder, command, card } = await startedBlik();
    expect(card.charged).toEqual([]);
    expect(await storage.orders.find(orderNumber)).toMatchObject({ status: 'pending', localPayment: { paymentId, method: 'blik', state: 'waiting' } });
    const again = await placeOrder.execute(command);
    expect(again.ok && again.value.order.number).toBe(orderNumber);
    expect(await db.dataSource.query('SELECT count(*)::int AS n FROM local_payments WHERE order_number = $1', [orderNumber])).toEqual([{ n: 1 }]);
    // The id is the order's: another order cannot take it.
    expect(await payments.start({ paymentId, orderNumber: 'AFS-99999999', method: 'blik' })).toBe('taken');
  });

  it('lets exactly one of many concurrent claims take a payment to charge it', async () => {
    for (let round = 0; round < 5; round++) {
      const { paymentId } = await startedBlik();
      const claims = await Promise.all(Array.from({ length: 10 }, (_, n) => payments.claimForCharge(paymentId, `nonce-${n}`, 60_000)));
      const won = claims.filter((claim) => claim !== null);
      expect(won).toHaveLength(1);
      expect(await payments.find(paymentId)).toMatchObject({ state: 'completing', nonce: won[0]?.nonce });
    }
  });

  it('lets either the charge or the cancel win a race, never both', async () => {
    for (let round = 0; round < 10; round++) {
      const { paymentId } = await startedBlik();
      const [claimed, cancelled] = await Promise.all([payments.claimForCharge(paymentId, 'nonce', 60_000), payments.end(paymentId, 'cancelled')]);
      expect(claimed !== null).not.toBe(cancelled);
      const state = (await payments.find(paymentId))?.state;
      expect(state).toBe(claimed ? 'completing' : 'cancelled');
    }
  });

  it('moves only forward: an approved payment is not cancelled or expired, but the provider may reverse it', async () => {
    const { paymentId } = await startedBlik();
    expect(await payments.claimForCharge(paymentId, null, 60_000)).toBeNull();
    expect((await payments.approve(paymentId, 'the-nonce'))?.state).toBe('approved');
    // A second approval keeps the first nonce.
    expect((await payments.approve(paymentId, 'another-nonce'))?.nonce).toBe('the-nonce');
    expect(await payments.end(paymentId, 'cancelled')).toBe(false);
    expect(await payments.end(paymentId, 'expired')).toBe(false);
    expect(await payments.dueForCharge(60_000, 1000)).toContain(paymentId);
    expect(await payments.end(paymentId, 'reversed')).toBe(true);
    expect(await payments.claimForCharge(paymentId, 'late-nonce', 60_000)).toBeNull();
    expect(await payments.dueForCharge(60_000, 1000)).not.toContain(paymentId);
  });

  it('takes over a charge left half done only once it is stale, and settles it once', async () => {
    const { paymentId } = await startedBlik();
    expect(await payments.claimForCharge(paymentId, 'nonce', 60_000)).not.toBeNull();
    expect(await payments.claimForCharge(paymentId, null, 60_000)).toBeNull();
    expect(await payments.dueForCharge(60_000, 1000)).not.toContain(paymentId);
    await db.dataSource.query(`UPDATE local_payments SET claimed_at = now() - interval '2 minutes' WHERE payment_id = $1`, [paymentId]);
    expect(await payments.dueForCharge(60_000, 1000)).toContain(paymentId);
    expect((await payments.claimForCharge(paymentId, null, 60_000))?.nonce).toBe('nonce');
    await payments.settle(paymentId, 'paid');
    await payments.settle(paymentId, 'failed');
    expect((await payments.find(paymentId))?.state).toBe('paid');
  });

  it("keeps the order out of reconciliation while its payment may still be charged, and lets it in once the payment ended", async () => {
    const { paymentId, orderNumber } = await startedBlik();
    const due = () => storage.orders.forReconciliation({ pendingBefore: new Date(Date.now() + 60_000), uncertainSince: new Date(), limit: 10_000 });
    expect(await due()).not.toContain(orderNumber);
    await payments.end(paymentId, 'expired');
    expect(await due()).toContain(orderNumber);
  });
});
