import type { ServerResponse } from 'node:http';
import type { RouteHandler, SandboxContext } from '../context';
import { Params } from '../gateway/params';
import { approve, expire, findLocalPayment, notifyLocalPayment, reverse, type Transition } from '../local-payments/payments';
import type { LocalPaymentRecord, WebhookDeliveryRecord } from '../store';
import { disputesOf } from '../gateway/dispute-records';
import { notifyDispute } from '../gateway/disputes';
import { enqueueWebhook, webhookUrlOf } from './deliveries';
import { isWebhookKind, signedNotification, transactionSubject, WEBHOOK_KINDS } from './notifications';

/**
 * Ours: the sandbox's controls for local payments and webhooks under `/__sandbox/` (JSON, no auth:
 * loopback only). They let a test act as the payer in their bank's app, and make the deliveries
 * misbehave as a real network may: held, delayed, lost (then retried), sent twice, replayed, or
 * sent on demand.
 */

function json(response: ServerResponse, status: number, body: unknown): true {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }).end(text);
  return true;
}

/** A delivery as the list shows it; `full` adds the signed form fields, to post them oneself. */
const deliveryJson = (delivery: WebhookDeliveryRecord, full = false) => ({
  id: delivery.id,
  kind: delivery.kind,
  subjectId: delivery.subjectId,
  status: delivery.status,
  createdAt: delivery.createdAt,
  dueAt: delivery.dueAt,
  extraCopies: delivery.extraCopies,
  attempts: delivery.attempts,
  ...(full ? { bt_signature: delivery.btSignature, bt_payload: delivery.btPayload } : {}),
});

const paymentJson = (payment: LocalPaymentRecord) => ({
  paymentId: payment.paymentId,
  token: payment.token,
  paymentType: payment.paymentType,
  deferred: payment.deferred,
  amount: payment.amount,
  currency: payment.currency,
  merchantAccountId: payment.merchantAccountId,
  status: payment.status,
  payerId: payment.payerId,
  nonce: payment.nonce,
  transactionId: payment.transactionId,
  createdAt: payment.createdAt,
  /** The landing page, on any of the sandbox's hosts: for the deferred types, the payer's bank app. */
  landingPath: `/__sandbox/lpm/${payment.paymentId}`,
});

function settings(body: Params | null, context: SandboxContext, response: ServerResponse): true {
  if (!body) return json(response, 400, { error: 'the body is not a JSON object' });
  const next = { ...context.store.state.webhookSettings };
  const raw = body.raw;
  if (Object.hasOwn(raw, 'url')) {
    if (raw.url !== null && (typeof raw.url !== 'string' || !/^https?:\/\//.test(raw.url))) return json(response, 400, { error: 'url must be an http(s) URL or null' });
    next.url = raw.url as string | null;
  }
  if (Object.hasOwn(raw, 'held')) {
    if (typeof raw.held !== 'boolean') return json(response, 400, { error: 'held must be true or false' });
    next.held = raw.held;
  }
  for (const key of ['delayNextMs', 'duplicateNext', 'dropNext'] as const) {
    if (!Object.hasOwn(raw, key)) continue;
    const value = raw[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return json(response, 400, { error: `${key} must be a whole number, 0 or more` });
    next[key] = value;
  }
  context.store.state.webhookSettings = next;
  context.store.save();
  return json(response, 200, { ...next, effectiveUrl: webhookUrlOf(context) });
}

/** POST webhooks/send {kind, id}: a notification of that kind about a local payment (by payment id), a transaction or a dispute. */
function send(body: Params | null, context: SandboxContext, response: ServerResponse): true {
  const kind = body?.raw.kind;
  const id = body?.string('id') ?? '';
  if (!isWebhookKind(kind)) return json(response, 400, { error: `kind must be one of ${WEBHOOK_KINDS.join(', ')}` });
  if (kind.startsWith('local_payment_')) {
    const payment = findLocalPayment(context, id);
    if (!payment) return json(response, 404, { error: `no local payment ${id}` });
    // What the provider could not say yet: a completion before the payer approved, funds before a sale.
    if (kind === 'local_payment_completed' && payment.payerId === null) return json(response, 409, { error: `local payment ${id} is not approved` });
    if (kind === 'local_payment_funded' && payment.transactionId === null) return json(response, 409, { error: `local payment ${id} has no sale` });
    return json(response, 201, deliveryJson(notifyLocalPayment(context, kind, payment), true));
  }
  if (kind.startsWith('dispute_')) {
    // A dispute's notification names the dispute (by its id, or the sale's latest); a dispute_opened
    // about a sale with none opens one, as before disputes were kept.
    const dispute = context.store.state.disputes[id] ?? (kind === 'dispute_opened' ? undefined : disputesOf(context, id).at(-1));
    if (dispute) return json(response, 201, deliveryJson(notifyDispute(context, dispute, kind), true));
    if (kind !== 'dispute_opened') return json(response, 404, { error: `no dispute ${id}, nor a transaction with one` });
  }
  const transaction = context.store.state.transactions[id];
  if (!transaction) return json(response, 404, { error: `no transaction ${id}` });
  const delivery = enqueueWebhook(context, kind, id, signedNotification(context.config, kind, transactionSubject(context, kind, transaction)));
  return json(response, 201, deliveryJson(delivery, true));
}

const TRANSITIONS: Readonly<Record<string, (context: SandboxContext, payment: LocalPaymentRecord) => Transition>> = { approve, expire, reverse };

export const webhookControlRoutes: RouteHandler = (request, response, context) => {
  const segments = request.url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments[0] !== '__sandbox' || (segments[1] !== 'webhooks' && segments[1] !== 'local-payments')) return false;
  const route = `${request.method} ${segments.slice(1).join('/')}`;
  const { state } = context.store;
  if (route === 'GET webhooks') {
    const deliveries = Object.values(state.webhooks).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return json(response, 200, { url: webhookUrlOf(context), settings: state.webhookSettings, deliveries: deliveries.map((delivery) => deliveryJson(delivery)) });
  }
  if (route === 'POST webhooks/settings') return settings(Params.parse(request.body), context, response);
  if (route === 'POST webhooks/send') return send(Params.parse(request.body), context, response);
  if (route === 'GET local-payments') return json(response, 200, Object.values(state.localPayments).map(paymentJson));
  const id = segments[2] ?? '';
  if (segments[1] === 'webhooks' && segments.length === 3 && request.method === 'GET') {
    const delivery = state.webhooks[id];
    return delivery ? json(response, 200, deliveryJson(delivery, true)) : json(response, 404, { error: `no webhook delivery ${id}` });
  }
  if (segments[1] === 'webhooks' && segments.length === 4 && segments[3] === 'replay' && request.method === 'POST') {
    // The same signed payload again, due now: a replay is a duplicate the store must take calmly.
    const delivery = state.webhooks[id];
    if (!delivery) return json(response, 404, { error: `no webhook delivery ${id}` });
    delivery.status = 'pending';
    delivery.dueAt = new Date().toISOString();
    context.store.save();
    return json(response, 200, deliveryJson(delivery));
  }
  if (segments[1] === 'local-payments' && segments.length === 3 && request.method === 'GET') {
    const payment = findLocalPayment(context, id);
    return payment ? json(response, 200, paymentJson(payment)) : json(response, 404, { error: `no local payment ${id}` });
  }
  const transition = segments[1] === 'local-payments' && segments.length === 4 && request.method === 'POST' && Object.hasOwn(TRANSITIONS, segments[3]) ? TRANSITIONS[segments[3]] : undefined;
  if (transition) {
    const payment = findLocalPayment(context, id);
    if (!payment) return json(response, 404, { error: `no local payment ${id}` });
    const result = transition(context, payment);
    return result.ok ? json(response, 200, paymentJson(payment)) : json(response, 409, { error: result.reason });
  }
  return json(response, 404, { error: `the sandbox has no control ${route}` });
};
