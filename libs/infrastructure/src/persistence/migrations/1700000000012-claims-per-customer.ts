import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Claims made at reservation, per customer.
 *
 * - discount_customer_claims: how many of a customer's orders hold a use of a code (pending or
 *   paid). An order claims one in its reservation's transaction with a conditional upsert, so a
 *   per-customer limit holds however many baskets the customer pays at once; a failed order gives
 *   its claim back. It starts from the redemptions already recorded and the orders still pending.
 * - baskets.placing_order: the basket's order is reserved and not yet failed, so the basket is
 *   what is being paid for: edits are refused until the order fails (completion closes the
 *   basket). Set by the reservation only while the basket is still at the version it priced.
 */
export class ClaimsPerCustomer1700000000012 implements MigrationInterface {
  name = 'ClaimsPerCustomer1700000000012';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE discount_customer_claims (
        code varchar(64) NOT NULL REFERENCES discount_codes(code) ON DELETE CASCADE,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        uses integer NOT NULL CHECK (uses >= 0),
        PRIMARY KEY (code, customer_id)
      )`);
    await db.query(`
      INSERT INTO discount_customer_claims (code, customer_id, uses)
      SELECT code, customer_id, count(*)::int FROM (
        SELECT code, customer_id FROM discount_redemptions
        UNION ALL
        SELECT discount_code, customer_id FROM orders WHERE status = 'pending' AND discount_code IS NOT NULL
      ) held
      WHERE code IN (SELECT code FROM discount_codes)
      GROUP BY code, customer_id`);
    await db.query(`ALTER TABLE baskets ADD COLUMN placing_order boolean NOT NULL DEFAULT false`);
    await db.query(`UPDATE baskets SET placing_order = true WHERE reference IN (SELECT basket_reference FROM orders WHERE status = 'pending')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE baskets DROP COLUMN IF EXISTS placing_order`);
    await db.query(`DROP TABLE IF EXISTS discount_customer_claims`);
  }
}
