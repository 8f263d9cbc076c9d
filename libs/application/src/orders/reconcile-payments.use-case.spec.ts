import { chargeIdempotencyKey, ErrorCatalogue } from '@store/domain';
import { aCheckoutWorld, anOrderDraft, FakePaymentPort } from '../testing';
import { PlaceOrder } from './place-order.use-case';
import { ReconcilePayments } from './reconcile-payments.use-case';

const MINUTE = 60_000;

/** A world with one shopper whose placement can be run, and reconciliation over the same fakes. */
async function setUp() {
  const world = aCheckoutWorld();
  const payments = new FakePaymentPort();
  const placeOrder = new PlaceOrder(world.baskets, world.reader, world.billing, world.paymentStates, world.orders, { braintree: payments }, world.keys);
  const reconcile = new ReconcilePayments(world.orders, { braintree: payments }, world.customers, world.keys, world.clock, {
    storeUrl: 'http://store.test',
    pendingGraceMs: 30 * MINUTE,
    lookbackMs: 24 * 60 * MINUTE,
    batchSize: 10,
  });
  async function place(prepare: (port: FakePaymentPort) => void = () => undefined) {
    const { command } = await world.aShopperAtPayment();
    prepare(payments);
    const result = await placeOrder.execute(command);
    const number = result.ok ? result.value.order.number : (result.error.data?.order_number as string);
    return { result, number, command };
  }
  return { ...world, payments, placeOrder, reconcile, place };
}

describe('ReconcilePayments', () => {
  it('completes a pending order whose charge went through but whose answer was lost, once the shopper is gone', async () => {
    const { place, reconcile, orders, payments, clock } = await setUp();
    const { number } = await place((port) => (port.loseAnswerAfterChargeOnce = true));
    expect((await orders.find(number))?.status).toBe('pending');

    // Still within the shopper's grace: left alone.
    expect(await reconcile.run()).toEqual({ reconciled: [], deferred: [] });
    clock.advance(31 * MINUTE);
    const run = await reconcile.run();
    expect(run).toEqual({ reconciled: [{ orderNumber: number, outcome: 'completed', reversed: [] }], deferred: [] });
    expect(await orders.find(number)).toMatchObject({ status: 'paid', transactionId: 'txn-1' });
    expect(await orders.productKeys(number)).toHaveLength(1);
    expect(orders.outbox).toHaveLength(1);
    expect(payments.charged).toHaveLength(1);
    // Done: the next run has nothing to do.
    expect((await reconcile.run()).reconciled).toEqual([]);
  });

  it('fails a pending order that was never charged, so that no late attempt can charge under its key', async () => {
    const { reconcile, orders, payments, clock, aShopperAtPayment, baskets } = await setUp();
    const { customer, basket } = await aShopperAtPayment();
    // The shopper's placement reserved the order and went no further (the process stopped).
    const reserved = await orders.reserve(anOrderDraft({ customerId: customer.id, basketReference: basket.reference }), basket.version);
    if ('refused' in reserved) throw new Error(reserved.refused);
    const number = reserved.order.number;
    clock.advance(31 * MINUTE);

    const run = await reconcile.run();
    expect(run.reconciled).toEqual([{ orderNumber: number, outcome: 'failed', reversed: [] }]);
    expect((await orders.find(number))?.status).toBe('failed');
    expect((await baskets.find(basket.reference))?.orderInFlight).toBeUndefined();
    const late = await payments.charge({
      idempotencyKey: chargeIdempotencyKey(number, 1),
      orderNumber: number,
      amountMinor: 4199,
      currency: 'GBP',
      paymentToken: 'fake-valid-nonce',
      deviceData: null,
      checkoutId: null,
    });
    expect(late.outcome).toBe('declined');
    expect(payments.charged).toHaveLength(0);
  });

  it('gives back, exactly once, a charge the gateway holds for an order that failed', async () => {
    const { place, reconcile, orders, payments } = await setUp();
    const { number } = await place((port) => (port.loseAnswerAfterChargeOnce = true));
    // The store gave the order up while the gateway had in fact charged it.
    await orders.fail(number, ErrorCatalogue.ORDER_FAILED.code, 'Given up');
    orders.uncertain.set(number, new Date('2026-11-22T12:00:00Z'));

    const first = await reconcile.run();
    expect(first.reconciled).toEqual([{ orderNumber: number, outcome: 'unchanged', reversed: ['txn-1'] }]);
    expect(payments.reversed).toEqual(['txn-1']);
    const second = await reconcile.run();
    expect(second.reconciled).toEqual([{ orderNumber: number, outcome: 'unchanged', reversed: [] }]);
    expect(payments.reversed).toEqual(['txn-1']);
  });

  it('keeps the charge a paid order records and reverses nothing', async () => {
    const { place, reconcile, orders, payments } = await setUp();
    const { number, result } = await place();
    expect(result.ok).toBe(true);
    orders.uncertain.set(number, new Date('2026-11-22T12:00:00Z'));
    expect((await reconcile.run()).reconciled).toEqual([{ orderNumber: number, outcome: 'unchanged', reversed: [] }]);
    expect(payments.reversed).toEqual([]);
  });

  it('defers an order whose gateway cannot say now, changing nothing, and settles it on a later run', async () => {
    const { place, reconcile, orders, payments, clock } = await setUp();
    const { number } = await place((port) => (port.loseAnswerAfterChargeOnce = true));
    clock.advance(31 * MINUTE);
    const settle = payments.settle.bind(payments);
    payments.settle = () => Promise.reject(new Error('Gateway unavailable'));

    const down = await reconcile.run();
    expect(down).toEqual({ reconciled: [], deferred: [{ orderNumber: number, reason: 'Gateway unavailable' }] });
    expect((await orders.find(number))?.status).toBe('pending');

    payments.settle = settle;
    expect((await reconcile.run()).reconciled).toEqual([{ orderNumber: number, outcome: 'completed', reversed: [] }]);
  });

  it('defers an order whose customer is gone rather than completing it without a receipt', async () => {
    const { place, reconcile, orders, customers, clock } = await setUp();
    const { number, command } = await place((port) => (port.loseAnswerAfterChargeOnce = true));
    customers.customers.delete(command.customer.id);
    clock.advance(31 * MINUTE);
    const run = await reconcile.run();
    expect(run.deferred).toEqual([{ orderNumber: number, reason: `Order ${number} has no customer` }]);
    expect((await orders.find(number))?.status).toBe('pending');
  });

  it('leaves alone an order of a gateway without charges, and one it does not know', async () => {
    const { reconcile, orders, aShopperAtPayment, clock } = await setUp();
    const { customer, basket } = await aShopperAtPayment();
    const free = await orders.reserve(anOrderDraft({ customerId: customer.id, basketReference: basket.reference, gateway: 'complimentary' }), basket.version);
    if ('refused' in free) throw new Error(free.refused);
    clock.advance(31 * MINUTE);
    expect(await reconcile.order(free.order.number)).toEqual({ orderNumber: free.order.number, outcome: 'unchanged', reversed: [] });
    expect((await orders.find(free.order.number))?.status).toBe('pending');
    expect(await reconcile.order('AFS-99999999')).toEqual({ orderNumber: 'AFS-99999999', outcome: 'unchanged', reversed: [] });
  });
});
