import { createHash, createHmac } from 'node:crypto';
import type { SandboxConfig, SandboxContext } from '../context';
import { transactionXml } from '../gateway/presenters';
import { datetime, XmlList, xmlDocument, type XmlObject } from '../gateway/xml';
import { aliasesOf } from '../local-payments/blik-aliases';
import type { DisputeRecord, LocalPaymentRecord, TransactionRecord } from '../store';
import { disputesOf, disputeXml, openDispute } from '../gateway/dispute-records';

/**
 * Webhook notifications signed as the provider signs them (the server SDK's webhook testing and
 * notification gateways): bt_payload is the base64 of `<notification>` XML, with a trailing
 * newline; bt_signature is `<public key>|<hex HMAC-SHA1 of the payload, keyed with SHA-1 of the
 * private key>`. The SDK's `webhookNotification.parse` checks exactly that.
 */

export interface SignedNotification {
  readonly btSignature: string;
  readonly btPayload: string;
}

/** The kinds the sandbox sends (the SDK's WebhookNotification.Kind values). */
export const WEBHOOK_KINDS = [
  'local_payment_completed',
  'local_payment_expired',
  'local_payment_reversed',
  'local_payment_funded',
  'transaction_settled',
  'transaction_settlement_declined',
  'dispute_opened',
  'dispute_accepted',
  'dispute_disputed',
  'dispute_won',
  'dispute_lost',
  'dispute_expired',
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const isWebhookKind = (value: unknown): value is WebhookKind => (WEBHOOK_KINDS as readonly unknown[]).includes(value);

/** The SDK's Digest.Sha1hexdigest: HMAC-SHA1 keyed with the SHA-1 digest of the private key. */
export function signPayload(config: Pick<SandboxConfig, 'publicKey' | 'privateKey'>, payload: string): string {
  const key = createHash('sha1').update(config.privateKey).digest();
  return `${config.publicKey}|${createHmac('sha1', key).update(payload, 'binary').digest('hex')}`;
}

export function signedNotification(config: SandboxConfig, kind: WebhookKind, subject: XmlObject, now = new Date()): SignedNotification {
  const xml = xmlDocument('notification', { timestamp: datetime(now), kind, subject });
  const btPayload = `${Buffer.from(xml, 'utf8').toString('base64')}\n`;
  return { btPayload, btSignature: signPayload(config, btPayload) };
}

const transactionOf = (context: SandboxContext, payment: LocalPaymentRecord): TransactionRecord | null =>
  payment.transactionId ? (context.store.state.transactions[payment.transactionId] ?? null) : null;

/**
 * The subject of a local payment notification, as the SDK reads it: LocalPaymentCompleted under
 * `local-payment` (payment id, payer id, the nonce to sell with, the transaction once there is
 * one), the others under `local-payment-expired`, `-reversed` and `-funded`.
 */
export function localPaymentSubject(context: SandboxContext, kind: WebhookKind, payment: LocalPaymentRecord): XmlObject {
  const transaction = transactionOf(context, payment);
  const transactionXmlOrNothing = transaction ? transactionXml(transaction, context) : undefined;
  switch (kind) {
    case 'local_payment_completed':
      return {
        localPayment: {
          paymentId: payment.paymentId,
          payerId: payment.payerId,
          payerName: `${payment.givenName} ${payment.surname}`,
          // The provider's bank-transfer methods name the payer's bank; the sandbox's methods have none.
          bic: null,
          ibanLastChars: null,
          paymentMethodNonce: payment.nonce,
          transaction: transactionXmlOrNothing,
          // As the provider's BlikAlias: present only when a BLIK one-click first use registered one.
          blikAliases: aliasesOf(payment).length > 0 ? new XmlList('blikAlias', aliasesOf(payment).map((alias) => ({ key: alias.key, label: alias.label }))) : undefined,
        },
      };
    case 'local_payment_expired':
      // Ours: the payment context id is the payment's token (the provider's is an opaque id).
      return { localPaymentExpired: { paymentId: payment.paymentId, paymentContextId: payment.token } };
    case 'local_payment_reversed':
      return { localPaymentReversed: { paymentId: payment.paymentId } };
    case 'local_payment_funded':
      return { localPaymentFunded: { paymentId: payment.paymentId, paymentContextId: payment.token, transaction: transactionXmlOrNothing } };
    default:
      throw new Error(`${kind} is not about a local payment`);
  }
}

/** The subject of a dispute notification: the dispute as `dispute.find` answers it. */
export function disputeSubject(context: SandboxContext, dispute: DisputeRecord): XmlObject {
  return { dispute: disputeXml(dispute, context) };
}

/**
 * The subject of a transaction notification: the transaction as `transaction.find` answers it. A
 * `dispute_opened` about a transaction names its latest open dispute, opening one (reason fraud,
 * the whole amount) when it has none, so a repeated notification names the same dispute.
 */
export function transactionSubject(context: SandboxContext, kind: WebhookKind, transaction: TransactionRecord, now = new Date()): XmlObject {
  switch (kind) {
    case 'transaction_settled':
      return { transaction: { ...transactionXml(transaction, context), status: 'settled' } };
    case 'transaction_settlement_declined':
      return { transaction: { ...transactionXml(transaction, context), status: 'settlement_declined' } };
    case 'dispute_opened': {
      const open = disputesOf(context, transaction.id).filter((dispute) => dispute.status === 'open').at(-1);
      const dispute = open ?? openDispute(context, transaction, {}, now);
      if ('problem' in dispute) throw new Error(`cannot open a dispute on ${transaction.id}: ${dispute.problem}`);
      return disputeSubject(context, dispute);
    }
    default:
      throw new Error(`${kind} is not about a transaction`);
  }
}
