import type { NotificationDisposition, ProviderNotificationInbox, StoredProviderNotification } from '@store/application';
import { notificationSubjectKey, type NotificationSubject, type PayingGateway, type ProviderNotification, type ProviderNotificationKind } from '@store/domain';
import type { DataSource } from 'typeorm';

type Row = {
  id: string;
  gateway: PayingGateway;
  kind: ProviderNotificationKind;
  provider_kind: string;
  occurred_at: Date;
  subject: NotificationSubject;
  received_at: Date;
  attempts: number;
};

const toNotification = (row: Row): StoredProviderNotification => ({
  id: row.id,
  gateway: row.gateway,
  kind: row.kind,
  providerKind: row.provider_kind,
  occurredAt: row.occurred_at,
  subject: row.subject,
  receivedAt: row.received_at,
  attempts: row.attempts,
});

/**
 * The providers' notifications in provider_notifications, worked through as an outbox. A row is
 * claimed with FOR UPDATE SKIP LOCKED and held, in its transaction, while it is handled: another
 * worker (or instance) skips it, and skips every later row of its subject too, because those wait
 * for the older unprocessed one. The handling must end within the database's idle-in-transaction
 * limit (a minute); a holder that is cut off leaves the row due, and it is handled again.
 */
export class PostgresProviderNotificationInbox implements ProviderNotificationInbox {
  constructor(private readonly dataSource: DataSource) {}

  async record(notification: ProviderNotification, receivedAt: Date): Promise<'stored' | 'duplicate'> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO provider_notifications (id, gateway, kind, provider_kind, subject_key, occurred_at, subject, received_at, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        notification.id,
        notification.gateway,
        notification.kind,
        notification.providerKind,
        notificationSubjectKey(notification),
        notification.occurredAt,
        JSON.stringify(notification.subject),
        receivedAt,
      ],
    );
    return inserted.length === 1 ? 'stored' : 'duplicate';
  }

  async handleNextDue(now: Date, handle: (notification: StoredProviderNotification) => Promise<NotificationDisposition>) {
    return this.dataSource.transaction(async (db) => {
      const [row]: Row[] = await db.query(
        `SELECT id, gateway, kind, provider_kind, occurred_at, subject, received_at, attempts FROM provider_notifications due
         WHERE processed_at IS NULL AND next_attempt_at <= $1
           AND NOT EXISTS (
             SELECT 1 FROM provider_notifications earlier
             WHERE earlier.subject_key = due.subject_key AND earlier.processed_at IS NULL
               AND (earlier.occurred_at, earlier.id) < (due.occurred_at, due.id))
         ORDER BY occurred_at, id
         LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      if (!row) return null;
      const notification = toNotification(row);
      const disposition = await handle(notification);
      if (disposition.processed) {
        await db.query(`UPDATE provider_notifications SET processed_at = $2, outcome = $3, last_error = NULL WHERE id = $1`, [row.id, now, disposition.outcome.slice(0, 60)]);
        return { notification, disposition };
      }
      await db.query(`UPDATE provider_notifications SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3 WHERE id = $1`, [
        row.id,
        disposition.error.slice(0, 500),
        disposition.retryAt,
      ]);
      return { notification: { ...notification, attempts: notification.attempts + 1 }, disposition };
    });
  }
}
