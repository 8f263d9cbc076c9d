import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card payments (issue 9).
 *
 * payment_charges is the ledger that makes a charge happen once even though the card gateway has
 * no idempotency keys of its own: the first caller of a key claims it (the primary key), everyone
 * else waits for its answer, and a claim left without an answer (a timeout, a crash) is looked up
 * at the gateway by the key before anything is charged again.
 *
 * saved_cards holds the customer's one saved card: the gateway's vault token and what the page may
 * show (never the number), with the last answer about it (spec 2 §6: a card the gateway says is
 * missing or invalid is not offered again).
 */
export class CardPayments1700000000008 implements MigrationInterface {
  name = 'CardPayments1700000000008';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payment_charges (
        idempotency_key varchar(64) PRIMARY KEY,
        gateway varchar(16) NOT NULL CHECK (gateway IN ('braintree', 'digital-river')),
        order_number varchar(32) NOT NULL REFERENCES orders(number) ON DELETE RESTRICT,
        state varchar(16) NOT NULL CHECK (state IN ('in-flight', 'unknown', 'charged', 'declined')),
        claimed_at timestamptz NOT NULL DEFAULT now(),
        transaction_id text,
        decline_code integer,
        decline_reason text,
        settled_at timestamptz,
        CHECK ((state = 'charged') = (transaction_id IS NOT NULL)),
        CHECK ((state = 'declined') = (decline_code IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX payment_charges_order_idx ON payment_charges (order_number)`);
    await db.query(`
      CREATE TABLE saved_cards (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        gateway varchar(16) NOT NULL CHECK (gateway = 'braintree'),
        vault_customer_id varchar(36) NOT NULL CHECK (vault_customer_id ~ '^[A-Za-z0-9_-]+$'),
        token varchar(64) NOT NULL CHECK (token ~ '^[A-Za-z0-9_-]+$'),
        bin varchar(8) NOT NULL CHECK (bin ~ '^[0-9]{6,8}$'),
        last4 varchar(4) NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
        card_type varchar(32) NOT NULL,
        expiration_month smallint NOT NULL CHECK (expiration_month BETWEEN 1 AND 12),
        expiration_year smallint NOT NULL CHECK (expiration_year BETWEEN 2000 AND 2200),
        last_response_code integer,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS saved_cards`);
    await db.query(`DROP TABLE IF EXISTS payment_charges`);
  }
}
