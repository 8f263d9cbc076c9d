import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved Venmo accounts: the Venmo account a signed-in shopper chose to save when paying with Venmo
 * (a multi-use approval, vaulted by the sale), kept in the card gateway's vault. One per customer,
 * as the saved PayPal account: the gateway's token (never shown to the page), the payer's username
 * the page names it by, and the last answer about it (an account the gateway no longer has is not
 * offered again).
 */
export class SavedVenmoAccounts1700000000036 implements MigrationInterface {
  name = 'SavedVenmoAccounts1700000000036';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE saved_venmo_accounts (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        gateway varchar(16) NOT NULL CHECK (gateway = 'braintree'),
        vault_customer_id varchar(36) NOT NULL CHECK (vault_customer_id ~ '^[A-Za-z0-9_-]+$'),
        token varchar(64) NOT NULL CHECK (token ~ '^[A-Za-z0-9_-]+$'),
        username varchar(64) NOT NULL CHECK (username ~ '^@?[A-Za-z0-9_-]+$'),
        last_response_code integer,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS saved_venmo_accounts`);
  }
}
