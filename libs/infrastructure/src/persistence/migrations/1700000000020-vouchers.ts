import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Vouchers: prepaid or gift value spent over one or more orders.
 *
 * - vouchers: the balance is never negative nor above what was loaded (CHECK), so a bug or a race
 *   that would overspend fails in the database instead of losing money.
 * - voucher_redemptions: one per order that spends a voucher, written in the order's reservation
 *   transaction together with the guarded UPDATE of the balance; a failed order deletes it and
 *   gives the amount back. The per-customer purchase limit counts these rows.
 * - baskets.voucher_code and orders.voucher_code / voucher_minor: the voucher a basket holds, and
 *   what it paid of an order (the order's gross stays the sale's total; the gateway is charged
 *   the gross less voucher_minor).
 */
export class Vouchers1700000000020 implements MigrationInterface {
  name = 'Vouchers1700000000020';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE vouchers (
        code varchar(32) PRIMARY KEY CHECK (code ~ '^[A-Z0-9][A-Z0-9-]{2,30}[A-Z0-9]$'),
        currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        initial_minor integer NOT NULL CHECK (initial_minor > 0),
        balance_minor integer NOT NULL,
        expires_at timestamptz,
        max_uses_per_customer integer CHECK (max_uses_per_customer > 0),
        country_accounts varchar(8)[],
        email text,
        new_customers_only boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT vouchers_balance_within_value CHECK (balance_minor >= 0 AND balance_minor <= initial_minor)
      )`);
    await db.query(`
      CREATE TABLE voucher_redemptions (
        order_number varchar(32) PRIMARY KEY REFERENCES orders(number) ON DELETE CASCADE,
        code varchar(32) NOT NULL REFERENCES vouchers(code) ON DELETE RESTRICT,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        amount_minor integer NOT NULL CHECK (amount_minor > 0),
        balance_left_minor integer NOT NULL CHECK (balance_left_minor >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX voucher_redemptions_customer_idx ON voucher_redemptions (code, customer_id)`);
    await db.query(`ALTER TABLE baskets ADD COLUMN voucher_code varchar(32)`);
    await db.query(`
      ALTER TABLE orders ADD COLUMN voucher_code varchar(32),
        ADD COLUMN voucher_minor integer NOT NULL DEFAULT 0,
        ADD CONSTRAINT orders_voucher_within_gross CHECK (voucher_minor >= 0 AND voucher_minor <= gross_minor)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_voucher_within_gross, DROP COLUMN IF EXISTS voucher_minor, DROP COLUMN IF EXISTS voucher_code`);
    await db.query(`ALTER TABLE baskets DROP COLUMN IF EXISTS voucher_code`);
    await db.query(`DROP TABLE IF EXISTS voucher_redemptions`);
    await db.query(`DROP TABLE IF EXISTS vouchers`);
  }
}
