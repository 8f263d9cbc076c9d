import type { ServerResponse } from 'node:http';
import type { RouteHandler, SandboxContext } from '../context';
import { Params } from '../gateway/params';
import { settle } from '../gateway/transactions';
import { isCard } from '../gateway/vault';
import type { TransactionRecord } from '../store';
import { PROCESSOR_RESPONSES, type SaleOutcome } from '../test-values';

/**
 * Ours: the sandbox's own test controls under `/__sandbox/`, JSON in and out, with no auth (the
 * sandbox listens on loopback only). The provider has no such endpoints; `settle` stands for its
 * `gateway.testing.settle`, which the gateway routes also answer.
 */

function json(response: ServerResponse, status: number, body: unknown): true {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }).end(text);
  return true;
}

export interface TransactionSummary {
  readonly id: string;
  readonly status: string;
  readonly type: string;
  readonly amount: string;
  readonly currency: string;
  readonly orderId: string | null;
  readonly customerId: string | null;
  readonly paymentMethodToken: string | null;
  readonly refundedTransactionId: string | null;
  readonly createdAt: string;
}

export const summarize = (transaction: TransactionRecord): TransactionSummary => ({
  id: transaction.id,
  status: transaction.status,
  type: transaction.type,
  amount: transaction.amount,
  currency: transaction.currencyIsoCode,
  orderId: transaction.orderId,
  customerId: transaction.customerId,
  paymentMethodToken: transaction.paymentMethodToken,
  refundedTransactionId: transaction.refundedTransactionId,
  createdAt: transaction.createdAt,
});

type RejectionReason = Extract<SaleOutcome, { kind: 'gateway_rejected' }>['reason'];
const REJECTION_REASONS: ReadonlySet<string> = new Set<RejectionReason>(['cvv', 'avs', 'avs_and_cvv', 'fraud', 'three_d_secure', 'risk_threshold']);
const isRejectionReason = (reason: string): reason is RejectionReason => REJECTION_REASONS.has(reason);

/**
 * A forced outcome from JSON. A decline may name only its code (`{kind: "processor_declined",
 * code: "2001"}`); the text and type come from the processor response table.
 */
export function parseSaleOutcome(params: Params): SaleOutcome | string {
  const kind = params.string('kind');
  switch (kind) {
    case 'approved':
      return { kind };
    case 'processor_declined': {
      const code = params.string('code') ?? '2000';
      const known = PROCESSOR_RESPONSES[code];
      const type = params.string('type') ?? known?.type ?? 'soft_declined';
      if (type !== 'soft_declined' && type !== 'hard_declined') return `unknown decline type ${type}`;
      return { kind, code, text: params.string('text') ?? known?.text ?? 'Processor Declined', type };
    }
    case 'failed':
      return { kind, code: params.string('code') ?? '3000', text: params.string('text') ?? 'Processor Network Unavailable - Try Again' };
    case 'gateway_rejected': {
      const reason = params.string('reason') ?? 'fraud';
      if (!isRejectionReason(reason)) return `unknown gateway rejection reason ${reason}`;
      return { kind, reason };
    }
    default:
      return `unknown sale outcome kind ${String(kind)}`;
  }
}

/** What a failed removal may answer: the provider's server error, or its being down. */
const REMOVAL_FAILURES: ReadonlySet<number> = new Set([500, 503]);

function force(body: Params, context: SandboxContext, response: ServerResponse): true {
  const forced = context.store.state.forced;
  // `card` narrows a forced sale to that card number, so a test sharing the sandbox forces only its own sale.
  const card = body.raw.card;
  if (card !== undefined && (typeof card !== 'string' || !/^\d{12,19}$/.test(card))) return json(response, 400, { error: 'card must be a card number' });
  if (Object.hasOwn(body.raw, 'sale')) {
    if (body.raw.sale === null) {
      if (card === undefined) forced.nextSale = null;
      else delete forced.nextSaleOfCard[card];
    } else {
      const outcome = parseSaleOutcome(body.object('sale'));
      if (typeof outcome === 'string') return json(response, 400, { error: outcome });
      if (card === undefined) forced.nextSale = outcome;
      else forced.nextSaleOfCard[card] = outcome;
    }
  }
  if (Object.hasOwn(body.raw, 'removal')) {
    const removal = body.raw.removal as { token?: unknown; status?: unknown } | null;
    if (!removal || typeof removal.token !== 'string' || !REMOVAL_FAILURES.has(Number(removal.status))) {
      return json(response, 400, { error: 'removal must be {token, status: 500 or 503}' });
    }
    forced.nextRemovalStatus[removal.token] = Number(removal.status);
  }
  if (Object.hasOwn(body.raw, 'delayMs')) {
    const delay = Number(body.raw.delayMs ?? 0);
    if (!Number.isFinite(delay) || delay < 0) return json(response, 400, { error: 'delayMs must be a number of milliseconds' });
    forced.nextSaleDelayMs = delay;
  }
  context.store.save();
  return json(response, 200, { forced });
}

/** What braintree-web's preferred-payment-methods query answers from now on: `{paypalPreferred?, venmoPreferred?}`. */
function preferred(body: Params | null, context: SandboxContext, response: ServerResponse): true {
  if (!body) return json(response, 400, { error: 'the body is not a JSON object' });
  const next = { ...context.store.state.preferred };
  for (const key of ['paypalPreferred', 'venmoPreferred'] as const) {
    if (!Object.hasOwn(body.raw, key)) continue;
    if (typeof body.raw[key] !== 'boolean') return json(response, 400, { error: `${key} must be true or false` });
    next[key] = body.raw[key];
  }
  context.store.state.preferred = next;
  context.store.save();
  return json(response, 200, next);
}

export const controlRoutes: RouteHandler = (request, response, context) => {
  const segments = request.url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments[0] !== '__sandbox') return false;
  const route = `${request.method} ${segments.slice(1).join('/')}`;
  const { store } = context;

  if (route === 'GET health') return json(response, 200, { ok: true });
  if (route === 'POST reset') {
    store.reset();
    return json(response, 200, { ok: true });
  }
  if (route === 'POST force') {
    const body = Params.parse(request.body);
    return body ? force(body, context, response) : json(response, 400, { error: 'the body is not a JSON object' });
  }
  if (route === 'GET preferred') return json(response, 200, store.state.preferred);
  if (route === 'POST preferred') return preferred(Params.parse(request.body), context, response);
  if (route === 'GET transactions') {
    const orderId = request.url.searchParams.get('order_id');
    const transactions = Object.values(store.state.transactions)
      .filter((transaction) => orderId === null || transaction.orderId === orderId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map(summarize);
    return json(response, 200, transactions);
  }
  if (request.method === 'PUT' && segments.length === 4 && segments[1] === 'transactions' && segments[3] === 'settle') {
    const result = settle(context, segments[2]);
    if ('problem' in result) {
      return result.problem === 'not_found'
        ? json(response, 404, { error: `no transaction ${segments[2]}` })
        : json(response, 422, { error: 'only a transaction submitted for settlement can settle' });
    }
    return json(response, 200, summarize(result.transaction));
  }
  if (request.method === 'POST' && segments.length === 4 && segments[1] === 'payment-methods' && segments[3] === 'expire') {
    const method = store.state.paymentMethods[segments[2]];
    if (!method) return json(response, 404, { error: `no payment method ${segments[2]}` });
    if (!isCard(method)) return json(response, 422, { error: `payment method ${method.token} is a ${method.bankAccount ? 'bank account' : 'PayPal account'}, which has no expiry date` });
    method.card = { ...method.card, expirationMonth: '01', expirationYear: '2020' };
    method.updatedAt = new Date().toISOString();
    store.save();
    return json(response, 200, { token: method.token, expirationMonth: '01', expirationYear: '2020' });
  }
  if (request.method === 'POST' && segments.length === 4 && segments[1] === 'payment-methods' && segments[3] === 'revoke-consent') {
    // The payer withdraws a saved PayPal account's pre-approved payments at PayPal: its sales answer 2071.
    // Named by its token, or by a nonce of it (a test reads those from the vault manager's list).
    const byNonce = store.state.nonces[segments[2]]?.paymentMethodToken;
    const method = store.state.paymentMethods[segments[2]] ?? (byNonce ? store.state.paymentMethods[byNonce] : undefined);
    if (!method) return json(response, 404, { error: `no payment method ${segments[2]}` });
    if (!method.paypal) return json(response, 422, { error: `payment method ${method.token} is not a PayPal account` });
    method.paypalConsentRevoked = true;
    method.updatedAt = new Date().toISOString();
    store.save();
    return json(response, 200, { token: method.token, consentRevoked: true });
  }
  // Other /__sandbox/ paths may belong to the browser half (its scripts and pages).
  return false;
};
