import type { PayingGateway, ProviderNotification, ProviderNotificationKind, Result } from '@store/domain';

/** A notification as the provider delivered it: its signature and the signed payload, both untrusted. */
export interface SignedNotification {
  readonly signature: string;
  readonly payload: string;
}

/** Why a delivery was refused: a catalogued code for the answer, and the reason for the log (never the payload). */
export interface NotificationRefusal {
  readonly code: 'WEBHOOK_UNSIGNED' | 'WEBHOOK_SIGNATURE_INVALID' | 'WEBHOOK_PAYLOAD_MALFORMED';
  readonly reason: string;
}

/** One gateway's reader: checks the signature with the vendor's own code and gives the notification in our words. */
export interface ProviderNotificationReader {
  readonly gateway: PayingGateway;
  read(delivery: SignedNotification): Promise<Result<ProviderNotification, NotificationRefusal>>;
}
export const PROVIDER_NOTIFICATION_READER = Symbol('ProviderNotificationReader');

/** A kept notification, as the worker hands it on. */
export interface StoredProviderNotification extends ProviderNotification {
  readonly receivedAt: Date;
  /** Handlings that failed so far. */
  readonly attempts: number;
}

/** What became of one handling: done with an outcome, or kept for another try at `retryAt`. */
export type NotificationDisposition =
  | { readonly processed: true; readonly outcome: string }
  | { readonly processed: false; readonly error: string; readonly retryAt: Date };

/** Where notifications are kept and worked through: an outbox keyed by the notification's id. */
export interface ProviderNotificationInbox {
  /** Keeps the notification unless one with its id is kept already ('duplicate': nothing changes). Resolves once it is durable. */
  record(notification: ProviderNotification, receivedAt: Date): Promise<'stored' | 'duplicate'>;
  /**
   * Hands the next due notification to `handle` and records its disposition: one that is not
   * processed, due by `now`, and with no older unprocessed notification of its subject. While it is
   * being handled no other worker can take it, nor another of its subject. Null when none is due.
   */
  handleNextDue(
    now: Date,
    handle: (notification: StoredProviderNotification) => Promise<NotificationDisposition>,
  ): Promise<{ readonly notification: StoredProviderNotification; readonly disposition: NotificationDisposition } | null>;
}
export const PROVIDER_NOTIFICATION_INBOX = Symbol('ProviderNotificationInbox');

/**
 * What a handler says: done (a short outcome for the record, e.g. 'ok', 'already-paid'), or not yet
 * (a notification that came before what it is about, tried again later). The unexpected is thrown,
 * and is retried too. Handlers must be idempotent: a notification may be handled again after a
 * failure that came after its effects.
 */
export type HandlingResult = { readonly outcome: string } | { readonly retry: string };

export interface ProviderNotificationHandler {
  handle(notification: StoredProviderNotification): Promise<HandlingResult>;
}

/** Handlers by kind; a kind without one is kept and marked ignored. */
export type ProviderNotificationKindHandlers = Partial<Readonly<Record<ProviderNotificationKind, ProviderNotificationHandler>>>;
