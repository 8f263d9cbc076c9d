import type { DigitalRiverContext, DrReply } from './context';
import { itemTotals } from './fulfillments';
import { clean, invalid, isObject, missing, notFound, ok, type Json } from './http';
import type { OrderRecord, RefundRecord } from './model';
import { listOf } from './presenters';
import { DigitalRiverStore, now } from './store';

/**
 * The Refunds API as Digital River documents it ("Issuing refunds"): POST /refunds gives back money
 * that was captured (an order's fulfilled items), GET /refunds/{id}, GET /refunds?orderId=…
 * (`{hasMore, data}`, newest first). What was never captured cannot be refunded: it is cancelled
 * through the Fulfillments API instead.
 *
 * A product refund omits `type` and is either of the whole order (`amount`, or `percent` of what was
 * captured, 0.01 to 100) or of some items (`items: [{itemId, quantity?, amount?}]`; an item without
 * an amount gives back its captured unit price times the quantity). Asking for more than
 * `availableToRefundAmount` (captured less pending and succeeded refunds), on the order or on an
 * item, is 400 `invalid_parameter`. The sandbox charges no shipping, duty or fees, so a refund of
 * one of those types has nothing to give back and is refused the same way.
 *
 * A refund is `pending` when made, as the provider answers, and `succeeded` once the money is back:
 * here `refundsSucceedAfterMs` after it was made (at the next API call then), or when a test says so
 * with `POST /__sandbox/refunds/{id} {state: 'succeeded' | 'failed', failureReason?}` (set
 * `refundsSucceedAfterMs: null` to keep refunds pending until then).
 */

const NON_PRODUCT_TYPES = new Set(['shipping', 'shippingTax', 'duty', 'fees', 'importerTax']);

const cents = (value: number) => Math.round(value * 100);
const major = (value: number) => value / 100;

type SnapshotItem = Json & { id?: string; quantity?: number; amount?: number; tax?: { amount?: number } };

/** Each item's captured money and captured quantity, in cents: its fulfilled share of the price (tax included). */
function capturedItems(order: OrderRecord): Map<string, { readonly cents: number; readonly quantity: number; readonly unitCents: number }> {
  const totals = itemTotals(order);
  const captured = new Map<string, { cents: number; quantity: number; unitCents: number }>();
  for (const item of ((order.snapshot as { items?: SnapshotItem[] }).items ?? [])) {
    const id = String(item.id);
    const done = totals.get(id);
    // `amount` is the pre-tax part with or without tax-inclusive prices; the money charged adds the tax.
    const gross = cents(Number(item.amount ?? 0) + Number(item.tax?.amount ?? 0));
    const quantity = done?.quantity ?? 0;
    const unitCents = quantity > 0 ? Math.round(gross / quantity) : 0;
    captured.set(id, { cents: quantity > 0 ? Math.round((gross * (done?.fulfilled ?? 0)) / quantity) : 0, quantity: done?.fulfilled ?? 0, unitCents });
  }
  return captured;
}

const refundsOf = (context: DigitalRiverContext, orderId: string): RefundRecord[] => Object.values(context.store.state.refunds).filter((refund) => refund.orderId === orderId);
const counts = (refund: RefundRecord) => refund.state !== 'failed';

/** The order's refund figures, in major units: what is left to refund (order and items) and what was refunded. */
export function refundAmounts(context: DigitalRiverContext, order: OrderRecord) {
  const captured = capturedItems(order);
  const refunds = refundsOf(context, order.id);
  const capturedCents = [...captured.values()].reduce((sum, item) => sum + item.cents, 0);
  const heldCents = refunds.filter(counts).reduce((sum, refund) => sum + cents(refund.amount), 0);
  const availableCents = Math.max(0, capturedCents - heldCents);
  const itemAvailable = new Map<string, number>();
  for (const [id, item] of captured) {
    const itemHeld = refunds
      .filter(counts)
      .flatMap((refund) => refund.items)
      .filter((line) => line.itemId === id)
      .reduce((sum, line) => sum + cents(line.amount), 0);
    // An order-level refund is not tied to an item, so no item can give back more than the order has left.
    itemAvailable.set(id, major(Math.min(Math.max(0, item.cents - itemHeld), availableCents)));
  }
  return {
    availableToRefundAmount: major(availableCents),
    refundedAmount: major(refunds.filter((refund) => refund.state === 'succeeded').reduce((sum, refund) => sum + cents(refund.amount), 0)),
    itemAvailable,
    refunds,
  };
}

export function presentRefund(refund: RefundRecord): Json {
  return clean({
    id: refund.id,
    createdTime: refund.createdTime,
    updatedTime: refund.updatedTime,
    orderId: refund.orderId,
    currency: refund.currency,
    type: refund.type,
    amount: refund.amount,
    refundedAmount: refund.state === 'succeeded' ? refund.amount : 0,
    percent: refund.percent,
    items: refund.items.map((item) => ({ ...item, refundedAmount: refund.state === 'succeeded' ? item.amount : 0 })),
    reason: refund.reason,
    state: refund.state,
    stateTransitions: refund.stateTransitions,
    failureReason: refund.failureReason,
    metadata: refund.metadata,
    liveMode: false,
  });
}

const tooMuch = (parameter: string) => invalid(parameter, 'The requested refund amount is greater than the available refund amount.');

export function createRefund(context: DigitalRiverContext, body: Json): DrReply {
  if (body.orderId === undefined) return missing('orderId');
  const orderId = String(body.orderId);
  const order = context.store.state.orders[orderId];
  if (!order) return notFound('Order', orderId, 'orderId');
  if (typeof body.currency !== 'string') return missing('currency');
  if (body.currency.toUpperCase() !== order.charge.currency.toUpperCase()) return invalid('currency', `The currency must be the order's, ${order.charge.currency}.`);
  if (body.type !== undefined && !NON_PRODUCT_TYPES.has(String(body.type))) return invalid('type', `type must be one of ${[...NON_PRODUCT_TYPES].join(', ')}, or left out for a product refund.`);
  if (body.metadata !== undefined && !isObject(body.metadata)) return invalid('metadata', 'metadata must be an object.');
  if (body.reason !== undefined && typeof body.reason !== 'string') return invalid('reason', 'reason must be a string.');
  const figures = refundAmounts(context, order);
  if (body.type !== undefined) return tooMuch('amount');

  const hasItems = body.items !== undefined;
  const hasAmount = body.amount !== undefined;
  const hasPercent = body.percent !== undefined;
  if (Number(hasItems) + Number(hasAmount) + Number(hasPercent) !== 1) return invalid('amount', 'Give one of amount, percent or items.');

  let amountCents: number;
  let percent: number | undefined;
  const items: RefundRecord['items'][number][] = [];
  if (hasItems) {
    if (!Array.isArray(body.items) || body.items.length === 0) return invalid('items', 'items must list at least one item.');
    const captured = capturedItems(order);
    for (const line of body.items as unknown[]) {
      if (!isObject(line) || line.itemId === undefined) return missing('items[].itemId');
      const itemId = String(line.itemId);
      const item = captured.get(itemId);
      if (!item) return invalid('items[].itemId', `Item '${itemId}' is not an item of order '${orderId}'.`);
      const quantity = line.quantity === undefined ? undefined : Number(line.quantity);
      if (quantity !== undefined && !(Number.isInteger(quantity) && quantity >= 1)) return invalid('items[].quantity', 'quantity must be a whole number, 1 or more.');
      if (quantity !== undefined && quantity > item.quantity) return tooMuch('items[].quantity');
      const amount = line.amount === undefined ? undefined : Number(line.amount);
      if (amount !== undefined && !(Number.isFinite(amount) && amount > 0)) return invalid('items[].amount', 'amount must be above 0.');
      if (amount === undefined && quantity === undefined) return missing('items[].amount');
      const lineCents = amount !== undefined ? cents(amount) : item.unitCents * (quantity ?? 0);
      if (lineCents > cents(figures.itemAvailable.get(itemId) ?? 0)) return tooMuch('items[].amount');
      items.push({ itemId, ...(quantity !== undefined ? { quantity } : {}), amount: major(lineCents) });
    }
    amountCents = items.reduce((sum, item) => sum + cents(item.amount), 0);
  } else if (hasPercent) {
    percent = Number(body.percent);
    if (!(Number.isFinite(percent) && percent >= 0.01 && percent <= 100)) return invalid('percent', 'percent must be from 0.01 to 100.');
    const capturedCents = [...capturedItems(order).values()].reduce((sum, item) => sum + item.cents, 0);
    amountCents = Math.round((capturedCents * percent) / 100);
  } else {
    const amount = Number(body.amount);
    if (!(Number.isFinite(amount) && amount > 0)) return invalid('amount', 'amount must be above 0.');
    amountCents = cents(amount);
  }
  if (amountCents <= 0 || amountCents > cents(figures.availableToRefundAmount)) return tooMuch(hasPercent ? 'percent' : 'amount');

  const time = now();
  const refund: RefundRecord = {
    id: `re_${DigitalRiverStore.uuid()}`,
    orderId,
    createdTime: time,
    updatedTime: time,
    currency: order.charge.currency,
    amount: major(amountCents),
    percent,
    items,
    reason: body.reason as string | undefined,
    metadata: body.metadata as Record<string, unknown> | undefined,
    state: 'pending',
    stateTransitions: { pending: time },
  };
  context.store.state.refunds[refund.id] = refund;
  context.store.save();
  return ok(presentRefund(refund), 201);
}

export function getRefund(context: DigitalRiverContext, id: string): DrReply {
  const refund = context.store.state.refunds[id];
  return refund ? ok(presentRefund(refund)) : notFound('Refund', id);
}

export function listRefunds(context: DigitalRiverContext, query: URLSearchParams): DrReply {
  const orderId = query.get('orderId');
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 10) || 10, 1), 100);
  const data = Object.values(context.store.state.refunds)
    .filter((refund) => !orderId || refund.orderId === orderId)
    .sort((a, b) => b.createdTime.localeCompare(a.createdTime) || b.id.localeCompare(a.id))
    .map(presentRefund);
  return ok(listOf(data, limit));
}

/** Moves a pending refund on: succeeded (the money is back) or failed (it could not be given back). */
export function settleRefund(context: DigitalRiverContext, refund: RefundRecord, state: 'succeeded' | 'failed', failureReason?: string): void {
  const time = now();
  refund.state = state;
  refund.updatedTime = time;
  refund.stateTransitions = { ...refund.stateTransitions, [state]: time };
  if (state === 'failed') refund.failureReason = failureReason ?? 'Refund failed.';
  context.store.save();
}

/** Pending refunds older than `refundsSucceedAfterMs` succeed (see the config); called before each API call. */
export function advanceRefunds(context: DigitalRiverContext, at = Date.now()): void {
  const after = context.config.refundsSucceedAfterMs;
  if (after === null) return;
  for (const refund of Object.values(context.store.state.refunds)) {
    if (refund.state === 'pending' && Date.parse(refund.createdTime) + after <= at) settleRefund(context, refund, 'succeeded');
  }
}
