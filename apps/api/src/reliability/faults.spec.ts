import { CARD_GATEWAY_PORT, MERCHANT_OF_RECORD, ReconcilePayments } from '@store/application';
import {
  digitalRiverClient,
  gatewayFor,
  startBraintreeSandbox,
  startDigitalRiverSandbox,
  type RunningBraintreeSandbox,
  type RunningDigitalRiverSandbox,
} from '@store/payment-sandbox';
import type braintree from 'braintree';
import { checkoutAction, payByCard, payThroughMerchantOfRecord, type Shopper, shopperReadyToPay } from '../testing/shopper';
import { cardSandboxEnv, merchantOfRecordSandboxEnv } from '../testing/sandbox-env';
import { createTestApp, type TestApp } from '../testing/test-app';
import { FaultProxy, type Fault } from './faults-proxy';

// Gateway faults (issue 12): {card gateway, merchant of record} × {charge, void/refund} ×
// {connection refused, timeout, 5xx, success whose answer is lost}. The real API and its real
// adapters talk to the sandboxes through a fault-injecting proxy on loopback (faults-proxy.ts);
// the 5xx of the merchant of record comes from its sandbox's own control. Timeouts are the only
// waits, and they are the fault itself (the adapters give up after 1 s).
//
// Pass means: zero double charges (the gateway holds one charge in force per order) and zero paid
// charges without an order (every charge in force belongs to a paid order, and is the one it records).
// The charge's order id at the gateway is the order number from the database sequence and the
// attempt (Braintree orderId, Digital River upstreamId), and after an unknown outcome the adapter
// looks the charge up by it before charging again.

type FaultKind = 'refused' | Fault;
const FAULTS: readonly FaultKind[] = ['refused', 'timeout', '5xx', 'lost-answer'];

let card: RunningBraintreeSandbox;
let mor: RunningDigitalRiverSandbox;
let cardProxy: FaultProxy;
let morProxy: FaultProxy;
let t: TestApp;
let reconcile: ReconcilePayments;
let sdk: braintree.BraintreeGateway;

beforeAll(async () => {
  card = await startBraintreeSandbox();
  mor = await startDigitalRiverSandbox();
  cardProxy = await FaultProxy.start(card.url);
  morProxy = await FaultProxy.start(mor.url);
  t = await createTestApp({
    env: {
      ...cardSandboxEnv(cardProxy.url, { BRAINTREE_TIMEOUT_MS: '1000' }),
      ...merchantOfRecordSandboxEnv(mor, { DIGITAL_RIVER_TIMEOUT_MS: '1000' }, morProxy.url),
      PAYMENT_GATEWAY_RULES: 'USD=digital-river,*=braintree',
    },
  });
  reconcile = t.app.get(ReconcilePayments, { strict: false });
  sdk = gatewayFor(card);
});
afterEach(async () => {
  cardProxy.clear();
  morProxy.clear();
  await morClient().control('force', undefined, 'DELETE');
});
afterAll(async () => {
  await t?.close();
  await cardProxy?.close();
  await morProxy?.close();
  await card?.close();
  await mor?.close();
});

const rows = (sql: string, values: unknown[]) => t.db.dataSource.query(sql, values);
const orderRow = async (number: string) => (await rows('SELECT status, transaction_id, payment_attempt FROM orders WHERE number = $1', [number]))[0];
const reversalState = async (transactionId: string) => (await rows('SELECT state FROM payment_reversals WHERE transaction_id = $1', [transactionId]))[0]?.state ?? null;

// ---- The card gateway (Braintree) ----

const SALE = /^\/merchants\/sandbox_merchant\/transactions$/;
const VOID = /\/transactions\/[^/]+\/void$/;
const REFUND = /\/transactions\/[^/]+\/refund$/;

type CardTransaction = { id: string; status: string; type: string; amount: string; orderId: string | null; refundedTransactionId: string | null };
/** Everything the card gateway holds for the order: its sales and any refunds of them. */
async function cardTransactions(orderNumber: string): Promise<CardTransaction[]> {
  const all = (await (await fetch(`${card.url}/__sandbox/transactions`)).json()) as CardTransaction[];
  return all.filter((transaction) => transaction.orderId?.startsWith(`${orderNumber}-`));
}
const IN_FORCE = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled']);
/** The sales in force: not voided, not declined, not refunded. */
async function cardChargesInForce(orderNumber: string): Promise<CardTransaction[]> {
  const all = await cardTransactions(orderNumber);
  const refunded = new Set(all.filter((transaction) => transaction.type === 'credit').map((credit) => credit.refundedTransactionId));
  return all.filter((transaction) => transaction.type === 'sale' && IN_FORCE.has(transaction.status) && !refunded.has(transaction.id));
}


/**
 * Makes `kind` happen to the next call matching `when` through the proxy. A refused connection is
 * made exactly there: the proxy stops listening just before that call leaves the adapter.
 */
function inject(proxy: FaultProxy, kind: FaultKind, method: string, path: RegExp): void {
  if (kind !== 'refused') proxy.inject({ method, path, fault: kind });
}

/** Runs `work`; a 'refused' fault closes the proxy's port for it (and opens it again after). */
async function under<T>(proxy: FaultProxy, kind: FaultKind, work: () => Promise<T>): Promise<T> {
  if (kind !== 'refused') return work();
  await proxy.refuse();
  try {
    return await work();
  } finally {
    await proxy.accept();
  }
}

/** The SDK transaction calls of the card adapter, so a test can act just before one leaves. */
function cardSdk(): braintree.TransactionGateway {
  return (t.app.get(CARD_GATEWAY_PORT, { strict: false }) as unknown as { gateway: braintree.BraintreeGateway }).gateway.transaction;
}

/** Refuses connections from just before the adapter's next `method` call of the SDK until the returned function is called. */
function refuseBefore(target: object, method: string, proxy: FaultProxy): () => Promise<void> {
  const original = (target as Record<string, (...args: unknown[]) => Promise<unknown>>)[method];
  let refused = false;
  Object.defineProperty(target, method, {
    configurable: true,
    writable: true,
    value: async (...args: unknown[]) => {
      if (!refused) {
        refused = true;
        await proxy.refuse();
      }
      return original.apply(target, args);
    },
  });
  return async () => {
    delete (target as Record<string, unknown>)[method];
    if ((target as Record<string, unknown>)[method] !== original) Object.defineProperty(target, method, { configurable: true, writable: true, value: original });
    if (refused) await proxy.accept();
  };
}

describe('card gateway: charge', () => {
  it.each(FAULTS)('%s on the sale: the order stays pending, charged unknown; the retry finds or makes the one charge', async (kind) => {
    const shopper = await shopperReadyToPay(t);
    inject(cardProxy, kind, 'POST', SALE);
    const first = await under(cardProxy, kind, () => payByCard(t, shopper));
    expect(first.body).toMatchObject({ success: false, code: 300101, data: { charged: 'unknown' } });
    const number = first.body.data.order_number;
    expect(await orderRow(number)).toMatchObject({ status: 'pending' });
    // Only a lost answer reached the gateway (and charged); nothing else did.
    expect(await cardChargesInForce(number)).toHaveLength(kind === 'lost-answer' ? 1 : 0);

    const retried = await payByCard(t, shopper, { existing_order_number: number });
    expect(retried.body).toMatchObject({ success: true, data: { order_number: number } });
    const charges = await cardChargesInForce(number);
    expect(charges).toHaveLength(1);
    expect(await orderRow(number)).toMatchObject({ status: 'paid', transaction_id: charges[0].id, payment_attempt: 1 });
    // The retry asked the gateway by the order's id before charging: a lost answer was found, not repeated.
    expect(cardProxy.matching('POST', SALE).filter((call) => call.fault === null)).toHaveLength(kind === 'lost-answer' ? 0 : 1);
    expect(await reconcile.order(number)).toEqual({ orderNumber: number, outcome: 'unchanged', reversed: [] });
    cardProxy.calls.splice(0);
  });

  it('a lost answer and a shopper who never comes back: reconciliation finds the charge and completes the order, keys and receipt', async () => {
    const shopper = await shopperReadyToPay(t);
    cardProxy.inject({ method: 'POST', path: SALE, fault: 'lost-answer' });
    const number = (await payByCard(t, shopper)).body.data.order_number;
    expect(await reconcile.order(number)).toEqual({ orderNumber: number, outcome: 'completed', reversed: [] });
    const [charge] = await cardChargesInForce(number);
    expect(await orderRow(number)).toMatchObject({ status: 'paid', transaction_id: charge.id });
    expect((await rows('SELECT count(*)::int AS n FROM product_keys WHERE order_number = $1', [number]))[0].n).toBeGreaterThan(0);
    expect(await rows('SELECT subject FROM mail_outbox WHERE recipient = $1', [shopper.email])).toEqual([{ subject: `Your Affinity Store order ${number}` }]);
  });

  it('a timeout and a shopper who never comes back: nothing was charged, reconciliation gives the order up, and a late retry charges once', async () => {
    const shopper = await shopperReadyToPay(t);
    cardProxy.inject({ method: 'POST', path: SALE, fault: 'timeout' });
    const number = (await payByCard(t, shopper)).body.data.order_number;
    expect(await reconcile.order(number)).toEqual({ orderNumber: number, outcome: 'failed', reversed: [] });
    expect(await orderRow(number)).toMatchObject({ status: 'failed' });
    const late = await payByCard(t, shopper, { existing_order_number: number });
    expect(late.body).toMatchObject({ success: true, data: { order_number: number } });
    const charges = await cardChargesInForce(number);
    expect(charges.map((charge) => charge.orderId)).toEqual([`${number}-2`]);
    expect(await orderRow(number)).toMatchObject({ status: 'paid', payment_attempt: 2, transaction_id: charges[0].id });
  });
});

/** A paid card order, and a second charge of it at the gateway under its key (the late duplicate a timeout can leave). */
async function paidCardOrderWithDuplicate(): Promise<{ number: string; kept: string; duplicate: string }> {
  const shopper = await shopperReadyToPay(t);
  const placed = await payByCard(t, shopper);
  expect(placed.body.success).toBe(true);
  const number = placed.body.data.order_number;
  const kept = (await orderRow(number)).transaction_id;
  const sale = await sdk.transaction.sale({
    amount: '10.00',
    merchantAccountId: 'store_GBP',
    paymentMethodNonce: 'fake-valid-visa-nonce',
    orderId: `${number}-1`,
    options: { submitForSettlement: true },
  });
  expect(sale.success).toBe(true);
  return { number, kept, duplicate: sale.transaction.id };
}

const voidsOf = async (id: string) => (await sdk.transaction.find(id)).statusHistory?.filter((event) => event.status === 'voided').length ?? 0;

describe('card gateway: void/refund', () => {
  it.each(FAULTS)('%s on the void of a second charge: it stays owed; the next run voids it, once', async (kind) => {
    const { number, kept, duplicate } = await paidCardOrderWithDuplicate();
    inject(cardProxy, kind, 'PUT', VOID);
    const restore = kind === 'refused' ? refuseBefore(cardSdk(), 'void', cardProxy) : async () => undefined;
    try {
      await expect(reconcile.order(number)).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await reversalState(duplicate)).toBe('unknown');
    // Only a lost answer reached the gateway: the void happened, unknown to us.
    expect(await voidsOf(duplicate)).toBe(kind === 'lost-answer' ? 1 : 0);

    expect(await reconcile.order(number)).toEqual({ orderNumber: number, outcome: 'unchanged', reversed: [duplicate] });
    expect(await voidsOf(duplicate)).toBe(1);
    expect(await reversalState(duplicate)).toBe('reversed');
    expect((await cardChargesInForce(number)).map((charge) => charge.id)).toEqual([kept]);
    expect(await orderRow(number)).toMatchObject({ status: 'paid', transaction_id: kept });
    // Settled: a further run finds nothing to give back and calls the gateway's void no more.
    const voidsSoFar = cardProxy.matching('PUT', VOID).length;
    expect(await reconcile.order(number)).toEqual({ orderNumber: number, outcome: 'unchanged', reversed: [] });
    expect(cardProxy.matching('PUT', VOID)).toHaveLength(voidsSoFar);
  });

  it('lost-answer on the refund of a settled second charge: the next run finds it refunded and refunds nothing more', async () => {
    const { number, kept, duplicate } = await paidCardOrderWithDuplicate();
    await fetch(`${card.url}/__sandbox/transactions/${duplicate}/settle`, { method: 'PUT' });
    cardProxy.inject({ method: 'POST', path: REFUND, fault: 'lost-answer' });
    await expect(reconcile.order(number)).rejects.toThrow();
    expect(await reconcile.order(number)).toEqual({ orderNumber: number, outcome: 'unchanged', reversed: [duplicate] });
    const refunds = (await cardTransactions(number)).filter((transaction) => transaction.type === 'credit');
    expect(refunds.map((refund) => refund.refundedTransactionId)).toEqual([duplicate]);
    expect((await cardChargesInForce(number)).map((charge) => charge.id)).toEqual([kept]);
  });
});

// ---- The merchant of record (Digital River) ----

const ORDERS = /^\/orders$/;
const FULFILLMENTS = /^\/fulfillments$/;
const US_ADDRESS = { line_1: '350 Fifth Avenue', city: 'New York', state: 'NY', postal_code: '10118', country: 'US' };

const morClient = () => digitalRiverClient(mor);
type MorOrder = { id: string; upstreamId: string | null; state: string };
/** The provider's orders for the order number, any attempt, cancelled or not. */
async function morOrders(orderNumber: string): Promise<MorOrder[]> {
  const all = (await morClient().control('orders', undefined, 'GET')).body as MorOrder[];
  return all.filter((order) => order.upstreamId?.startsWith(`${orderNumber}-`));
}
const morChargesInForce = async (orderNumber: string) => (await morOrders(orderNumber)).filter((order) => order.state !== 'cancelled');

/** A US shopper paying through the merchant of record: its checkout (made through the proxy) and a card source. */
async function morShopper(): Promise<{ shopper: Shopper; checkoutId: string; sourceId: string }> {
  const shopper = await shopperReadyToPay(t, { address: US_ADDRESS, locale: 'en-us', gateway: 'digital-river' });
  const created = await checkoutAction(t, 'MERCHANT_OF_RECORD_CREATE_CHECKOUT', { basketReference: shopper.basket.reference, locale: 'en-us' }, shopper.cookie);
  const checkout = JSON.parse(created.body.data.checkout);
  const made = await morClient().drjs('sources', {
    sessionId: checkout.paymentSessionId,
    type: 'creditCard',
    creditCard: { number: '4444222233331111', expirationMonth: 12, expirationYear: new Date().getFullYear() + 2, cvv: '123' },
  });
  return { shopper, checkoutId: checkout.checkoutId, sourceId: made.body.id ?? made.body.source.id };
}

const payThroughMor = ({ shopper, checkoutId, sourceId }: { shopper: Shopper; checkoutId: string; sourceId: string }, extra: Record<string, unknown> = {}) =>
  payThroughMerchantOfRecord(t, shopper, checkoutId, sourceId, extra);

describe('merchant of record: charge (the order)', () => {
  it.each(FAULTS)('%s on the order: the store order stays pending, charged unknown; the retry finds or makes the one provider order', async (kind) => {
    const paying = await morShopper();
    if (kind === '5xx') await morClient().control('force', { resource: 'orders', method: 'POST', fail: 'service_unavailable' });
    else inject(morProxy, kind, 'POST', ORDERS);
    const first = await under(morProxy, kind, () => payThroughMor(paying));
    expect(first.body).toMatchObject({ success: false, code: 300101, data: { charged: 'unknown' } });
    const number = first.body.data.order_number;
    expect(await orderRow(number)).toMatchObject({ status: 'pending' });
    expect(await morChargesInForce(number)).toHaveLength(kind === 'lost-answer' ? 1 : 0);

    const retried = await payThroughMor(paying, { existing_order_number: number });
    expect(retried.body).toMatchObject({ success: true, data: { order_number: number } });
    const orders = await morChargesInForce(number);
    expect(orders).toHaveLength(1);
    expect(orders[0].upstreamId).toBe(`${number}-1`);
    expect(await orderRow(number)).toMatchObject({ status: 'paid', transaction_id: orders[0].id });
    expect(await reconcile.order(number)).toEqual({ orderNumber: number, outcome: 'unchanged', reversed: [] });
  });

  it('a lost answer and a shopper who never comes back: reconciliation finds the provider order and completes the store order', async () => {
    const paying = await morShopper();
    morProxy.inject({ method: 'POST', path: ORDERS, fault: 'lost-answer' });
    const number = (await payThroughMor(paying)).body.data.order_number;
    expect(await reconcile.order(number)).toEqual({ orderNumber: number, outcome: 'completed', reversed: [] });
    const [order] = await morChargesInForce(number);
    expect(await orderRow(number)).toMatchObject({ status: 'paid', transaction_id: order.id });
  });
});

/** A paid merchant-of-record order, and a second provider order under its key (another checkout given its upstreamId and ordered). */
async function paidMorOrderWithDuplicate(): Promise<{ number: string; kept: string; duplicate: string }> {
  const placed = await payThroughMor(await morShopper());
  expect(placed.body.success).toBe(true);
  const number = placed.body.data.order_number;
  const kept = (await orderRow(number)).transaction_id;
  const other = await morShopper();
  const api = morClient().api;
  expect((await api(`/checkouts/${other.checkoutId}`, { upstreamId: `${number}-1` })).status).toBe(200);
  expect((await api(`/checkouts/${other.checkoutId}/sources/${other.sourceId}`, {})).status).toBe(200);
  const ordered = await api('/orders', { checkoutId: other.checkoutId });
  expect(ordered.status).toBe(201);
  return { number, kept, duplicate: String(ordered.body.id) };
}

const cancellationsOf = async (orderId: string) => ((await morClient().api(`/fulfillments?orderId=${orderId}`)).body.data as unknown[]).length;

describe('merchant of record: cancellation', () => {
  it.each(FAULTS)('%s on the cancellation of a second order: it stays owed; the next run cancels it, once', async (kind) => {
    const { number, kept, duplicate } = await paidMorOrderWithDuplicate();
    let restore = async () => undefined as void;
    if (kind === '5xx') await morClient().control('force', { resource: 'fulfillments', method: 'POST', fail: 'service_unavailable' });
    else if (kind === 'refused') {
      // The adapter's calls all go through one method: refuse just before the cancellation leaves.
      const adapter = t.app.get(MERCHANT_OF_RECORD, { strict: false }) as object;
      const call = (adapter as { call: (method: string, path: string, ...rest: unknown[]) => Promise<unknown> }).call;
      let refused = false;
      Object.defineProperty(adapter, 'call', {
        configurable: true,
        writable: true,
        value: async (method: string, path: string, ...rest: unknown[]) => {
          if (method === 'POST' && path === '/fulfillments' && !refused) {
            refused = true;
            await morProxy.refuse();
          }
          return call.apply(adapter, [method, path, ...rest]);
        },
      });
      restore = async () => {
        delete (adapter as Record<string, unknown>).call;
        if (refused) await morProxy.accept();
      };
    } else inject(morProxy, kind, 'POST', FULFILLMENTS);
    try {
      await expect(reconcile.order(number)).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await reversalState(duplicate)).toBe('unknown');
    expect(await cancellationsOf(duplicate)).toBe(kind === 'lost-answer' ? 1 : 0);

    expect(await reconcile.order(number)).toEqual({ orderNumber: number, outcome: 'unchanged', reversed: [duplicate] });
    expect(await cancellationsOf(duplicate)).toBe(1);
    expect(await reversalState(duplicate)).toBe('reversed');
    expect((await morChargesInForce(number)).map((order) => order.id)).toEqual([kept]);
    expect(await orderRow(number)).toMatchObject({ status: 'paid', transaction_id: kept });
    expect(await reconcile.order(number)).toEqual({ orderNumber: number, outcome: 'unchanged', reversed: [] });
    expect(await cancellationsOf(duplicate)).toBe(1);
  });
});
