import type { DigitalRiverContext, DrReply } from './context';
import { badRequest, clean, invalid, isObject, missing, notFound, ok, type Json } from './http';
import type { FulfillmentRecord, OrderRecord } from './model';
import { DigitalRiverStore, now } from './store';

/**
 * Fulfillments (the provider's "Capturing and cancelling charges"): POST /fulfillments
 * `{orderId, upstreamId?, items: [{itemId, quantity?, cancelQuantity?}]}` tells the provider how many
 * of each order item were fulfilled (their share of the charge is captured) or cancelled (their share
 * is cancelled, so the shopper is never charged for them). An order whose every item is cancelled is
 * `cancelled`, and so is its charge. GET /fulfillments?orderId=… lists them (`{hasMore, data}`).
 *
 * Ours (the provider's wording is not documented): more than an item's open quantity is 400
 * `invalid_parameter` on `items`.
 */

interface ItemTotals {
  readonly quantity: number;
  readonly fulfilled: number;
  readonly cancelled: number;
}

type SnapshotItem = Json & { id?: string; quantity?: number; amount?: number; tax?: { amount?: number } };

const itemsOf = (order: OrderRecord): SnapshotItem[] => ((order.snapshot as { items?: SnapshotItem[] }).items ?? []);

/** Each item's quantity and how much of it was fulfilled or cancelled so far. */
export function itemTotals(order: OrderRecord): Map<string, ItemTotals> {
  const totals = new Map<string, ItemTotals>();
  for (const item of itemsOf(order)) totals.set(String(item.id), { quantity: Number(item.quantity ?? 0), fulfilled: 0, cancelled: 0 });
  for (const fulfillment of order.fulfillments ?? []) {
    for (const line of fulfillment.items) {
      const current = totals.get(line.itemId);
      if (current) totals.set(line.itemId, { ...current, fulfilled: current.fulfilled + line.quantity, cancelled: current.cancelled + line.cancelQuantity });
    }
  }
  return totals;
}

/** The order's state from its fulfillments: accepted, cancelled (every item cancelled), fulfilled (every item done, some fulfilled). */
export function orderState(order: OrderRecord): 'accepted' | 'cancelled' | 'fulfilled' {
  const totals = [...itemTotals(order).values()];
  const open = totals.some((item) => item.fulfilled + item.cancelled < item.quantity);
  if (open || totals.length === 0) return 'accepted';
  return totals.every((item) => item.fulfilled === 0) ? 'cancelled' : 'fulfilled';
}

/** The cancelled and captured shares of the order's total (tax included), in major units. */
export function orderAmounts(order: OrderRecord): { readonly cancelledAmount: number; readonly capturedAmount: number } {
  const totals = itemTotals(order);
  let cancelledAmount = 0;
  let capturedAmount = 0;
  for (const item of itemsOf(order)) {
    const done = totals.get(String(item.id));
    if (!done || done.quantity === 0) continue;
    // An item's `amount` is its pre-tax part whether or not the prices included tax: its tax is always on top.
    const amount = Number(item.amount ?? 0) + Number(item.tax?.amount ?? 0);
    cancelledAmount += (amount * done.cancelled) / done.quantity;
    capturedAmount += (amount * done.fulfilled) / done.quantity;
  }
  const round = (value: number) => Math.round(value * 100) / 100;
  return { cancelledAmount: round(cancelledAmount), capturedAmount: round(capturedAmount) };
}

const presentFulfillment = (fulfillment: FulfillmentRecord): Json => clean({ ...fulfillment, items: fulfillment.items.map((item) => ({ ...item })), liveMode: false });

const count = (value: unknown): number | null => (value === undefined ? 0 : Number.isInteger(value) && (value as number) >= 0 ? (value as number) : null);

export function createFulfillment(context: DigitalRiverContext, body: Json): DrReply {
  if (body.orderId === undefined) return missing('orderId');
  const orderId = String(body.orderId);
  const order = context.store.state.orders[orderId];
  if (!order) return notFound('Order', orderId, 'orderId');
  if (!Array.isArray(body.items) || body.items.length === 0) return missing('items');
  const totals = itemTotals(order);
  const items: FulfillmentRecord['items'][number][] = [];
  for (const item of body.items as unknown[]) {
    if (!isObject(item) || item.itemId === undefined) return missing('items[].itemId');
    const itemId = String(item.itemId);
    const open = totals.get(itemId);
    if (!open) return invalid('items[].itemId', `Item '${itemId}' is not an item of order '${orderId}'.`);
    const quantity = count(item.quantity);
    const cancelQuantity = count(item.cancelQuantity);
    if (quantity === null || cancelQuantity === null || quantity + cancelQuantity === 0) return invalid('items[].quantity', 'Give a quantity or a cancelQuantity of at least 1.');
    if (quantity + cancelQuantity > open.quantity - open.fulfilled - open.cancelled) {
      return badRequest('invalid_parameter', 'items', `Item '${itemId}' has only ${open.quantity - open.fulfilled - open.cancelled} left to fulfil or cancel.`);
    }
    items.push({ itemId, quantity, cancelQuantity });
  }
  const fulfillment: FulfillmentRecord = {
    id: DigitalRiverStore.uuid(),
    orderId,
    upstreamId: typeof body.upstreamId === 'string' ? body.upstreamId : undefined,
    createdTime: now(),
    items,
  };
  order.fulfillments = [...(order.fulfillments ?? []), fulfillment];
  const state = orderState(order);
  if (state === 'cancelled') order.charge.state = 'cancelled';
  if (state === 'fulfilled') order.charge.state = 'complete';
  context.store.save();
  return ok(presentFulfillment(fulfillment), 201);
}

export function listFulfillments(context: DigitalRiverContext, query: URLSearchParams): DrReply {
  const orderId = query.get('orderId');
  const data = Object.values(context.store.state.orders)
    .filter((order) => !orderId || order.id === orderId)
    .flatMap((order) => order.fulfillments ?? [])
    .sort((a, b) => b.createdTime.localeCompare(a.createdTime))
    .map(presentFulfillment);
  return ok({ hasMore: false, data });
}
