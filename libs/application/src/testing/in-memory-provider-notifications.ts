import { CARD_GATEWAY, err, notificationSubjectKey, ok, type ProviderNotification, type Result } from '@store/domain';
import type {
  NotificationDisposition,
  NotificationRefusal,
  ProviderNotificationInbox,
  ProviderNotificationReader,
  SignedNotification,
  StoredProviderNotification,
} from '../payments/notifications/provider-notifications.ports';

interface Row {
  notification: StoredProviderNotification;
  subjectKey: string;
  nextAttemptAt: Date;
  processedAt: Date | null;
  outcome: string | null;
  lastError: string | null;
  held: boolean;
}

const older = (a: Row, b: Row) => a.notification.occurredAt.getTime() - b.notification.occurredAt.getTime() || a.notification.id.localeCompare(b.notification.id);

/** The inbox in memory, with the Postgres one's rules: one row per id, due rows oldest first per subject, one holder at a time. */
export class InMemoryProviderNotificationInbox implements ProviderNotificationInbox {
  readonly rows = new Map<string, Row>();

  record(notification: ProviderNotification, receivedAt: Date): Promise<'stored' | 'duplicate'> {
    if (this.rows.has(notification.id)) return Promise.resolve('duplicate');
    this.rows.set(notification.id, {
      notification: { ...notification, receivedAt, attempts: 0 },
      subjectKey: notificationSubjectKey(notification),
      nextAttemptAt: receivedAt,
      processedAt: null,
      outcome: null,
      lastError: null,
      held: false,
    });
    return Promise.resolve('stored');
  }

  async handleNextDue(now: Date, handle: (notification: StoredProviderNotification) => Promise<NotificationDisposition>) {
    const waiting = [...this.rows.values()].filter((row) => !row.processedAt);
    const next = waiting
      .filter((row) => !row.held && row.nextAttemptAt.getTime() <= now.getTime())
      .filter((row) => !waiting.some((other) => other !== row && other.subjectKey === row.subjectKey && older(other, row) < 0))
      .sort(older)[0];
    if (!next) return null;
    next.held = true;
    try {
      const disposition = await handle(next.notification);
      if (disposition.processed) {
        next.processedAt = now;
        next.outcome = disposition.outcome;
      } else {
        next.notification = { ...next.notification, attempts: next.notification.attempts + 1 };
        next.lastError = disposition.error;
        next.nextAttemptAt = disposition.retryAt;
      }
      return { notification: next.notification, disposition };
    } finally {
      next.held = false;
    }
  }

  /** The kept row of a notification, for assertions. */
  row(id: string): Row | undefined {
    return this.rows.get(id);
  }
}

/** A reader that knows its deliveries by signature: a notification it was given, or a refusal. */
export class TableNotificationReader implements ProviderNotificationReader {
  readonly gateway = CARD_GATEWAY.key;
  private readonly table = new Map<string, Result<ProviderNotification, NotificationRefusal>>();

  signs(signature: string, notification: ProviderNotification): this {
    this.table.set(signature, ok(notification));
    return this;
  }

  read(delivery: SignedNotification): Promise<Result<ProviderNotification, NotificationRefusal>> {
    if (!delivery.signature || !delivery.payload) return Promise.resolve(err({ code: 'WEBHOOK_UNSIGNED', reason: 'no signature or payload' }));
    return Promise.resolve(this.table.get(delivery.signature) ?? err({ code: 'WEBHOOK_SIGNATURE_INVALID', reason: 'unknown signature' }));
  }
}

/** A notification about a local payment, as a gateway's reader would give it. */
export function aLocalPaymentNotification(overrides: Partial<ProviderNotification> & { paymentId?: string } = {}): ProviderNotification {
  const { paymentId = 'PAY-1', ...rest } = overrides;
  return {
    id: `notification-${paymentId}-${rest.kind ?? 'local-payment-completed'}-${rest.occurredAt?.getTime() ?? 0}`,
    gateway: CARD_GATEWAY.key,
    kind: 'local-payment-completed',
    providerKind: 'local_payment_completed',
    occurredAt: new Date('2026-11-26T10:00:00Z'),
    subject: { type: 'local-payment', paymentId, payerId: 'PAYER-1', paymentMethodNonce: 'nonce-1', transaction: null },
    ...rest,
  };
}
