import type { SandboxContext } from '../context';
import { SandboxStore, type DisputeEvidenceRecord, type DisputeRecord, type DisputeStatus, type TransactionRecord } from '../store';
import { datetime, XmlList, type XmlObject } from './xml';

/**
 * Disputes (chargebacks) as the provider keeps them, and their lifecycle: opened by the cardholder's
 * bank (here, the control route), then accepted by the merchant, or contested (finalized: disputed)
 * and decided won or lost, or left unanswered past the reply-by date (expired). Only an open dispute
 * takes the merchant's actions.
 */

/** The provider's reasons (the SDK's Dispute.Reason values). */
export const DISPUTE_REASONS = [
  'cancelled_recurring_transaction',
  'credit_not_processed',
  'duplicate',
  'fraud',
  'general',
  'invalid_account',
  'not_recognized',
  'product_not_received',
  'product_unsatisfactory',
  'retrieval',
  'transaction_amount_differs',
] as const;

/** The cardholder's bank gives the merchant this long to answer (the provider's usual reply-by window). */
export const REPLY_DAYS = 20;

const day = (date: Date) => date.toISOString().slice(0, 10);
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The disputes of one sale, oldest first. */
export function disputesOf(context: SandboxContext, transactionId: string): DisputeRecord[] {
  return Object.values(context.store.state.disputes)
    .filter((dispute) => dispute.transactionId === transactionId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export type OpenProblem = 'amount_invalid' | 'reason_invalid';

/** Records a new open dispute on the sale (the caller sends the notification). */
export function openDispute(
  context: SandboxContext,
  transaction: TransactionRecord,
  options: { readonly reason?: string | null; readonly amount?: string | null } = {},
  now = new Date(),
): DisputeRecord | { readonly problem: OpenProblem } {
  const reason = options.reason ?? 'fraud';
  if (!(DISPUTE_REASONS as readonly string[]).includes(reason)) return { problem: 'reason_invalid' };
  const amount = options.amount ?? transaction.amount;
  if (!/^\d+(\.\d{1,2})?$/.test(amount) || cents(amount) <= 0 || cents(amount) > cents(transaction.amount)) return { problem: 'amount_invalid' };
  const timestamp = now.toISOString();
  const dispute: DisputeRecord = {
    id: `dp_${SandboxStore.id(12)}`,
    transactionId: transaction.id,
    amount: (cents(amount) / 100).toFixed(2),
    currencyIsoCode: transaction.currencyIsoCode,
    merchantAccountId: transaction.merchantAccountId,
    reason,
    kind: 'chargeback',
    status: 'open',
    caseNumber: `CB${SandboxStore.id(10).toUpperCase()}`,
    referenceNumber: SandboxStore.id(12).toUpperCase(),
    receivedDate: day(now),
    replyByDate: day(new Date(now.getTime() + REPLY_DAYS * 86_400_000)),
    dateWon: null,
    createdAt: timestamp,
    updatedAt: timestamp,
    evidence: [],
    statusHistory: [{ status: 'open', timestamp, effectiveDate: day(now) }],
  };
  context.store.state.disputes[dispute.id] = dispute;
  context.store.save();
  return dispute;
}

/** Moves a dispute on, keeping its status history as the provider does. */
export function setDisputeStatus(context: SandboxContext, dispute: DisputeRecord, status: DisputeStatus, now = new Date()): void {
  const timestamp = now.toISOString();
  dispute.status = status;
  dispute.updatedAt = timestamp;
  dispute.statusHistory.push({ status, timestamp, effectiveDate: day(now) });
  if (status === 'won') dispute.dateWon = day(now);
  if (status === 'disputed') for (const evidence of dispute.evidence) evidence.sentToProcessorAt ??= timestamp;
  context.store.save();
}

/** Where an uploaded document can be read back; ours: under the sandbox's own address, so nothing leaves the machine. */
const documentUrl = (id: string) => `/__sandbox/document-uploads/${id}`;

/** One piece of evidence as the gateway lists it (and answers it when added). */
export function evidenceXml(evidence: DisputeEvidenceRecord): XmlObject {
  return {
    id: evidence.id,
    comment: evidence.comment,
    url: evidence.documentUploadId ? documentUrl(evidence.documentUploadId) : null,
    category: evidence.category,
    sequenceNumber: evidence.sequenceNumber,
    createdAt: datetime(evidence.createdAt),
    sentToProcessorAt: evidence.sentToProcessorAt ? evidence.sentToProcessorAt.slice(0, 10) : null,
  };
}

/** A dispute as the gateway answers it (`dispute.find`, the notifications, a transaction's `disputes`). */
export function disputeXml(dispute: DisputeRecord, context: SandboxContext): XmlObject {
  const transaction = context.store.state.transactions[dispute.transactionId];
  return {
    id: dispute.id,
    amount: dispute.amount,
    amountDisputed: dispute.amount,
    amountWon: dispute.status === 'won' ? dispute.amount : '0.00',
    caseNumber: dispute.caseNumber,
    chargebackProtectionLevel: 'not_protected',
    createdAt: datetime(dispute.createdAt),
    currencyIsoCode: dispute.currencyIsoCode,
    dateOpened: dispute.receivedDate,
    dateWon: dispute.dateWon,
    kind: dispute.kind,
    merchantAccountId: dispute.merchantAccountId,
    originalDisputeId: null,
    preDisputeProgram: 'none',
    processorComments: null,
    reason: dispute.reason,
    reasonCode: null,
    reasonDescription: null,
    receivedDate: dispute.receivedDate,
    referenceNumber: dispute.referenceNumber,
    replyByDate: dispute.replyByDate,
    status: dispute.status,
    updatedAt: datetime(dispute.updatedAt),
    evidence: new XmlList('evidence', dispute.evidence.map(evidenceXml)),
    statusHistory: new XmlList(
      'status-history',
      dispute.statusHistory.map((entry) => ({ status: entry.status, timestamp: datetime(entry.timestamp), effectiveDate: entry.effectiveDate, disbursementDate: null })),
    ),
    transaction: {
      id: dispute.transactionId,
      amount: transaction?.amount ?? dispute.amount,
      createdAt: transaction ? datetime(transaction.createdAt) : null,
      orderId: transaction?.orderId ?? null,
      purchaseOrderNumber: null,
      paymentInstrumentSubtype: transaction?.card.cardType ?? null,
    },
  };
}
