import { paypalId } from '../client-api/paypal';
import { createNonce } from '../client-api/payment-methods';
import { PAYPAL_PLACEHOLDER_CARD } from '../client-api/wallet-nonces';
import type { SandboxContext } from '../context';
import type { LocalPaymentRecord, NonceRecord, TransactionRecord } from '../store';
import { LOCAL_PAYMENT_TYPES, SANDBOX_LOCAL_PAYER_ID } from '../test-values';
import { registerAliasOnApproval } from './blik-aliases';
import { enqueueWebhook } from '../webhooks/deliveries';
import { localPaymentSubject, signedNotification, type WebhookKind } from '../webhooks/notifications';

/**
 * A local payment's life: created by the client API, then approved (on the landing page, or later
 * in the bank's app), canceled, failed or left to expire; once approved it gives one nonce, which
 * pays for one sale. The provider tells the merchant by webhook when it completes, expires, is
 * reversed, or (pay upon invoice) is funded.
 */

export const findLocalPayment = (context: SandboxContext, paymentId: string): LocalPaymentRecord | null =>
  Object.hasOwn(context.store.state.localPayments, paymentId) ? context.store.state.localPayments[paymentId] : null;

export const newPaymentId = () => `PAY-${paypalId(24)}`;
export const newPaymentToken = () => `EC-${paypalId(17)}`;

/** Queues a notification about the payment, built from what it is now. */
export function notifyLocalPayment(context: SandboxContext, kind: WebhookKind, payment: LocalPaymentRecord) {
  return enqueueWebhook(context, kind, payment.paymentId, signedNotification(context.config, kind, localPaymentSubject(context, kind, payment)));
}

function touch(payment: LocalPaymentRecord, status: LocalPaymentRecord['status']): void {
  payment.status = status;
  payment.updatedAt = new Date().toISOString();
}

/** The payment's one nonce, made on first need (the page's tokenization or the completed webhook). */
export function nonceOf(context: SandboxContext, payment: LocalPaymentRecord): NonceRecord {
  const existing = payment.nonce ? context.store.state.nonces[payment.nonce] : undefined;
  if (existing) return existing;
  const record = createNonce(context.store, PAYPAL_PLACEHOLDER_CARD, {
    customerId: payment.customerId,
    kind: 'LocalPayment',
  });
  const withDetails: NonceRecord = { ...record, localPayment: { paymentId: payment.paymentId, payerId: payment.payerId ?? SANDBOX_LOCAL_PAYER_ID, fundingSource: payment.paymentType } };
  context.store.state.nonces[record.nonce] = withDetails;
  payment.nonce = record.nonce;
  return withDetails;
}

export type Transition = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const refuse = (payment: LocalPaymentRecord): Transition => ({ ok: false, reason: `This payment is already ${payment.status}.` });

/** The payer approved: the payment completes (a nonce, and LOCAL_PAYMENT_COMPLETED). */
export function approve(context: SandboxContext, payment: LocalPaymentRecord): Transition {
  if (payment.status !== 'created') return refuse(payment);
  payment.payerId = SANDBOX_LOCAL_PAYER_ID;
  touch(payment, 'approved');
  registerAliasOnApproval(payment);
  nonceOf(context, payment);
  notifyLocalPayment(context, 'local_payment_completed', payment);
  context.store.save();
  return { ok: true };
}

/** The payer canceled, or the bank failed: nothing to tell the merchant beyond the return. */
export function close(context: SandboxContext, payment: LocalPaymentRecord, status: 'canceled' | 'failed'): Transition {
  if (payment.status !== 'created') return refuse(payment);
  touch(payment, status);
  context.store.save();
  return { ok: true };
}

/** Not approved in time: LOCAL_PAYMENT_EXPIRED. */
export function expire(context: SandboxContext, payment: LocalPaymentRecord): Transition {
  if (payment.status !== 'created') return refuse(payment);
  touch(payment, 'expired');
  notifyLocalPayment(context, 'local_payment_expired', payment);
  context.store.save();
  return { ok: true };
}

/**
 * Approved but never sold (or the bank took the money back before the sale): the payment is
 * reversed, its nonce no longer pays, LOCAL_PAYMENT_REVERSED.
 */
export function reverse(context: SandboxContext, payment: LocalPaymentRecord): Transition {
  if (payment.status !== 'approved' && payment.status !== 'tokenized') return { ok: false, reason: `Only an approved payment that was not sold can be reversed; this one is ${payment.status}.` };
  touch(payment, 'reversed');
  if (payment.nonce) delete context.store.state.nonces[payment.nonce];
  notifyLocalPayment(context, 'local_payment_reversed', payment);
  context.store.save();
  return { ok: true };
}

/** A sale paid with the payment's nonce: the payment is sold (the nonce is spent by the sale). */
export function recordSale(context: SandboxContext, paymentId: string, transaction: TransactionRecord): void {
  const payment = findLocalPayment(context, paymentId);
  if (!payment) return;
  payment.transactionId = transaction.id;
  touch(payment, 'sold');
}

/** After settlement, a payment funded later (pay upon invoice) is funded: LOCAL_PAYMENT_FUNDED. */
export function settled(context: SandboxContext, transaction: TransactionRecord): void {
  const details = transaction.localPayment;
  const payment = details ? findLocalPayment(context, details.paymentId) : null;
  if (payment && LOCAL_PAYMENT_TYPES[payment.paymentType]?.fundedLater) notifyLocalPayment(context, 'local_payment_funded', payment);
}

/** Payments still waiting for their payer past the expiry time expire (the dispatcher calls this). */
export function expireOverdue(context: SandboxContext, now: number): void {
  for (const payment of Object.values(context.store.state.localPayments)) {
    if (payment.status === 'created' && Date.parse(payment.createdAt) + context.config.localPaymentExpiryMs <= now) expire(context, payment);
  }
}
