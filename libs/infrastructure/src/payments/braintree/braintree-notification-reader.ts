import type { NotificationRefusal, ProviderNotificationReader, SignedNotification } from '@store/application';
import { CARD_GATEWAY, err, ok, type NotificationSubject, type NotifiedBlikAlias, type NotifiedTransaction, type ProviderNotification, type ProviderNotificationKind, type Result } from '@store/domain';
import type braintree from 'braintree';
import { createHash } from 'node:crypto';

/** The provider's kinds the store has a name for; every other one is 'other' (kept, ignored). */
const KINDS: Readonly<Record<string, ProviderNotificationKind>> = {
  check: 'check',
  local_payment_completed: 'local-payment-completed',
  local_payment_expired: 'local-payment-expired',
  local_payment_reversed: 'local-payment-reversed',
  local_payment_funded: 'local-payment-funded',
  transaction_settled: 'transaction-settled',
  transaction_settlement_declined: 'transaction-settlement-declined',
  dispute_opened: 'dispute-opened',
  dispute_won: 'dispute-won',
  dispute_lost: 'dispute-lost',
  dispute_accepted: 'dispute-accepted',
  dispute_disputed: 'dispute-disputed',
  dispute_expired: 'dispute-expired',
};

type SdkTransaction = { id?: string; status?: string; amount?: string; currencyIsoCode?: string; orderId?: string | null };
type SdkLocalPayment = { paymentId?: string; payerId?: string; paymentMethodNonce?: string; transaction?: SdkTransaction; blikAliases?: unknown };
type SdkDispute = { id?: string; status?: string; reason?: string; amount?: string; currencyIsoCode?: string; replyByDate?: string; transaction?: { id?: string } };
type SdkNotification = {
  kind?: string;
  timestamp?: string;
  localPaymentCompleted?: SdkLocalPayment;
  localPaymentExpired?: SdkLocalPayment;
  localPaymentReversed?: SdkLocalPayment;
  localPaymentFunded?: SdkLocalPayment;
  transaction?: SdkTransaction;
  dispute?: SdkDispute;
};

/** Thrown while mapping a notification that parsed but lacks what its kind must carry. */
class Unreadable extends Error {}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);
const required = (value: unknown, what: string): string => {
  const found = text(value);
  if (!found) throw new Unreadable(`the notification has no ${what}`);
  return found;
};

function transactionOf(sdk: SdkTransaction): NotifiedTransaction {
  return {
    id: required(sdk.id, 'transaction id'),
    status: required(sdk.status, 'transaction status'),
    amount: text(sdk.amount),
    currency: text(sdk.currencyIsoCode),
    orderId: text(sdk.orderId),
  };
}

/**
 * The provider's `blik-aliases` (its BlikAlias: key and label), which the SDK sets on the object
 * as it finds them. An alias without a key cannot pay, so it is left out rather than refusing the
 * whole notification; ours: a missing label reads as the key.
 */
function blikAliasesOf(value: unknown): NotifiedBlikAlias[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((alias: unknown) => {
    const { key, label } = (alias ?? {}) as { key?: unknown; label?: unknown };
    const aliasKey = text(key);
    return aliasKey ? [{ key: aliasKey, label: text(label) ?? aliasKey }] : [];
  });
}

function localPaymentOf(sdk: SdkLocalPayment | undefined): NotificationSubject {
  if (!sdk) throw new Unreadable('the notification has no local payment');
  const aliases = blikAliasesOf(sdk.blikAliases);
  return {
    type: 'local-payment',
    paymentId: required(sdk.paymentId, 'payment id'),
    payerId: text(sdk.payerId),
    paymentMethodNonce: text(sdk.paymentMethodNonce),
    transaction: sdk.transaction ? transactionOf(sdk.transaction) : null,
    // Left out when there are none, as the subject of every other local payment has always been.
    ...(aliases.length > 0 ? { blikAliases: aliases } : {}),
  };
}

function subjectOf(kind: ProviderNotificationKind, sdk: SdkNotification): NotificationSubject {
  switch (kind) {
    case 'check':
      return { type: 'check' };
    case 'local-payment-completed':
      return localPaymentOf(sdk.localPaymentCompleted);
    case 'local-payment-expired':
      return localPaymentOf(sdk.localPaymentExpired);
    case 'local-payment-reversed':
      return localPaymentOf(sdk.localPaymentReversed);
    case 'local-payment-funded':
      return localPaymentOf(sdk.localPaymentFunded);
    case 'transaction-settled':
    case 'transaction-settlement-declined':
      if (!sdk.transaction) throw new Unreadable('the notification has no transaction');
      return { type: 'transaction', ...transactionOf(sdk.transaction) };
    case 'dispute-opened':
    case 'dispute-won':
    case 'dispute-lost':
    case 'dispute-accepted':
    case 'dispute-disputed':
    case 'dispute-expired': {
      const dispute = sdk.dispute;
      if (!dispute) throw new Unreadable('the notification has no dispute');
      return {
        type: 'dispute',
        id: required(dispute.id, 'dispute id'),
        status: required(dispute.status, 'dispute status'),
        reason: text(dispute.reason),
        amount: text(dispute.amount),
        currency: text(dispute.currencyIsoCode),
        transactionId: text(dispute.transaction?.id),
        // The provider writes it as a date (YYYY-MM-DD); anything else is left out rather than misread.
        replyByDate: /^\d{4}-\d{2}-\d{2}$/.test(dispute.replyByDate ?? '') ? (dispute.replyByDate as string) : null,
      };
    }
    default:
      return { type: 'other' };
  }
}

/**
 * The provider's notifications have no id of their own. A redelivery sends the very same signed
 * payload (its timestamp is when the event happened, not when it was sent), and any other
 * notification differs in its kind, subject or time: so a digest of the signed content is the same
 * for every delivery of one notification and different otherwise. The base64 is decoded first, so
 * the line break the provider may add after it does not make a redelivery look new.
 */
export function notificationIdOf(payload: string): string {
  return createHash('sha256').update(Buffer.from(payload, 'base64')).digest('hex');
}

/**
 * The card gateway's webhooks (bt_signature, bt_payload), verified and parsed by the braintree
 * SDK's own webhookNotification.parse (the HMAC with the store's API keys, the payload's XML), and
 * given in the store's words. A delivery the SDK does not accept is refused with its reason.
 */
export class BraintreeNotificationReader implements ProviderNotificationReader {
  readonly gateway = CARD_GATEWAY.key;

  constructor(private readonly sdk: braintree.BraintreeGateway) {}

  async read(delivery: SignedNotification): Promise<Result<ProviderNotification, NotificationRefusal>> {
    if (!delivery.signature || !delivery.payload) return err({ code: 'WEBHOOK_UNSIGNED', reason: 'bt_signature or bt_payload is missing' });
    let parsed: SdkNotification | undefined;
    try {
      parsed = (await this.sdk.webhookNotification.parse(delivery.signature, delivery.payload)) as unknown as SdkNotification | undefined;
    } catch (error) {
      const { type, message } = error as { type?: string; message?: string };
      // The SDK refuses a payload with characters outside base64 as a signature error; it is malformed.
      if (type === 'invalidSignatureError' && !/illegal characters/.test(message ?? '')) {
        return err({ code: 'WEBHOOK_SIGNATURE_INVALID', reason: message ?? 'invalid signature' });
      }
      return err({ code: 'WEBHOOK_PAYLOAD_MALFORMED', reason: firstLine(message) });
    }
    try {
      if (!parsed) throw new Unreadable('the payload holds no notification');
      const providerKind = required(parsed.kind, 'kind');
      const occurredAt = new Date(required(parsed.timestamp, 'timestamp'));
      if (Number.isNaN(occurredAt.getTime())) throw new Unreadable('the notification timestamp is not a date');
      const kind = KINDS[providerKind] ?? 'other';
      return ok({ id: notificationIdOf(delivery.payload), gateway: this.gateway, kind, providerKind: providerKind.slice(0, 100), occurredAt, subject: subjectOf(kind, parsed) });
    } catch (error) {
      if (error instanceof Unreadable) return err({ code: 'WEBHOOK_PAYLOAD_MALFORMED', reason: error.message });
      throw error;
    }
  }
}

const firstLine = (message: string | undefined) => (message ?? 'unreadable payload').split('\n')[0].slice(0, 200);
