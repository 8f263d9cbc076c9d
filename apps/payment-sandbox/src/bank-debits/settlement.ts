import type { SandboxContext } from '../context';
import type { TransactionRecord } from '../store';
import { ACH_DEFAULT_DECLINE, ACH_DEFAULT_RETURN, bankDebitOutcome, SEPA_DEFAULT_DECLINE, SEPA_DEFAULT_RETURN } from '../test-values';
import { enqueueWebhook } from '../webhooks/deliveries';
import { signedNotification, transactionSubject, type WebhookKind } from '../webhooks/notifications';

/**
 * A bank debit's life after the sale: settlement_pending until its bank answers; then settled
 * (TRANSACTION_SETTLED), or settlement_declined (TRANSACTION_SETTLEMENT_DECLINED). A settled debit
 * can still come back: the payer's bank returns it (ACH return, SEPA refund or reversal) and the
 * provider moves the transaction to settlement_declined and sends TRANSACTION_SETTLEMENT_DECLINED
 * again ("may be triggered after the transaction_settled webhook if the customer's bank returns
 * it", the provider's webhook reference). The bank's reason travels as the processor settlement
 * response code and text.
 */

export type DebitResult = { readonly transaction: TransactionRecord } | { readonly problem: 'not_found' | 'not_a_bank_debit' | 'wrong_status'; readonly message: string };

export const isBankDebit = (transaction: TransactionRecord): boolean => transaction.bankAccount !== undefined && transaction.type === 'sale';

function notify(context: SandboxContext, kind: WebhookKind, transaction: TransactionRecord): void {
  enqueueWebhook(context, kind, transaction.id, signedNotification(context.config, kind, transactionSubject(context, kind, transaction)));
}

function move(transaction: TransactionRecord, status: TransactionRecord['status'], response: { code: string; text: string }, now: string): void {
  transaction.status = status;
  transaction.updatedAt = now;
  transaction.settlementResponse = response;
  // Declined or returned, the bank's answer is a return response the transaction search finds by reason code and date.
  if (status === 'settlement_declined') transaction.bankReturn = { ...response, at: now };
  transaction.statusHistory.push({ status, timestamp: now, amount: transaction.amount });
}

function find(context: SandboxContext, id: string, wanted: TransactionRecord['status']): DebitResult {
  const transaction = Object.hasOwn(context.store.state.transactions, id) ? context.store.state.transactions[id] : undefined;
  if (!transaction) return { problem: 'not_found', message: `no transaction ${id}` };
  if (!isBankDebit(transaction)) return { problem: 'not_a_bank_debit', message: `transaction ${id} is not a SEPA or ACH debit` };
  if (transaction.status !== wanted) return { problem: 'wrong_status', message: `transaction ${id} is ${transaction.status}, not ${wanted}` };
  return { transaction };
}

const defaultsOf = (transaction: TransactionRecord) =>
  transaction.bankAccount?.kind === 'SepaDebitAccount' ? { decline: SEPA_DEFAULT_DECLINE, return: SEPA_DEFAULT_RETURN } : { decline: ACH_DEFAULT_DECLINE, return: ACH_DEFAULT_RETURN };

/** The bank pays: settlement_pending → settled. */
export function settleDebit(context: SandboxContext, id: string, now = new Date().toISOString()): DebitResult {
  const result = find(context, id, 'settlement_pending');
  if ('problem' in result) return result;
  move(result.transaction, 'settled', { code: '4000', text: 'Confirmed' }, now);
  notify(context, 'transaction_settled', result.transaction);
  context.store.save();
  return result;
}

/** The bank refuses at settlement: settlement_pending → settlement_declined, with its reason. */
export function declineDebit(context: SandboxContext, id: string, reason: { code: string; text: string } | null = null, now = new Date().toISOString()): DebitResult {
  const result = find(context, id, 'settlement_pending');
  if ('problem' in result) return result;
  move(result.transaction, 'settlement_declined', reason ?? defaultsOf(result.transaction).decline, now);
  notify(context, 'transaction_settlement_declined', result.transaction);
  context.store.save();
  return result;
}

/** The payer's bank takes a settled debit back: settled → settlement_declined, with the return reason. */
export function returnDebit(context: SandboxContext, id: string, reason: { code: string; text: string } | null = null, now = new Date().toISOString()): DebitResult {
  const result = find(context, id, 'settled');
  if ('problem' in result) return result;
  move(result.transaction, 'settlement_declined', reason ?? defaultsOf(result.transaction).return, now);
  notify(context, 'transaction_settlement_declined', result.transaction);
  context.store.save();
  return result;
}

/** The delay in force for automatic settlement: the control's, else the configuration's (null or 0: off). */
export function settleAfterMsOf(context: SandboxContext): number | null {
  const value = context.store.state.bankDebitSettings.settleAfterMs ?? context.config.bankDebitSettleAfterMs;
  return value && value > 0 ? value : null;
}

const lastChange = (transaction: TransactionRecord) => Date.parse(transaction.statusHistory.at(-1)?.timestamp ?? transaction.updatedAt);

/**
 * Automatic settlement (the dispatcher calls this): a debit waiting longer than the delay does what
 * its test account says; one that settles to be returned is returned the same delay later.
 */
export function settleDueDebits(context: SandboxContext, now: number): void {
  const after = settleAfterMsOf(context);
  if (after === null) return;
  for (const transaction of Object.values(context.store.state.transactions)) {
    if (!transaction.bankAccount || !isBankDebit(transaction) || lastChange(transaction) + after > now) continue;
    const outcome = bankDebitOutcome(transaction.bankAccount);
    const at = new Date(now).toISOString();
    if (transaction.status === 'settlement_pending') {
      if (outcome.settlement === 'declined') declineDebit(context, transaction.id, { code: outcome.code, text: outcome.text }, at);
      else settleDebit(context, transaction.id, at);
    } else if (transaction.status === 'settled' && outcome.settlement === 'returned') {
      returnDebit(context, transaction.id, { code: outcome.code, text: outcome.text }, at);
    }
  }
}
