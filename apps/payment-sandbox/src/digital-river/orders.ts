import { orderExists } from './checkouts';
import { orderState } from './fulfillments';
import type { DigitalRiverContext, DrReply } from './context';
import { badRequest, conflict, isObject, missing, notFound, ok, type Json } from './http';
import type { OrderRecord } from './model';
import { listOf, presentCheckout, presentOrder, sessionState } from './presenters';
import { DigitalRiverStore, now } from './store';

/**
 * Orders: POST /orders {checkoutId} converts a checkout (its charge is authorised or declined),
 * GET /orders/{id}, GET /orders?upstreamIds=…&ids=…&checkoutId=… (`{hasMore, data}`).
 */

/**
 * Converts the checkout. As the provider documents, everything but `checkoutId` in the body is
 * ignored: `upstreamId` must be set on the checkout beforehand.
 */
export function createOrder(context: DigitalRiverContext, body: Json, forcedDecline: boolean): DrReply {
  const { state } = context.store;
  if (body.checkoutId === undefined) return missing('checkoutId');
  const checkoutId = String(body.checkoutId);
  const checkout = state.checkouts[checkoutId];
  if (!checkout) return notFound('Checkout', checkoutId, 'checkoutId');
  if (checkout.orderId) return orderExists(checkout);
  if (checkout.rejectedOrders > 0 && !context.config.checkoutReusableAfterDecline) {
    // Ours: the current guide says a declined checkout can't be ordered again; the answer is not documented.
    return conflict('checkout_not_reusable', `Checkout '${checkoutId}' was declined; create a new checkout.`, 'checkoutId');
  }
  if (!checkout.billTo?.address?.country) return missing('billTo');
  if (sessionState(context, checkout) !== 'requires_confirmation' || !checkout.sourceId) {
    return badRequest('order_submit_failed', undefined, 'Payment session status is invalid.');
  }
  const source = state.sources[checkout.sourceId];
  const time = now();
  if (forcedDecline || source.outcome === 'decline') {
    source.state = 'failed';
    source.updatedTime = time;
    checkout.rejectedOrders += 1;
    checkout.updatedTime = time;
    context.store.save();
    return conflict('failed-request', 'Failed to charge source.');
  }
  const priced = presentCheckout(context, checkout);
  const orderId = DigitalRiverStore.numericId();
  const order: OrderRecord = {
    id: orderId,
    checkoutId,
    upstreamId: checkout.upstreamId,
    createdTime: time,
    snapshot: priced.json,
    sourceId: source.id,
    charge: {
      id: DigitalRiverStore.uuid(),
      createdTime: time,
      currency: checkout.currency,
      amount: priced.totalAmount,
      state: 'capturable',
      sourceId: source.id,
      paymentSessionId: checkout.paymentSessionId,
      orderId,
    },
  };
  source.state = 'consumed';
  source.updatedTime = time;
  checkout.orderId = orderId;
  checkout.updatedTime = time;
  state.orders[orderId] = order;
  context.store.save();
  return ok(presentOrder(context, order), 201);
}

export function getOrder(context: DigitalRiverContext, id: string): DrReply {
  const order = context.store.state.orders[id];
  return order ? ok(presentOrder(context, order)) : notFound('Order', id);
}

const listParameter = (query: URLSearchParams, name: string) => new Set(query.getAll(name).flatMap((value) => value.split(',')).filter(Boolean));

/** The list, newest first; `upstreamIds` and `ids` take several values (repeated or comma-separated). */
export function listOrders(context: DigitalRiverContext, query: URLSearchParams): DrReply {
  const upstreamIds = listParameter(query, 'upstreamIds');
  const ids = listParameter(query, 'ids');
  const checkoutId = query.get('checkoutId');
  const limit = Math.min(Math.max(Number(query.get('limit') ?? 10) || 10, 1), 100);
  const data = Object.values(context.store.state.orders)
    .filter((order) => (upstreamIds.size === 0 || upstreamIds.has(order.upstreamId ?? '')) && (ids.size === 0 || ids.has(order.id)) && (!checkoutId || order.checkoutId === checkoutId))
    .sort((a, b) => b.createdTime.localeCompare(a.createdTime) || b.id.localeCompare(a.id))
    .map((order) => presentOrder(context, order));
  return ok(listOf(data, limit));
}

/** Ours: the control endpoint's summary of an order. */
export function summarizeOrder(order: OrderRecord) {
  const snapshot = order.snapshot as Json;
  return {
    id: order.id,
    checkoutId: order.checkoutId,
    upstreamId: order.upstreamId ?? null,
    state: orderState(order),
    currency: snapshot.currency,
    totalAmount: snapshot.totalAmount,
    totalTax: snapshot.totalTax,
    sellingEntity: isObject(snapshot.sellingEntity) ? snapshot.sellingEntity.id : null,
    sourceId: order.sourceId,
    createdTime: order.createdTime,
  };
}
