import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where physical products (requires_shipping) are delivered: the customer's choice (their billing
 * address, or an address of its own, spec 2 §3 customer.shipping), and on each order a snapshot of
 * the address it ships to, as the billing address is kept.
 */
export class ShippingAddresses1700000000016 implements MigrationInterface {
  name = 'ShippingAddresses1700000000016';

  async up(db: QueryRunner): Promise<void> {
    const line = (name: string) => `${name} text CHECK (length(${name}) <= 255)`;
    await db.query(`
      CREATE TABLE shipping_addresses (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        same_as_billing boolean NOT NULL,
        ${line('line_1')}, ${line('line_2')}, ${line('line_3')},
        ${line('city')}, ${line('county')},
        state varchar(8),
        ${line('postal_code')},
        country varchar(2) CHECK (country ~ '^[A-Z]{2}$'),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- An address of its own has what every address needs; 'same as billing' has none.
        CHECK (CASE WHEN same_as_billing THEN num_nonnulls(line_1, line_2, line_3, city, county, state, postal_code, country) = 0
                    ELSE num_nonnulls(line_1, city, postal_code, country) = 4 END)
      )`);
    await db.query(`ALTER TABLE orders ADD COLUMN shipping_address jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders DROP COLUMN shipping_address`);
    await db.query(`DROP TABLE shipping_addresses`);
  }
}
