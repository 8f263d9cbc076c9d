import type { PayingGateway } from './payment-gateways';

/**
 * What a payment provider tells the store on its own initiative (a local payment completed at the
 * bank, a charge settled, a dispute opened), in the store's words. A gateway's adapter turns its
 * vendor's notification into this shape; everything past the adapter reads only this.
 */
export const PROVIDER_NOTIFICATION_KINDS = [
  // The provider's test ping, sent from its control panel to check the endpoint.
  'check',
  'local-payment-completed',
  'local-payment-expired',
  'local-payment-reversed',
  'local-payment-funded',
  'transaction-settled',
  'transaction-settlement-declined',
  'dispute-opened',
  'dispute-won',
  'dispute-lost',
  'dispute-accepted',
  'dispute-disputed',
  'dispute-expired',
  // Any kind the store does not act on: stored (it was signed, so it is real) and marked ignored.
  'other',
] as const;
export type ProviderNotificationKind = (typeof PROVIDER_NOTIFICATION_KINDS)[number];

/** A charge as a notification names it; the amount stays the provider's decimal text (its currency may be absent). */
export interface NotifiedTransaction {
  readonly id: string;
  readonly status: string;
  readonly amount: string | null;
  readonly currency: string | null;
  readonly orderId: string | null;
}

/** A BLIK one-click alias the payer's bank registered for the store: the key pays later without a code. */
export interface NotifiedBlikAlias {
  readonly key: string;
  readonly label: string;
}

export type NotificationSubject =
  | { readonly type: 'check' }
  | {
      readonly type: 'local-payment';
      readonly paymentId: string;
      readonly payerId: string | null;
      readonly paymentMethodNonce: string | null;
      readonly transaction: NotifiedTransaction | null;
      /** Present only when a BLIK one-click first use registered an alias (absent otherwise, and in subjects stored before). */
      readonly blikAliases?: readonly NotifiedBlikAlias[];
    }
  | ({ readonly type: 'transaction' } & NotifiedTransaction)
  | {
      readonly type: 'dispute';
      readonly id: string;
      readonly status: string;
      readonly reason: string | null;
      readonly amount: string | null;
      readonly currency: string | null;
      readonly transactionId: string | null;
      /** The last day to answer it (YYYY-MM-DD); absent in subjects stored before it was read. */
      readonly replyByDate?: string | null;
    }
  | { readonly type: 'other' };

export interface ProviderNotification {
  /** The same for every delivery of one notification and different for any other (see the adapter). */
  readonly id: string;
  readonly gateway: PayingGateway;
  readonly kind: ProviderNotificationKind;
  /** The vendor's own name for the kind, kept for the log and for kinds we do not handle. */
  readonly providerKind: string;
  /** When the provider says it happened: notifications of one subject are handled in this order. */
  readonly occurredAt: Date;
  readonly subject: NotificationSubject;
}

/**
 * What a notification is about, so that those about one thing are handled one at a time, oldest
 * first. A subject-less notification is a subject of its own.
 */
export function notificationSubjectKey(notification: Pick<ProviderNotification, 'id' | 'gateway' | 'subject'>): string {
  const { subject, gateway } = notification;
  switch (subject.type) {
    case 'local-payment':
      return `${gateway}:local-payment:${subject.paymentId}`;
    case 'transaction':
      return `${gateway}:transaction:${subject.id}`;
    case 'dispute':
      return `${gateway}:dispute:${subject.id}`;
    default:
      return `${gateway}:notification:${notification.id}`;
  }
}

/** The first retry comes after 5 s, each later one waits twice as long, never more than an hour. */
export const NOTIFICATION_RETRY = { firstDelayMs: 5_000, maxDelayMs: 60 * 60_000 } as const;

/**
 * How long a notification whose handling failed `attempts` times waits before the next try. It is
 * never given up: a notification may carry money (a completed payment), so one that keeps failing
 * waits for a fix, and later notifications of its subject wait behind it.
 */
export function notificationRetryDelayMs(attempts: number): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(NOTIFICATION_RETRY.firstDelayMs * 2 ** doublings, NOTIFICATION_RETRY.maxDelayMs);
}
