import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer's billing address (spec 1 §3) with the standing of its tax ID, the evidence of every
 * tax ID check (result, time, service and its reference; 'unverified' checks are retried), and a
 * payment state that may also record the complimentary gateway.
 */
export class BillingAndTaxIds1700000000005 implements MigrationInterface {
  name = 'BillingAndTaxIds1700000000005';

  async up(db: QueryRunner): Promise<void> {
    const line = (name: string, required = false) => `${name} text ${required ? 'NOT NULL' : ''} CHECK (length(${name}) <= 255)`;
    await db.query(`
      CREATE TABLE billing_addresses (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        ${line('line_1', true)}, ${line('line_2')}, ${line('line_3')},
        ${line('city', true)}, ${line('county')},
        state varchar(8),
        ${line('postal_code', true)},
        country varchar(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
        vat_id varchar(64) CHECK (vat_id ~ '^[A-Za-z0-9.-]+$'),
        vat_id_status varchar(16) CHECK (vat_id_status IN ('valid', 'unverified', 'not-checked')),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((vat_id IS NULL) = (vat_id_status IS NULL))
      )`);
    await db.query(`
      CREATE TABLE tax_id_checks (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        country varchar(2) NOT NULL,
        tax_id varchar(64) NOT NULL,
        postal_code text,
        result varchar(16) NOT NULL CHECK (result IN ('valid', 'invalid', 'unverified')),
        service varchar(32) NOT NULL,
        service_reference text,
        checked_at timestamptz NOT NULL DEFAULT now(),
        -- Set on an unverified check until a later check settles it.
        retry_after timestamptz,
        settled_at timestamptz,
        CHECK (result = 'unverified' OR retry_after IS NULL)
      )`);
    await db.query(`CREATE INDEX tax_id_checks_customer_idx ON tax_id_checks (customer_id, checked_at DESC)`);
    await db.query(`CREATE INDEX tax_id_checks_retry_idx ON tax_id_checks (retry_after) WHERE retry_after IS NOT NULL`);
    await db.query(`ALTER TABLE basket_payment_states DROP CONSTRAINT basket_payment_states_gateway_check`);
    await db.query(`ALTER TABLE basket_payment_states ADD CONSTRAINT basket_payment_states_gateway_check
      CHECK (gateway IN ('braintree', 'digital-river', 'complimentary'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM basket_payment_states WHERE gateway = 'complimentary'`);
    await db.query(`ALTER TABLE basket_payment_states DROP CONSTRAINT basket_payment_states_gateway_check`);
    await db.query(`ALTER TABLE basket_payment_states ADD CONSTRAINT basket_payment_states_gateway_check
      CHECK (gateway IN ('braintree', 'digital-river'))`);
    await db.query(`DROP TABLE IF EXISTS tax_id_checks`);
    await db.query(`DROP TABLE IF EXISTS billing_addresses`);
  }
}
