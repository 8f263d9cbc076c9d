import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The local payments (BLIK, MB WAY, Bancomat Pay, pay upon invoice) that pay orders: the payer
 * approves them away from the store, so each order waits, pending, for the provider's word. A
 * payment's state moves only forward, each move a guarded UPDATE, so that the shopper's cancel,
 * the page's charge and the provider's notifications never both act on one payment:
 * waiting → approved (the provider's nonce came) → completing (being charged) → paid or failed;
 * waiting → cancelled (the shopper), expired or reversed (the provider).
 */
export class LocalPayments1700000000030 implements MigrationInterface {
  name = 'LocalPayments1700000000030';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE local_payments (
        payment_id varchar(64) PRIMARY KEY CHECK (payment_id ~ '^[A-Za-z0-9_-]{1,64}$'),
        order_number varchar(32) NOT NULL REFERENCES orders (number),
        method varchar(32) NOT NULL CHECK (method IN ('blik', 'mbway', 'bancomatpay', 'pay-upon-invoice')),
        state varchar(16) NOT NULL DEFAULT 'waiting'
          CHECK (state IN ('waiting', 'approved', 'completing', 'paid', 'failed', 'cancelled', 'expired', 'reversed')),
        nonce varchar(4096),
        claimed_at timestamptz,
        funded_at timestamptz,
        started_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (state NOT IN ('approved', 'completing') OR nonce IS NOT NULL),
        CHECK ((state = 'completing') = (claimed_at IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX local_payments_order ON local_payments (order_number, started_at DESC)`);
    // What the completing worker looks for: approved payments, and charges left half done.
    await db.query(`CREATE INDEX local_payments_due ON local_payments (updated_at) WHERE state IN ('approved', 'completing')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE local_payments`);
  }
}
