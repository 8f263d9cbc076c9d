import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved PayPal accounts (issue 10): the PayPal account a shopper chose to save when paying with
 * PayPal (checkout with a billing agreement), kept in the card gateway's vault. One per customer, as
 * the saved card: the gateway's token, the payer's PayPal email the page names it by, and the last
 * answer about it (an account the gateway no longer has is not offered again).
 */
export class SavedPayPalAccounts1700000000009 implements MigrationInterface {
  name = 'SavedPayPalAccounts1700000000009';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE saved_paypal_accounts (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        gateway varchar(16) NOT NULL CHECK (gateway = 'braintree'),
        vault_customer_id varchar(36) NOT NULL CHECK (vault_customer_id ~ '^[A-Za-z0-9_-]+$'),
        token varchar(64) NOT NULL CHECK (token ~ '^[A-Za-z0-9_-]+$'),
        email varchar(320) NOT NULL CHECK (email LIKE '%_@_%'),
        last_response_code integer,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS saved_paypal_accounts`);
  }
}
