import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tax rates move to the tax port's data file; baskets gain their owner and shipping country;
 * discount codes gain per-customer limits and regions, with a redemption record to count against.
 */
export class BasketEditing1700000000003 implements MigrationInterface {
  name = 'BasketEditing1700000000003';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE country_accounts DROP COLUMN tax_rate_basis_points`);
    await db.query(`ALTER TABLE baskets
      ADD COLUMN shipping_country varchar(2) CHECK (shipping_country ~ '^[A-Z]{2}$'),
      ADD COLUMN customer_id uuid REFERENCES customers(id) ON DELETE SET NULL`);
    await db.query(`CREATE INDEX baskets_customer_idx ON baskets (customer_id) WHERE customer_id IS NOT NULL`);
    await db.query(`ALTER TABLE discount_codes
      ADD COLUMN max_uses_per_customer integer CHECK (max_uses_per_customer IS NULL OR max_uses_per_customer >= 1),
      ADD COLUMN country_accounts varchar(2)[],
      ADD CONSTRAINT discount_codes_upper_check CHECK (code = upper(code))`);
    await db.query(`
      CREATE TABLE discount_redemptions (
        id uuid PRIMARY KEY,
        code varchar(64) NOT NULL REFERENCES discount_codes(code),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        order_reference varchar(64),
        redeemed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX discount_redemptions_customer_idx ON discount_redemptions (code, customer_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS discount_redemptions`);
    await db.query(`ALTER TABLE discount_codes DROP CONSTRAINT IF EXISTS discount_codes_upper_check,
      DROP COLUMN IF EXISTS country_accounts, DROP COLUMN IF EXISTS max_uses_per_customer`);
    await db.query(`ALTER TABLE baskets DROP COLUMN IF EXISTS customer_id, DROP COLUMN IF EXISTS shipping_country`);
    await db.query(`ALTER TABLE country_accounts ADD COLUMN tax_rate_basis_points integer NOT NULL DEFAULT 0`);
  }
}
