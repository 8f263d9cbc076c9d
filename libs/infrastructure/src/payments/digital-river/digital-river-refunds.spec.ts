import type { GatewayRefundRequest, MorCheckoutRequest } from '@store/application';
import { DomainError } from '@store/domain';
import { digitalRiverClient, startDigitalRiverSandbox, type RunningDigitalRiverSandbox } from '@store/payment-sandbox';
import { randomUUID } from 'node:crypto';
import { DigitalRiverGateway, DigitalRiverUnavailable } from './digital-river-gateway';
import { DigitalRiverRefunds, splitByWeight } from './digital-river-refunds';

// Our adapter against the project's Digital River sandbox, in-process: orders are made the way the
// store makes them (DigitalRiverGateway), captured or not through the sandbox's Fulfillments API.
let sandbox: RunningDigitalRiverSandbox;
let client: ReturnType<typeof digitalRiverClient>;
let gateway: DigitalRiverGateway;
let refunds: DigitalRiverRefunds;

beforeAll(async () => {
  // Refunds stay pending until the test moves them (the sandbox's control), as the provider's do for a while.
  sandbox = await startDigitalRiverSandbox({ config: { refundsSucceedAfterMs: null } });
  client = digitalRiverClient(sandbox);
  const settings = { apiUrl: sandbox.url, secretKey: sandbox.config.secretKey, timeoutMs: 1000 };
  gateway = new DigitalRiverGateway(settings);
  refunds = new DigitalRiverRefunds(settings);
});
afterAll(() => sandbox?.close());
afterEach(() => client.control('force', undefined, 'DELETE'));

let customers = 0;
const checkoutRequest = (): MorCheckoutRequest => ({
  storeCustomerId: `00000000-0000-4000-8000-${String(++customers).padStart(12, '0')}`,
  email: 'payer@example.com',
  name: 'Paula Payer',
  organization: null,
  customerType: 'individual',
  locale: 'en_GB',
  currency: 'GBP',
  taxInclusive: true,
  billingAddress: { line1: '1 High Street', line2: null, line3: null, city: 'Nottingham', county: null, state: null, postalCode: 'NG1 1AA', country: 'GB', vatId: null, vatIdStatus: null },
  shippingAddress: null,
  items: [
    { productReference: 'photo-2', name: 'Photo 2', quantity: 1, amountMinor: 6999 },
    { productReference: 'publisher-2', name: 'Publisher 2', quantity: 2, amountMinor: 9998 },
  ],
  taxCertificate: null,
});

/** An order as the store places it: 169.97 GBP, VAT included. */
async function placeOrder(): Promise<{ orderId: string; items: { id: string; productReference: string }[] }> {
  const checkout = await gateway.createCheckout(checkoutRequest());
  const made = await client.drjs('sources', { sessionId: checkout.paymentSessionId, type: 'creditCard', creditCard: { number: '4444222233331111', expirationMonth: 12, expirationYear: new Date().getFullYear() + 2, cvv: '123' } });
  const key = `SO-${randomUUID()}`;
  const charged = await gateway.charge({ idempotencyKey: key, orderNumber: key, amountMinor: 16997, currency: 'GBP', paymentToken: made.body.id, deviceData: null, checkoutId: checkout.checkoutId });
  if (charged.outcome !== 'charged') throw new Error(`not charged: ${JSON.stringify(charged)}`);
  const order = (await client.api(`/orders/${charged.transactionId}`)).body;
  return { orderId: order.id, items: order.items.map((item: { id: string; metadata: { productReference: string } }) => ({ id: item.id, productReference: item.metadata.productReference })) };
}

/** The store's fulfilment reported to the provider: every item captured. */
async function capture(order: { orderId: string; items: { id: string }[] }): Promise<void> {
  const quantities = (await client.api(`/orders/${order.orderId}`)).body.items as { id: string; quantity: number }[];
  expect((await client.api('/fulfillments', { orderId: order.orderId, items: quantities.map((item) => ({ itemId: item.id, quantity: item.quantity })) })).status).toBe(201);
}

const photo = { productReference: 'photo-2', quantity: 1, amountMinor: 6999 };
const publisher = { productReference: 'publisher-2', quantity: 2, amountMinor: 9998 };
const request = (orderId: string, fields: Partial<GatewayRefundRequest>): GatewayRefundRequest => ({
  transactionId: orderId,
  reference: randomUUID(),
  amountMinor: 16997,
  currency: 'GBP',
  whole: true,
  items: [photo, publisher],
  ...fields,
});
const orderOf = async (orderId: string) => (await client.api(`/orders/${orderId}`)).body;

describe('DigitalRiverRefunds', () => {
  it('cancels an order not captured when all of it is given back, keeping our reference on the fulfillment', async () => {
    const order = await placeOrder();
    const asked = request(order.orderId, {});
    const result = await refunds.refund(asked);
    expect(result).toEqual({ outcome: 'voided', providerRefundId: expect.any(String) });
    expect(await orderOf(order.orderId)).toMatchObject({ state: 'cancelled', cancelledAmount: 169.97, capturedAmount: 0 });
    const fulfillments = (await client.api(`/fulfillments?orderId=${order.orderId}`)).body.data;
    expect(fulfillments).toEqual([expect.objectContaining({ id: (result as { providerRefundId: string }).providerRefundId, upstreamId: asked.reference })]);
    // The answer lost: found again by the reference, and asked again nothing more is done.
    expect(await refunds.findRefund(order.orderId, asked.reference)).toEqual(result);
    expect(await refunds.refund(asked)).toEqual(result);
    expect((await client.api(`/fulfillments?orderId=${order.orderId}`)).body.data).toHaveLength(1);
  });

  it('cancels the lines refunded of an order not captured, and refuses an amount without lines (REFUND_NOT_SETTLED)', async () => {
    const order = await placeOrder();
    const line = await refunds.refund(request(order.orderId, { whole: false, amountMinor: 4999, items: [{ productReference: 'publisher-2', quantity: 1, amountMinor: 4999 }] }));
    expect(line).toEqual({ outcome: 'voided', providerRefundId: expect.any(String) });
    const after = await orderOf(order.orderId);
    expect(after).toMatchObject({ state: 'accepted', cancelledAmount: 49.99 });

    const refused = await refunds.refund(request(order.orderId, { whole: false, amountMinor: 1000, items: [] })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).errorName).toBe('REFUND_NOT_SETTLED');
    // More of a line than is still open cannot be cancelled either.
    const tooMany = await refunds.refund(request(order.orderId, { whole: false, amountMinor: 9998, items: [publisher] })).catch((error: unknown) => error);
    expect((tooMany as DomainError).errorName).toBe('REFUND_NOT_SETTLED');
    expect((await orderOf(order.orderId)).cancelledAmount).toBe(49.99);
  });

  it('refunds a captured order through the Refunds API: pending, then refunded, found by our reference', async () => {
    const order = await placeOrder();
    await capture(order);
    const asked = request(order.orderId, { whole: false, amountMinor: 6999, items: [photo] });
    const result = await refunds.refund(asked);
    expect(result).toEqual({ outcome: 'pending', providerRefundId: expect.stringMatching(/^re_/) });
    const id = (result as { providerRefundId: string }).providerRefundId;
    const refund = (await client.api(`/refunds/${id}`)).body;
    expect(refund).toMatchObject({ orderId: order.orderId, currency: 'GBP', amount: 69.99, metadata: { reference: asked.reference }, items: [{ itemId: order.items[0].id, quantity: 1, amount: 69.99 }] });
    expect(await orderOf(order.orderId)).toMatchObject({ availableToRefundAmount: 99.98 });

    expect(await refunds.findRefund(order.orderId, asked.reference)).toEqual(result);
    expect(await refunds.refund(asked)).toEqual(result);
    expect((await client.api(`/refunds?orderId=${order.orderId}`)).body.data).toHaveLength(1);

    await client.control(`refunds/${id}`, { state: 'succeeded' });
    expect(await refunds.findRefund(order.orderId, asked.reference)).toEqual({ outcome: 'refunded', providerRefundId: id });
    expect(await refunds.findRefund(order.orderId, randomUUID())).toBeNull();
  });

  it('gives back what is left of a captured order as one refund, split over its lines by what the provider holds for each', async () => {
    const order = await placeOrder();
    await capture(order);
    // The store's line amounts may differ from what was charged (net of a discount, say): the provider's figures decide.
    const result = await refunds.refund(request(order.orderId, { amountMinor: 16997, items: [{ ...photo, amountMinor: 6000 }, { ...publisher, amountMinor: 9000 }] }));
    expect(result).toEqual({ outcome: 'pending', providerRefundId: expect.any(String) });
    const refund = (await client.api(`/refunds/${(result as { providerRefundId: string }).providerRefundId}`)).body;
    expect(refund.amount).toBe(169.97);
    expect(refund.items.map((item: { amount: number }) => item.amount)).toEqual([69.99, 99.98]);
    expect((await orderOf(order.orderId)).availableToRefundAmount).toBe(0);
  });

  it('answers declined when the provider refuses (more than is left), or the refund failed', async () => {
    const order = await placeOrder();
    await capture(order);
    const tooMuch = await refunds.refund(request(order.orderId, { whole: false, amountMinor: 17000, items: [] }));
    expect(tooMuch).toEqual({ outcome: 'declined', reason: expect.stringContaining('invalid_parameter') });
    const asked = request(order.orderId, { whole: false, amountMinor: 1000, items: [] });
    const made = await refunds.refund(asked);
    await client.control(`refunds/${(made as { providerRefundId: string }).providerRefundId}`, { state: 'failed', failureReason: 'Card account closed' });
    expect(await refunds.findRefund(order.orderId, asked.reference)).toEqual({ outcome: 'declined', reason: expect.stringContaining('Card account closed') });
    expect(await refunds.refund(request('nosuchorder', {}))).toEqual({ outcome: 'declined', reason: expect.stringContaining('nosuchorder') });
    expect(await refunds.refund(request(order.orderId, { whole: false, items: [{ productReference: 'not-ours', quantity: 1, amountMinor: 100 }] }))).toEqual({
      outcome: 'declined',
      reason: expect.stringContaining('not-ours'),
    });
  });

  it('throws when the provider is down, and when its answer is lost the refund is found by the reference', async () => {
    const order = await placeOrder();
    await capture(order);
    await client.control('force', { resource: 'refunds', method: 'POST', fail: 'service_unavailable' });
    const down = request(order.orderId, { whole: false, amountMinor: 500, items: [] });
    await expect(refunds.refund(down)).rejects.toBeInstanceOf(DigitalRiverUnavailable);
    expect(await refunds.findRefund(order.orderId, down.reference)).toBeNull();

    // Made, but its answer comes after our timeout: unknown, then found by the reference.
    await client.control('force', { resource: 'refunds', method: 'POST', delayMs: 1500 });
    const slow = request(order.orderId, { whole: false, amountMinor: 700, items: [] });
    await expect(refunds.refund(slow)).rejects.toBeInstanceOf(DigitalRiverUnavailable);
    expect(await refunds.findRefund(order.orderId, slow.reference)).toEqual({ outcome: 'pending', providerRefundId: expect.any(String) });
  });
});

describe('splitByWeight', () => {
  it.each([
    [16997, [6999, 9998], [6999, 9998]],
    [100, [1, 1, 1], [34, 33, 33]],
    [16997, [6000, 9000], [6799, 10198]],
    [10, [0, 0], [5, 5]],
    [1, [5], [1]],
  ])('splits %i over %j as %j, adding up to the whole', (total, weights, parts) => {
    expect(splitByWeight(total, weights)).toEqual(parts);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });
});
