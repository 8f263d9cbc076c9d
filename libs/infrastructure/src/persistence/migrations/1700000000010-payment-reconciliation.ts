import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment reconciliation and claims made at reservation (issue 12).
 *
 * - products.units_left: a limited product's units still for sale (null: not limited). An order
 *   claims its units when it is reserved, before anything is charged, and gives them back if it
 *   fails; the CHECK makes overselling impossible whatever the interleaving.
 * - discount_codes.uses now counts claims made at reservation (given back when the order fails),
 *   so a code's last use goes to one order only.
 * - payment_charges.uncertain: the charge's answer was once unknown (a timeout, a lost answer, a
 *   crash), so the gateway may hold a late duplicate: reconciliation checks such orders.
 * - payment_reversals: the ledger of charges given back (void, refund, cancellation), one row per
 *   gateway transaction, so a reversal happens once across retries, runs and API instances.
 */
export class PaymentReconciliation1700000000010 implements MigrationInterface {
  name = 'PaymentReconciliation1700000000010';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE products ADD COLUMN units_left integer CHECK (units_left IS NULL OR units_left >= 0)`);
    await db.query(`ALTER TABLE payment_charges ADD COLUMN uncertain boolean NOT NULL DEFAULT false`);
    await db.query(`CREATE INDEX payment_charges_uncertain_idx ON payment_charges (claimed_at) WHERE uncertain`);
    await db.query(`CREATE INDEX orders_pending_idx ON orders (created_at) WHERE status = 'pending'`);
    await db.query(`
      CREATE TABLE payment_reversals (
        transaction_id text PRIMARY KEY,
        gateway varchar(16) NOT NULL CHECK (gateway IN ('braintree', 'digital-river')),
        order_number varchar(32) NOT NULL REFERENCES orders(number) ON DELETE RESTRICT,
        idempotency_key varchar(64) NOT NULL,
        reason text NOT NULL,
        state varchar(16) NOT NULL CHECK (state IN ('in-flight', 'unknown', 'reversed')),
        claimed_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        CHECK ((state = 'reversed') = (settled_at IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX payment_reversals_order_idx ON payment_reversals (order_number)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS payment_reversals`);
    await db.query(`DROP INDEX IF EXISTS orders_pending_idx`);
    await db.query(`DROP INDEX IF EXISTS payment_charges_uncertain_idx`);
    await db.query(`ALTER TABLE payment_charges DROP COLUMN IF EXISTS uncertain`);
    await db.query(`ALTER TABLE products DROP COLUMN IF EXISTS units_left`);
  }
}
