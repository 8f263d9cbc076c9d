import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders (issue 8). One order per basket, enforced by the database (concurrent placements of one
 * basket meet the unique constraint, not a check in code); the order number comes from a sequence
 * and is reserved before any charge. Lines, prices and the billing address are snapshots: what was
 * sold, whatever the catalogue or the address becomes. Product keys are unique across all orders.
 */
export class Orders1700000000007 implements MigrationInterface {
  name = 'Orders1700000000007';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SEQUENCE order_numbers START 1001`);
    await db.query(`
      CREATE TABLE orders (
        number varchar(32) PRIMARY KEY CHECK (number ~ '^AFS-[0-9]{8,}$'),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE RESTRICT,
        basket_reference varchar(64) NOT NULL UNIQUE REFERENCES baskets(reference) ON DELETE RESTRICT,
        status varchar(16) NOT NULL CHECK (status IN ('pending', 'paid', 'failed', 'refunded')),
        gateway varchar(16) NOT NULL CHECK (gateway IN ('braintree', 'digital-river', 'complimentary')),
        locale varchar(8) NOT NULL,
        currency varchar(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        tax_inclusive boolean NOT NULL,
        net_minor integer NOT NULL CHECK (net_minor >= 0),
        tax_minor integer NOT NULL CHECK (tax_minor >= 0),
        gross_minor integer NOT NULL CHECK (gross_minor >= 0),
        discount_minor integer NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
        discount_code varchar(64),
        billing_address jsonb CHECK (billing_address IS NOT NULL OR gateway = 'complimentary'),
        tax_certificate_id uuid REFERENCES tax_certificates(id) ON DELETE RESTRICT,
        withdrawal_consent text,
        payment_attempt integer NOT NULL DEFAULT 1 CHECK (payment_attempt >= 1),
        transaction_id text,
        failure_code integer,
        failure_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz,
        CHECK (net_minor + tax_minor = gross_minor),
        CHECK ((status = 'paid') = (paid_at IS NOT NULL) OR status = 'refunded')
      )`);
    await db.query(`CREATE INDEX orders_customer_idx ON orders (customer_id, created_at DESC)`);
    await db.query(`
      CREATE TABLE order_lines (
        order_number varchar(32) NOT NULL REFERENCES orders(number) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        suite_reference varchar(64) NOT NULL,
        product_reference varchar(64) NOT NULL,
        product_name text NOT NULL,
        choice_name text NOT NULL,
        choice_synonym varchar(32) NOT NULL,
        quantity integer NOT NULL CHECK (quantity >= 1),
        unit_price_minor integer NOT NULL CHECK (unit_price_minor >= 0),
        total_minor integer NOT NULL CHECK (total_minor >= 0),
        discount_minor integer NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
        is_bonus boolean NOT NULL DEFAULT false,
        PRIMARY KEY (order_number, position)
      )`);
    await db.query(`
      CREATE TABLE product_keys (
        key varchar(32) PRIMARY KEY,
        order_number varchar(32) NOT NULL,
        line_position integer NOT NULL,
        product_reference varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (order_number, line_position) REFERENCES order_lines(order_number, position) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX product_keys_order_idx ON product_keys (order_number)`);
    await db.query(`ALTER TABLE baskets ADD COLUMN ordered_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE baskets DROP COLUMN IF EXISTS ordered_at`);
    await db.query(`DROP TABLE IF EXISTS product_keys`);
    await db.query(`DROP TABLE IF EXISTS order_lines`);
    await db.query(`DROP TABLE IF EXISTS orders`);
    await db.query(`DROP SEQUENCE IF EXISTS order_numbers`);
  }
}
