import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bank debits (SEPA direct debit, US bank account): a charge the gateway accepted whose money is
 * known only when it settles, days later, and which the payer's bank may still take back. The
 * ledger keeps, with the charge, that it settles later, so every path that finds the charge (the
 * shopper's retry, reconciliation) treats it alike; the debit's own row says where it stands and
 * whether the order's keys were released.
 */
export class BankDebits1700000000031 implements MigrationInterface {
  name = 'BankDebits1700000000031';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE payment_charges ADD COLUMN settles_later boolean NOT NULL DEFAULT false`);
    await db.query(`
      CREATE TABLE bank_debits (
        transaction_id text PRIMARY KEY CHECK (length(transaction_id) BETWEEN 1 AND 100),
        order_number varchar(32) NOT NULL UNIQUE REFERENCES orders (number),
        customer_id uuid NOT NULL,
        state varchar(16) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'settled', 'declined', 'returned')),
        released_at timestamptz,
        bank_code text CHECK (length(bank_code) <= 100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX bank_debits_customer ON bank_debits (customer_id)`);
    // A debit returned after its keys were released takes them back: kept, marked, no longer shown.
    await db.query(`ALTER TABLE product_keys ADD COLUMN revoked_at timestamptz`);
    await db.query(`CREATE INDEX bank_debits_pending ON bank_debits (created_at) WHERE state = 'pending'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE product_keys DROP COLUMN revoked_at`);
    await db.query(`DROP TABLE bank_debits`);
    await db.query(`ALTER TABLE payment_charges DROP COLUMN settles_later`);
  }
}
