import { DIGITAL_RIVER_TEST_CARDS } from './cards';
import { startDigitalRiverSandbox, type RunningDigitalRiverSandbox } from './server';
import { clientFor, type Loose } from './test-client';

/**
 * The Refunds API as the provider documents it: money that was captured (fulfilled items) is given
 * back by a refund, pending at first; what is left to refund follows on the order and its items.
 */

let sandbox: RunningDigitalRiverSandbox;
let client: ReturnType<typeof clientFor>;

beforeAll(async () => {
  // Refunds stay pending until a test moves them, so each state can be seen.
  sandbox = await startDigitalRiverSandbox({ config: { refundsSucceedAfterMs: null } });
  client = clientFor(sandbox);
});
afterAll(() => sandbox.close());
beforeEach(() => client.control('reset', {}));

/** An order of two items (a 100.00 one, and two of a 25.00 one), German VAT 19% added: 178.50 in all. */
async function order(): Promise<Loose> {
  const checkout = await client.api('/checkouts', {
    currency: 'EUR',
    email: 'shopper@example.com',
    items: [
      { skuId: 'photo', price: 100, quantity: 1, metadata: { productReference: 'photo' } },
      { skuId: 'font', price: 25, quantity: 2, metadata: { productReference: 'font' } },
    ],
    billTo: { name: 'Sam Shopper', email: 'shopper@example.com', address: { line1: '1 Test Street', city: 'Berlin', postalCode: '10115', country: 'DE' } },
  });
  expect(checkout.status).toBe(201);
  const source = await client.drjs('sources', { sessionId: checkout.body.payment.session.id, type: 'creditCard', creditCard: { number: DIGITAL_RIVER_TEST_CARDS.visa, expirationMonth: 12, expirationYear: 2040, cvv: '123' } });
  expect((await client.api(`/checkouts/${checkout.body.id}/sources/${source.body.id}`, {})).status).toBe(200);
  const made = await client.api('/orders', { checkoutId: checkout.body.id });
  expect(made.status).toBe(201);
  expect(made.body.totalAmount).toBe(178.5);
  return made.body;
}

const fulfil = (placed: Loose, items: { itemId: string; quantity?: number; cancelQuantity?: number }[]) => client.api('/fulfillments', { orderId: placed.id, items });
const itemOf = (placed: Loose, sku: string) => placed.items.find((item: Loose) => item.skuId === sku);
const reread = async (placed: Loose) => (await client.api(`/orders/${placed.id}`)).body;

describe('refunds', () => {
  it('gives back nothing before a capture: availableToRefundAmount is 0 and a refund is refused', async () => {
    const placed = await order();
    expect(placed).toMatchObject({ availableToRefundAmount: 0, refundedAmount: 0 });
    expect(placed.items.map((item: Loose) => item.availableToRefundAmount)).toEqual([0, 0]);
    const refused = await client.api('/refunds', { orderId: placed.id, currency: 'EUR', amount: 1 });
    expect(refused).toEqual({ status: 400, body: { type: 'bad_request', errors: [{ code: 'invalid_parameter', parameter: 'amount', message: expect.any(String) }] } });
    expect((await client.api(`/refunds?orderId=${placed.id}`)).body).toEqual({ hasMore: false, data: [] });
  });

  it('refunds part of the captured money, pending then succeeded, with the order figures following', async () => {
    const placed = await order();
    const photo = itemOf(placed, 'photo');
    const font = itemOf(placed, 'font');
    expect((await fulfil(placed, [{ itemId: photo.id, quantity: 1 }, { itemId: font.id, quantity: 1, cancelQuantity: 1 }])).status).toBe(201);
    const captured = await reread(placed);
    expect(captured).toMatchObject({ capturedAmount: 148.75, cancelledAmount: 29.75, availableToRefundAmount: 148.75, refundedAmount: 0 });
    expect([itemOf(captured, 'photo').availableToRefundAmount, itemOf(captured, 'font').availableToRefundAmount]).toEqual([119, 29.75]);

    const made = await client.api('/refunds', { orderId: placed.id, currency: 'EUR', amount: 50, reason: 'Customer request', metadata: { reference: 'rf-1' } });
    expect(made).toEqual({
      status: 201,
      body: {
        id: expect.stringMatching(/^re_/),
        createdTime: expect.stringMatching(/Z$/),
        updatedTime: expect.any(String),
        orderId: placed.id,
        currency: 'EUR',
        amount: 50,
        refundedAmount: 0,
        items: [],
        reason: 'Customer request',
        state: 'pending',
        stateTransitions: { pending: expect.any(String) },
        metadata: { reference: 'rf-1' },
        liveMode: false,
      },
    });
    // A pending refund already counts against what is left; only a succeeded one is refunded.
    expect(await reread(placed)).toMatchObject({ availableToRefundAmount: 98.75, refundedAmount: 0 });
    expect(await client.api(`/refunds/${made.body.id}`)).toEqual({ status: 200, body: made.body });

    const moved = await client.control(`refunds/${made.body.id}`, { state: 'succeeded' });
    expect(moved.body).toMatchObject({ state: 'succeeded', refundedAmount: 50, stateTransitions: { pending: expect.any(String), succeeded: expect.any(String) } });
    const after = await reread(placed);
    expect(after).toMatchObject({ availableToRefundAmount: 98.75, refundedAmount: 50 });
    expect(after.payment.charges[0]).toMatchObject({ refunded: true, refunds: [{ amount: 50, state: 'succeeded' }] });
    expect((await client.control(`refunds/${made.body.id}`, { state: 'failed' })).status).toBe(409);

    expect((await client.api('/refunds', { orderId: placed.id, currency: 'EUR', amount: 98.76 })).body.errors[0]).toMatchObject({ code: 'invalid_parameter', parameter: 'amount' });
    expect((await client.api('/refunds', { orderId: placed.id, currency: 'EUR', amount: 98.75 })).status).toBe(201);
    expect((await reread(placed)).availableToRefundAmount).toBe(0);
  });

  it('refunds items by quantity or amount, no more than each item has left', async () => {
    const placed = await order();
    const photo = itemOf(placed, 'photo');
    const font = itemOf(placed, 'font');
    await fulfil(placed, [{ itemId: photo.id, quantity: 1 }, { itemId: font.id, quantity: 2 }]);

    const byQuantity = await client.api('/refunds', { orderId: placed.id, currency: 'EUR', items: [{ itemId: font.id, quantity: 1 }] });
    expect(byQuantity).toMatchObject({ status: 201, body: { amount: 29.75, items: [{ itemId: font.id, quantity: 1, amount: 29.75, refundedAmount: 0 }] } });
    let now = await reread(placed);
    expect([itemOf(now, 'photo').availableToRefundAmount, itemOf(now, 'font').availableToRefundAmount, now.availableToRefundAmount]).toEqual([119, 29.75, 148.75]);

    expect((await client.api('/refunds', { orderId: placed.id, currency: 'EUR', items: [{ itemId: font.id, amount: 29.76 }] })).body.errors[0]).toMatchObject({ code: 'invalid_parameter', parameter: 'items[].amount' });
    expect((await client.api('/refunds', { orderId: placed.id, currency: 'EUR', items: [{ itemId: 'nope', amount: 1 }] })).body.errors[0]).toMatchObject({ parameter: 'items[].itemId' });
    const byAmount = await client.api('/refunds', { orderId: placed.id, currency: 'EUR', items: [{ itemId: photo.id, amount: 19 }] });
    expect(byAmount).toMatchObject({ status: 201, body: { amount: 19, items: [{ itemId: photo.id, amount: 19 }] } });
    now = await reread(placed);
    expect(itemOf(now, 'photo').availableToRefundAmount).toBe(100);

    const listed = await client.api(`/refunds?orderId=${placed.id}`);
    expect(listed.body.data.map((refund: Loose) => refund.id).sort()).toEqual([byAmount.body.id, byQuantity.body.id].sort());
  });

  it('refunds a percent of the captured money; a failed refund gives the amount back to refund', async () => {
    const placed = await order();
    await fulfil(placed, placed.items.map((item: Loose) => ({ itemId: item.id, quantity: item.quantity })));
    const half = await client.api('/refunds', { orderId: placed.id, currency: 'EUR', percent: 50 });
    expect(half).toMatchObject({ status: 201, body: { amount: 89.25, percent: 50 } });
    expect((await reread(placed)).availableToRefundAmount).toBe(89.25);
    expect((await client.control(`refunds/${half.body.id}`, { state: 'failed', failureReason: 'Card closed' })).body).toMatchObject({ state: 'failed', failureReason: 'Card closed' });
    expect((await reread(placed)).availableToRefundAmount).toBe(178.5);
  });

  it('refuses malformed refunds with the provider error shape', async () => {
    const placed = await order();
    await fulfil(placed, placed.items.map((item: Loose) => ({ itemId: item.id, quantity: item.quantity })));
    const base = { orderId: placed.id, currency: 'EUR' };
    const cases: [Loose, string, string][] = [
      [{ currency: 'EUR', amount: 1 }, 'missing_parameter', 'orderId'],
      [{ orderId: placed.id, amount: 1 }, 'missing_parameter', 'currency'],
      [{ ...base, currency: 'USD', amount: 1 }, 'invalid_parameter', 'currency'],
      [{ ...base }, 'invalid_parameter', 'amount'],
      [{ ...base, amount: 1, percent: 5 }, 'invalid_parameter', 'amount'],
      [{ ...base, amount: -1 }, 'invalid_parameter', 'amount'],
      [{ ...base, percent: 100.5 }, 'invalid_parameter', 'percent'],
      [{ ...base, type: 'refundEverything', amount: 1 }, 'invalid_parameter', 'type'],
      [{ ...base, type: 'shipping', amount: 1 }, 'invalid_parameter', 'amount'],
      [{ ...base, items: [] }, 'invalid_parameter', 'items'],
      [{ ...base, items: [{ itemId: placed.items[0].id }] }, 'missing_parameter', 'items[].amount'],
      [{ ...base, amount: 1, metadata: 'x' }, 'invalid_parameter', 'metadata'],
    ];
    for (const [body, code, parameter] of cases) {
      const answer = await client.api('/refunds', body);
      expect({ body, status: answer.status, error: answer.body.errors?.[0] }).toEqual({ body, status: 400, error: { code, parameter, message: expect.any(String) } });
    }
    expect((await client.api('/refunds', { ...base, orderId: 'nope', amount: 1 })).status).toBe(404);
    expect((await client.api(`/refunds?orderId=${placed.id}`)).body.data).toEqual([]);
  });

  it('succeeds refunds by themselves after refundsSucceedAfterMs, and answers a forced outage with 503', async () => {
    const timed = await startDigitalRiverSandbox({ config: { refundsSucceedAfterMs: 0 } });
    try {
      const timedClient = clientFor(timed);
      const previous = client;
      client = timedClient;
      try {
        const placed = await order();
        await fulfil(placed, placed.items.map((item: Loose) => ({ itemId: item.id, quantity: item.quantity })));
        await timedClient.control('force', { resource: 'refunds', method: 'POST', fail: 'service_unavailable' });
        expect((await timedClient.api('/refunds', { orderId: placed.id, currency: 'EUR', amount: 10 })).status).toBe(503);
        const made = await timedClient.api('/refunds', { orderId: placed.id, currency: 'EUR', amount: 10 });
        expect(made.body.state).toBe('pending');
        expect((await timedClient.api(`/refunds/${made.body.id}`)).body).toMatchObject({ state: 'succeeded', refundedAmount: 10 });
        expect((await reread(placed)).refundedAmount).toBe(10);
      } finally {
        client = previous;
      }
    } finally {
      await timed.close();
    }
  });
});
