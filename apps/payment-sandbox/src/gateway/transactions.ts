import type { SandboxContext } from '../context';
import { SandboxStore, type TransactionRecord, type TransactionStatus } from '../store';
import { settled as localPaymentSettled } from '../local-payments/payments';
import { declineDebit, isBankDebit, settleDebit } from '../bank-debits/settlement';
import type { GatewayCall } from './call';
import { paramsXml } from './params';
import { transactionXml } from './presenters';
import { errorReply, fieldError, notFound, validationReply, xmlReply, type Reply } from './reply';
import { checkAmount } from './sale';
import { refundOutcomeForAmount, settlementOutcomeForAmount } from '../test-values';

/** Moves a transaction on, keeping its status history as the gateway does. */
export function setStatus(transaction: TransactionRecord, status: TransactionStatus, now = new Date().toISOString()): void {
  transaction.status = status;
  transaction.updatedAt = now;
  transaction.statusHistory.push({ status, timestamp: now, amount: transaction.amount });
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const fromCents = (value: number) => (value / 100).toFixed(2);

function found(call: GatewayCall): TransactionRecord | null {
  return call.context.store.state.transactions[call.captures.id] ?? null;
}

const baseError = (code: string, message: string) => [fieldError(['transaction'], 'base', code, message)];

export function findTransaction(call: GatewayCall): Reply {
  const transaction = found(call);
  return transaction ? xmlReply(200, 'transaction', transactionXml(transaction, call.context)) : notFound;
}

/** `PUT /transactions/{id}/submit_for_settlement {transaction: {amount?, order_id?}}`. */
export function submitForSettlement(call: GatewayCall): Reply {
  const { store } = call.context;
  const transaction = found(call);
  if (!transaction) return notFound;
  const params = paramsXml(call.params);
  if (transaction.status !== 'authorized') return validationReply(baseError('91507', 'Cannot submit for settlement unless status is authorized.'), params);
  const body = call.params.object('transaction');
  let amount = transaction.amount;
  if (body.has('amount')) {
    const checked = checkAmount(body.string('amount'), ['transaction']);
    if ('error' in checked) return validationReply([checked.error], params);
    if (cents(checked.amount) > cents(transaction.amount)) {
      return validationReply([fieldError(['transaction'], 'amount', '91522', 'Settlement amount cannot be more than the authorized amount.')], params);
    }
    amount = checked.amount;
  }
  // A smaller settlement amount and a late order id replace the authorized ones.
  const updated: TransactionRecord = { ...transaction, amount, orderId: body.string('order_id') ?? transaction.orderId };
  store.state.transactions[updated.id] = updated;
  setStatus(updated, 'submitted_for_settlement');
  store.save();
  return xmlReply(200, 'transaction', transactionXml(updated, call.context));
}

export function voidTransaction(call: GatewayCall): Reply {
  const transaction = found(call);
  if (!transaction) return notFound;
  if (transaction.status !== 'authorized' && transaction.status !== 'submitted_for_settlement') {
    return validationReply(
      baseError('91504', 'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.'),
      paramsXml(call.params),
    );
  }
  setStatus(transaction, 'voided');
  call.context.store.save();
  return xmlReply(200, 'transaction', transactionXml(transaction, call.context));
}

/** What is left to refund: the amount less every refund not voided. */
function refundable(store: SandboxStore, transaction: TransactionRecord): number {
  const refunded = transaction.refundIds
    .map((id) => store.state.transactions[id])
    .filter((refund) => refund && refund.status !== 'voided')
    .reduce((sum, refund) => sum + cents(refund.amount), 0);
  return cents(transaction.amount) - refunded;
}

/** The client's X-ApiVersion (the SDK sends 6); a request without one is served as 6. */
function apiVersionOf(call: GatewayCall): number {
  const header = call.request.headers['x-apiversion'];
  const version = Number(Array.isArray(header) ? header[0] : header);
  return header === undefined || !Number.isFinite(version) ? 6 : version;
}

/** `POST /transactions/{id}/refund {transaction: {amount?, order_id?}}`: a credit against a settled sale. */
export function refundTransaction(call: GatewayCall): Reply {
  const { store } = call.context;
  const transaction = found(call);
  if (!transaction) return notFound;
  const params = paramsXml(call.params);
  if (transaction.type === 'credit') return validationReply(baseError('91505', 'Cannot refund credit'), params);
  if (transaction.status !== 'settled' && transaction.status !== 'settling') {
    return validationReply(baseError('91506', 'Cannot refund transaction unless it is settled.'), params);
  }
  const left = refundable(store, transaction);
  if (left <= 0) return validationReply(baseError('91512', 'Transaction has already been fully refunded.'), params);
  const body = call.params.object('transaction');
  let amount = fromCents(left);
  if (body.has('amount')) {
    const checked = checkAmount(body.string('amount'), ['transaction']);
    if ('error' in checked) return validationReply([checked.error], params);
    if (cents(checked.amount) > left) return validationReply([fieldError(['transaction'], 'amount', '91521', 'Refund amount is too large.')], params);
    amount = checked.amount;
  }
  const now = new Date().toISOString();
  // The issuer may decline a refund's authorization by its amount, as a sale's (a card's only: a
  // bank debit's or a wallet's refund is not authorized by a card issuer).
  const declined = (transaction.paymentInstrument ?? 'CreditCard') === 'CreditCard' && !transaction.bankAccount ? refundOutcomeForAmount(amount) : null;
  // Clients of API versions before 6 (the SDKs before their refund-authorization majors) are told
  // of a declined refund by a validation error instead of a declined credit, as the provider does.
  if (declined && apiVersionOf(call) < 6) {
    const hard = declined.kind === 'processor_declined' && declined.type === 'hard_declined';
    return validationReply(hard ? baseError('915200', 'Failed to refund transaction.') : baseError('915201', 'Failed to refund transaction. Please try again at a later time.'), params);
  }
  const status = declined?.kind === 'processor_declined' ? 'processor_declined' : declined?.kind === 'failed' ? 'failed' : 'submitted_for_settlement';
  const refund: TransactionRecord = {
    ...transaction,
    id: SandboxStore.id(),
    type: 'credit',
    status,
    amount,
    orderId: body.string('order_id') ?? transaction.orderId,
    createdAt: now,
    updatedAt: now,
    processorResponseCode: declined && declined.kind !== 'approved' && declined.kind !== 'gateway_rejected' ? declined.code : '1002',
    processorResponseText: declined && declined.kind !== 'approved' && declined.kind !== 'gateway_rejected' ? declined.text : 'Processed',
    processorResponseType: declined?.kind === 'processor_declined' ? declined.type : declined?.kind === 'failed' ? 'soft_declined' : 'approved',
    processorAuthorizationCode: null,
    gatewayRejectionReason: null,
    threeDSecureInfo: null,
    statusHistory: [{ status, timestamp: now, amount }],
    refundIds: [],
    refundedTransactionId: transaction.id,
  };
  store.state.transactions[refund.id] = refund;
  // A declined refund refunds nothing: the sale keeps it out of its refunds, as what is left to refund.
  if (!declined) transaction.refundIds.push(refund.id);
  transaction.updatedAt = now;
  store.save();
  const xml = transactionXml(refund, call.context);
  if (!declined) return xmlReply(201, 'transaction', xml);
  return errorReply({ message: refund.processorResponseText ?? 'Declined', params, transaction: xml });
}

export type SettleResult = { readonly transaction: TransactionRecord } | { readonly problem: 'not_found' | 'not_submitted' };

/** What settlement does to a submitted sale: settled, or the amount's documented settlement outcome. */
function settledStatus(transaction: TransactionRecord): { status: TransactionStatus; response?: { code: string; text: string } } {
  if (transaction.type !== 'sale') return { status: 'settled' };
  const outcome = settlementOutcomeForAmount(transaction.amount, transaction.paymentInstrument === 'PayPalAccount' ? 'paypal' : 'card');
  return outcome ? { status: outcome.status, response: { code: outcome.code, text: outcome.text } } : { status: 'settled' };
}

/** What `gateway.testing.settle` does on the provider's sandbox: a submitted transaction settles at once. */
export function settle(context: SandboxContext, id: string): SettleResult {
  const transaction = context.store.state.transactions[id];
  if (!transaction) return { problem: 'not_found' };
  // A bank debit settles through its own path, which tells the merchant by webhook as the provider does.
  if (isBankDebit(transaction)) {
    const result = settleDebit(context, id);
    return 'problem' in result ? { problem: 'not_submitted' } : result;
  }
  if (transaction.status !== 'submitted_for_settlement' && transaction.status !== 'settling') return { problem: 'not_submitted' };
  const next = settledStatus(transaction);
  if (next.response) transaction.settlementResponse = next.response;
  setStatus(transaction, next.status);
  if (next.status === 'settled') localPaymentSettled(context, transaction);
  context.store.save();
  return { transaction };
}

/** Statuses a card sale may be moved on from by the testing calls (the provider's: submitted for settlement). */
const SIMULATABLE: ReadonlySet<TransactionStatus> = new Set<TransactionStatus>(['submitted_for_settlement', 'settling', 'settlement_pending']);

const cannotSimulate = (call: GatewayCall) => validationReply(baseError('91575', 'Cannot simulate transaction settlement.'), paramsXml(call.params));

/**
 * `PUT /transactions/{id}/settlement_confirm`, `settlement_decline` and `settlement_pending` (the
 * SDK's `gateway.testing.settlementConfirm`, `settlementDecline` and `settlementPending`). A pending
 * bank debit settles or is declined, with the webhook the provider sends; a submitted card sale
 * becomes settlement_confirmed, settlement_declined or settlement_pending, as on the provider's
 * sandbox. Anything else is its 91575.
 */
function simulate(call: GatewayCall, status: TransactionStatus, response?: { code: string; text: string }): Reply {
  const transaction = found(call);
  if (!transaction) return notFound;
  if (!SIMULATABLE.has(transaction.status) || transaction.status === status) return cannotSimulate(call);
  if (response) transaction.settlementResponse = response;
  setStatus(transaction, status);
  call.context.store.save();
  return xmlReply(200, 'transaction', transactionXml(transaction, call.context));
}

export function settlementConfirmTransaction(call: GatewayCall): Reply {
  const transaction = found(call);
  if (transaction && isBankDebit(transaction)) return settleTransaction(call);
  return simulate(call, 'settlement_confirmed');
}

export function settlementDeclineTransaction(call: GatewayCall): Reply {
  const transaction = found(call);
  if (!transaction) return notFound;
  if (!isBankDebit(transaction)) return simulate(call, 'settlement_declined', { code: '4001', text: 'Settlement Declined' });
  const result = declineDebit(call.context, transaction.id);
  if ('problem' in result) return cannotSimulate(call);
  return xmlReply(200, 'transaction', transactionXml(result.transaction, call.context));
}

export function settlementPendingTransaction(call: GatewayCall): Reply {
  const transaction = found(call);
  if (transaction && isBankDebit(transaction)) return cannotSimulate(call);
  return simulate(call, 'settlement_pending', { code: '4002', text: 'Settlement Pending' });
}

/** `PUT /transactions/{id}/settle`, the endpoint behind the SDK's `gateway.testing.settle`. */
export function settleTransaction(call: GatewayCall): Reply {
  const result = settle(call.context, call.captures.id);
  if ('problem' in result) {
    return result.problem === 'not_found' ? notFound : cannotSimulate(call);
  }
  return xmlReply(200, 'transaction', transactionXml(result.transaction, call.context));
}
