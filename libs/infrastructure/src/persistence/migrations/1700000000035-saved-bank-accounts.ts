import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved bank accounts: a SEPA account under a recurring mandate, or a US bank account that passed
 * the network check, each kept in the card gateway's vault. The page knows one only by the store's
 * reference; the vault token stays here. One row per vault token: saving it again adds nothing.
 */
export class SavedBankAccounts1700000000035 implements MigrationInterface {
  name = 'SavedBankAccounts1700000000035';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE saved_bank_accounts (
        reference varchar(36) PRIMARY KEY CHECK (reference ~ '^sba_[0-9a-f]{32}$'),
        customer_id uuid NOT NULL,
        vault_customer_id text NOT NULL CHECK (length(vault_customer_id) BETWEEN 1 AND 100),
        token text NOT NULL UNIQUE CHECK (length(token) BETWEEN 1 AND 100),
        kind varchar(16) NOT NULL CHECK (kind IN ('sepa', 'us-bank-account')),
        last4 varchar(4) NOT NULL,
        mandate_reference text CHECK (length(mandate_reference) <= 100),
        bank_name text CHECK (length(bank_name) <= 100),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX saved_bank_accounts_customer ON saved_bank_accounts (customer_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE saved_bank_accounts`);
  }
}
