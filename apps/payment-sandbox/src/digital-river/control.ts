import type { DigitalRiverContext, DrReply, DrRequest } from './context';
import { isObject, jsonBody, ok } from './http';
import type { ForcedFault } from './model';
import { summarizeOrder } from './orders';
import { presentRefund, settleRefund } from './refunds';

/**
 * Ours: the sandbox's test controls under /__sandbox/, JSON in and out, no key (the sandbox
 * listens on loopback). The provider has no such endpoints.
 *
 * - GET    /__sandbox/health                  → {ok: true, provider: 'digital-river'}
 * - POST   /__sandbox/reset                   → forgets everything (and the controls below)
 * - POST   /__sandbox/force {resource, method?, fail?, delayMs?, times?} → {forced: [...]}
 * - GET    /__sandbox/force                   → {forced: [...]};  DELETE clears them
 * - POST   /__sandbox/drop-in {hang: boolean} → {hang};  GET reads it
 * - GET    /__sandbox/orders[?upstreamId=…]   → [{id, checkoutId, upstreamId, state, currency, totalAmount, totalTax, sellingEntity, sourceId, createdTime}]
 * - POST   /__sandbox/refunds/{id} {state: 'succeeded'|'failed', failureReason?} → the refund, moved on from pending
 */

const RESOURCES = new Set(['*', 'checkouts', 'orders', 'fulfillments', 'refunds', 'tax-identifiers', 'sources', 'customers', 'files', 'drjs']);

const bad = (message: string): DrReply => ({ status: 400, body: { error: message } });

function parseFault(body: Record<string, unknown>): ForcedFault | string {
  const resource = typeof body.resource === 'string' ? body.resource : '';
  if (!RESOURCES.has(resource)) return `resource must be one of ${[...RESOURCES].join(', ')}`;
  const method = body.method === undefined ? undefined : String(body.method).toUpperCase();
  const fail = body.fail;
  if (fail !== undefined && fail !== 'service_unavailable' && fail !== 'declined') return 'fail must be service_unavailable or declined';
  if (fail === 'declined' && resource !== 'orders') return 'only orders can be declined';
  const delayMs = body.delayMs === undefined ? undefined : Number(body.delayMs);
  if (delayMs !== undefined && !(Number.isFinite(delayMs) && delayMs >= 0)) return 'delayMs must be a number of milliseconds';
  if (fail === undefined && delayMs === undefined) return 'say what to do: fail and/or delayMs';
  const times = body.times === undefined ? 1 : Number(body.times);
  if (!Number.isInteger(times) || times < 1) return 'times must be a positive integer';
  return { resource, method, fail, delayMs, remaining: times };
}

export function controlReply(request: DrRequest, context: DigitalRiverContext, path: string): DrReply | null {
  const { store } = context;
  const route = `${request.method} ${path}`;
  if (route === 'GET health') return ok({ ok: true, provider: 'digital-river' });
  if (route === 'POST reset') {
    store.reset();
    return ok({ ok: true });
  }
  if (route === 'GET force') return ok({ forced: store.state.forced });
  if (route === 'DELETE force') {
    store.state.forced = [];
    store.save();
    return ok({ forced: [] });
  }
  if (route === 'POST force') {
    const parsed = jsonBody(request);
    if ('error' in parsed) return bad('the body is not a JSON object');
    const fault = parseFault(parsed.body);
    if (typeof fault === 'string') return bad(fault);
    store.state.forced.push(fault);
    store.save();
    return ok({ forced: store.state.forced });
  }
  if (route === 'GET drop-in') return ok({ hang: store.state.dropInHangs });
  if (route === 'POST drop-in') {
    const parsed = jsonBody(request);
    if ('error' in parsed || !isObject(parsed.body) || typeof parsed.body.hang !== 'boolean') return bad('send {hang: true|false}');
    store.state.dropInHangs = parsed.body.hang;
    store.save();
    return ok({ hang: store.state.dropInHangs });
  }
  const refundMove = /^POST refunds\/([^/]+)$/.exec(route);
  if (refundMove) {
    const refund = store.state.refunds[refundMove[1]];
    if (!refund) return { status: 404, body: { error: `no refund ${refundMove[1]}` } };
    const parsed = jsonBody(request);
    const body = 'error' in parsed ? {} : parsed.body;
    if (body.state !== 'succeeded' && body.state !== 'failed') return bad("send {state: 'succeeded' | 'failed', failureReason?}");
    if (refund.state !== 'pending') return { status: 409, body: { error: `refund ${refund.id} is ${refund.state}, not pending` } };
    settleRefund(context, refund, body.state, typeof body.failureReason === 'string' ? body.failureReason : undefined);
    return ok(presentRefund(refund));
  }
  if (route === 'GET orders') {
    const upstreamId = request.url.searchParams.get('upstreamId');
    return ok(
      Object.values(store.state.orders)
        .filter((order) => upstreamId === null || order.upstreamId === upstreamId)
        .sort((a, b) => a.createdTime.localeCompare(b.createdTime))
        .map(summarizeOrder),
    );
  }
  return null;
}

/** Takes the first forced fault that matches the call, counting it down. */
export function takeFault(context: DigitalRiverContext, resource: string, method: string): ForcedFault | null {
  const { state } = context.store;
  const index = state.forced.findIndex((fault) => (fault.resource === '*' || fault.resource === resource) && (!fault.method || fault.method === method));
  if (index === -1) return null;
  const fault = state.forced[index];
  fault.remaining -= 1;
  if (fault.remaining <= 0) state.forced.splice(index, 1);
  context.store.save();
  return { ...fault };
}
