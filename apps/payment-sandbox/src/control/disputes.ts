import type { ServerResponse } from 'node:http';
import type { RouteHandler } from '../context';
import { DISPUTE_REASONS, disputeXml, openDispute } from '../gateway/dispute-records';
import { moveDispute, notifyDispute } from '../gateway/disputes';
import { Params } from '../gateway/params';
import type { DisputeRecord, TransactionStatus } from '../store';

/**
 * Ours: the card issuer's side of disputes under `/__sandbox/disputes` (JSON, no auth: loopback
 * only), which the provider drives from the cardholder's bank. Each change sends its webhook.
 *
 * - POST /__sandbox/disputes {transactionId, reason?, amount?}  → 201 the dispute, open, reply-by 20 days on (dispute_opened)
 * - POST /__sandbox/disputes/{id}/decide {outcome: 'won'|'lost'} → a disputed dispute decided; 'lost' also from open
 *   (a chargeback nobody answered) (dispute_won / dispute_lost)
 * - POST /__sandbox/disputes/{id}/expire                          → an open dispute past its reply-by date (dispute_expired)
 * - GET  /__sandbox/disputes[?transactionId=…], GET /__sandbox/disputes/{id}
 */

function json(response: ServerResponse, status: number, body: unknown): true {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }).end(text);
  return true;
}

/** A dispute as the controls show it (the gateway's fields, flat). */
const disputeJson = (dispute: DisputeRecord) => ({
  id: dispute.id,
  transactionId: dispute.transactionId,
  status: dispute.status,
  reason: dispute.reason,
  amount: dispute.amount,
  currency: dispute.currencyIsoCode,
  receivedDate: dispute.receivedDate,
  replyByDate: dispute.replyByDate,
  evidence: dispute.evidence.map((evidence) => ({ id: evidence.id, comment: evidence.comment, documentUploadId: evidence.documentUploadId, sentToProcessorAt: evidence.sentToProcessorAt })),
  statusHistory: dispute.statusHistory,
  createdAt: dispute.createdAt,
});

/** A chargeback needs money taken: a sale submitted for settlement or past it, not voided nor declined. */
const DISPUTABLE: ReadonlySet<TransactionStatus> = new Set<TransactionStatus>(['submitted_for_settlement', 'settling', 'settled', 'settlement_confirmed', 'settlement_pending']);

export const disputeControlRoutes: RouteHandler = (request, response, context) => {
  const segments = request.url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments[0] !== '__sandbox' || segments[1] !== 'disputes') return false;
  const { state } = context.store;
  const [, , id, action] = segments;
  if (request.method === 'GET' && segments.length === 2) {
    const transactionId = request.url.searchParams.get('transactionId');
    const disputes = Object.values(state.disputes)
      .filter((dispute) => transactionId === null || dispute.transactionId === transactionId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return json(response, 200, disputes.map(disputeJson));
  }
  if (request.method === 'GET' && segments.length === 3) {
    const dispute = state.disputes[id];
    return dispute ? json(response, 200, { ...disputeJson(dispute), gateway: disputeXml(dispute, context) }) : json(response, 404, { error: `no dispute ${id}` });
  }
  if (request.method !== 'POST') return json(response, 405, { error: `${request.method} is not a dispute control` });
  const body = Params.parse(request.body);
  if (!body) return json(response, 400, { error: 'the body is not a JSON object' });
  if (segments.length === 2) {
    const transactionId = body.string('transactionId') ?? '';
    const transaction = state.transactions[transactionId];
    if (!transaction) return json(response, 404, { error: `no transaction ${transactionId}` });
    if (transaction.type !== 'sale' || !DISPUTABLE.has(transaction.status)) {
      return json(response, 409, { error: `transaction ${transactionId} is a ${transaction.type} in status ${transaction.status}: only a sale whose money was taken can be disputed` });
    }
    const opened = openDispute(context, transaction, { reason: body.string('reason'), amount: body.string('amount') });
    if ('problem' in opened) {
      return json(response, 400, { error: opened.problem === 'reason_invalid' ? `reason must be one of ${DISPUTE_REASONS.join(', ')}` : `amount must be a decimal above 0 and at most ${transaction.amount}` });
    }
    notifyDispute(context, opened);
    return json(response, 201, disputeJson(opened));
  }
  const dispute = state.disputes[id];
  if (!dispute) return json(response, 404, { error: `no dispute ${id}` });
  if (segments.length === 4 && action === 'decide') {
    const outcome = body.string('outcome');
    if (outcome !== 'won' && outcome !== 'lost') return json(response, 400, { error: "outcome must be 'won' or 'lost'" });
    const allowed = dispute.status === 'disputed' || (outcome === 'lost' && dispute.status === 'open');
    if (!allowed) return json(response, 409, { error: `dispute ${id} is ${dispute.status}: only a disputed dispute is decided (and an open one lost)` });
    moveDispute(context, dispute, outcome);
    return json(response, 200, disputeJson(dispute));
  }
  if (segments.length === 4 && action === 'expire') {
    if (dispute.status !== 'open') return json(response, 409, { error: `dispute ${id} is ${dispute.status}: only an open dispute expires` });
    moveDispute(context, dispute, 'expired');
    return json(response, 200, disputeJson(dispute));
  }
  return json(response, 404, { error: `the sandbox has no dispute control ${request.method} ${segments.slice(1).join('/')}` });
};
