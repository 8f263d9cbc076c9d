import type { ServerResponse } from 'node:http';
import type { RouteHandler } from '../context';
import { summarize } from '../control/routes';
import { Params } from '../gateway/params';
import { settle } from '../gateway/transactions';
import { declineDebit, isBankDebit, returnDebit, settleAfterMsOf, settleDebit, type DebitResult } from './settlement';

/**
 * Ours: test controls for bank debits under `/__sandbox/` (JSON, no auth, loopback only):
 * `POST /__sandbox/transactions/{id}/settle` (a bank debit settles, with TRANSACTION_SETTLED; a
 * card sale submitted for settlement settles as `gateway.testing.settle` does), `.../fail` (the
 * bank declines a pending debit) and `.../return` (the payer's bank takes a settled debit back),
 * each of the last two with an optional `{code, text}` reason; and `GET|POST
 * /__sandbox/bank-debits/settings {settleAfterMs}` for automatic settlement (0: off).
 */

function json(response: ServerResponse, status: number, body: unknown): true {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }).end(text);
  return true;
}

const STATUS_OF_PROBLEM = { not_found: 404, not_a_bank_debit: 422, wrong_status: 422 } as const;

function answer(response: ServerResponse, result: DebitResult): true {
  return 'problem' in result ? json(response, STATUS_OF_PROBLEM[result.problem], { error: result.message }) : json(response, 200, summarize(result.transaction));
}

/** An optional bank reason from the body: a code of 2 to 6 capitals and digits (R01, AM04, MD06) and its text. */
function reasonOf(request: { body: Buffer }): { code: string; text: string } | null | string {
  if (request.body.length === 0) return null;
  const body = Params.parse(request.body);
  if (!body) return 'the body is not a JSON object';
  const code = body.string('code');
  if (code === null) return null;
  if (!/^[A-Z0-9]{2,6}$/.test(code)) return 'code must be 2 to 6 capital letters and digits (R01, AM04, …)';
  const text = body.string('text') ?? code;
  if (text.length > 100) return 'text must be at most 100 characters';
  return { code, text };
}

export const bankDebitControlRoutes: RouteHandler = (request, response, context) => {
  const segments = request.url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (segments[0] !== '__sandbox') return false;
  const route = `${request.method} ${segments.slice(1).join('/')}`;
  if (route === 'GET bank-debits/settings') return json(response, 200, { settleAfterMs: settleAfterMsOf(context) });
  if (route === 'POST bank-debits/settings') {
    const body = Params.parse(request.body);
    const value = body?.raw.settleAfterMs;
    if (!body || !(value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0))) {
      return json(response, 400, { error: 'settleAfterMs must be a whole number of milliseconds (0: off) or null (the configured value)' });
    }
    context.store.state.bankDebitSettings.settleAfterMs = value;
    context.store.save();
    return json(response, 200, { settleAfterMs: settleAfterMsOf(context) });
  }
  if (request.method !== 'POST' || segments.length !== 4 || segments[1] !== 'transactions') return false;
  const [, , id, action] = segments;
  const transaction = Object.hasOwn(context.store.state.transactions, id) ? context.store.state.transactions[id] : undefined;
  if (action === 'settle') {
    if (transaction && !isBankDebit(transaction)) {
      const result = settle(context, id);
      return 'problem' in result ? json(response, 422, { error: 'only a transaction submitted for settlement can settle' }) : json(response, 200, summarize(result.transaction));
    }
    return answer(response, settleDebit(context, id));
  }
  if (action !== 'fail' && action !== 'return') return false;
  const reason = reasonOf(request);
  if (typeof reason === 'string') return json(response, 400, { error: reason });
  return answer(response, action === 'fail' ? declineDebit(context, id, reason) : returnDebit(context, id, reason));
};
