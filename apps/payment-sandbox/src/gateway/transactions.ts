import type { SandboxContext } from '../context';
import { SandboxStore, type TransactionRecord, type TransactionStatus } from '../store';
import { settled as localPaymentSettled } from '../local-payments/payments';
import { declineDebit, isBankDebit, settleDebit } from '../bank-debits/settlement';
import type { GatewayCall } from './call';
import { paramsXml } from './params';
import { transactionXml } from './presenters';
import { fieldError, notFound, validationReply, xmlReply, type Reply } from './reply';
import { checkAmount } from './sale';

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
  const refund: TransactionRecord = {
    ...transaction,
    id: SandboxStore.id(),
    type: 'credit',
    status: 'submitted_for_settlement',
    amount,
    orderId: body.string('order_id') ?? transaction.orderId,
    createdAt: now,
    updatedAt: now,
    processorResponseCode: '1002',
    processorResponseText: 'Processed',
    processorResponseType: 'approved',
    processorAuthorizationCode: null,
    gatewayRejectionReason: null,
    threeDSecureInfo: null,
    statusHistory: [{ status: 'submitted_for_settlement', timestamp: now, amount }],
    refundIds: [],
    refundedTransactionId: transaction.id,
  };
  store.state.transactions[refund.id] = refund;
  transaction.refundIds.push(refund.id);
  transaction.updatedAt = now;
  store.save();
  return xmlReply(201, 'transaction', transactionXml(refund, call.context));
}

export type SettleResult = { readonly transaction: TransactionRecord } | { readonly problem: 'not_found' | 'not_submitted' };

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
  setStatus(transaction, 'settled');
  localPaymentSettled(context, transaction);
  context.store.save();
  return { transaction };
}

/**
 * `PUT /transactions/{id}/settlement_confirm` and `settlement_decline` (the SDK's
 * `gateway.testing.settlementConfirm` and `settlementDecline`): a pending bank debit settles or
 * is declined, with the webhook the provider sends.
 */
export function settlementConfirmTransaction(call: GatewayCall): Reply {
  return settleTransaction(call);
}

export function settlementDeclineTransaction(call: GatewayCall): Reply {
  const transaction = found(call);
  if (!transaction) return notFound;
  const result = declineDebit(call.context, transaction.id);
  if ('problem' in result) return validationReply(baseError('91575', 'Cannot simulate transaction settlement.'), paramsXml(call.params));
  return xmlReply(200, 'transaction', transactionXml(result.transaction, call.context));
}

/** `PUT /transactions/{id}/settle`, the endpoint behind the SDK's `gateway.testing.settle`. */
export function settleTransaction(call: GatewayCall): Reply {
  const result = settle(call.context, call.captures.id);
  if ('problem' in result) {
    return result.problem === 'not_found' ? notFound : validationReply(baseError('91575', 'Cannot simulate transaction settlement.'), paramsXml(call.params));
  }
  return xmlReply(200, 'transaction', transactionXml(result.transaction, call.context));
}
