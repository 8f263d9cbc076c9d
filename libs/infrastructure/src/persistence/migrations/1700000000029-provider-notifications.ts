import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment providers' notifications, kept as they arrive (verified, by their id, once) and
 * worked through as an outbox: a row is due until it is processed, retried with a growing delay
 * when its handling fails, and those of one subject are handled in the order they happened.
 */
export class ProviderNotifications1700000000029 implements MigrationInterface {
  name = 'ProviderNotifications1700000000029';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE provider_notifications (
        id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{16,100}$'),
        gateway text NOT NULL CHECK (gateway IN ('braintree', 'digital-river')),
        kind text NOT NULL CHECK (kind ~ '^[a-z-]{1,60}$'),
        provider_kind text NOT NULL CHECK (length(provider_kind) BETWEEN 1 AND 100),
        subject_key text NOT NULL CHECK (length(subject_key) BETWEEN 1 AND 300),
        occurred_at timestamptz NOT NULL,
        subject jsonb NOT NULL,
        received_at timestamptz NOT NULL,
        processed_at timestamptz,
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        next_attempt_at timestamptz NOT NULL,
        last_error text CHECK (length(last_error) <= 500),
        outcome text CHECK (length(outcome) BETWEEN 1 AND 60),
        CHECK ((processed_at IS NULL) = (outcome IS NULL))
      )`);
    // What the worker looks for: due rows, and the older unprocessed ones of the same subject.
    await db.query(`CREATE INDEX provider_notifications_due ON provider_notifications (next_attempt_at) WHERE processed_at IS NULL`);
    await db.query(`CREATE INDEX provider_notifications_subject ON provider_notifications (subject_key, occurred_at) WHERE processed_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE provider_notifications`);
  }
}
