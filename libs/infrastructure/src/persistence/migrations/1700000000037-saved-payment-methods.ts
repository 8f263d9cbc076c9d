import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved payment methods, several per customer: one table for every kind the card gateway's vault
 * keeps (cards, PayPal and Venmo accounts, SEPA and US bank accounts), in place of a table per kind
 * that held one card, one PayPal and one Venmo account each. The page knows a method only by the
 * store's reference; the vault token stays here. One default per customer, held by a partial index.
 *
 * saved_method_uses notes which saved method each order is paid with (the latest attempt's), so a
 * method paying an order that has not settled is not removed from under it.
 *
 * What the four tables held is carried over: each method keeps what it was, under a new reference
 * (a bank account's keeps its digits), and the customer's default is their card, else their PayPal
 * account, else their Venmo account, else their newest bank account, as the checkout offered them.
 */
export class SavedPaymentMethods1700000000037 implements MigrationInterface {
  name = 'SavedPaymentMethods1700000000037';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE saved_payment_methods (
        reference varchar(36) PRIMARY KEY CHECK (reference ~ '^spm_[0-9a-f]{32}$'),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        gateway varchar(16) NOT NULL DEFAULT 'braintree' CHECK (gateway = 'braintree'),
        vault_customer_id text NOT NULL CHECK (length(vault_customer_id) BETWEEN 1 AND 100),
        token text NOT NULL CHECK (length(token) BETWEEN 1 AND 100),
        kind varchar(16) NOT NULL CHECK (kind IN ('card', 'paypal', 'venmo', 'sepa', 'us-bank-account')),
        is_default boolean NOT NULL DEFAULT false,
        card_type varchar(32),
        bin varchar(8) CHECK (bin ~ '^[0-9]{6,8}$'),
        last4 varchar(4),
        expiration_month smallint CHECK (expiration_month BETWEEN 1 AND 12),
        expiration_year smallint CHECK (expiration_year BETWEEN 2000 AND 2200),
        fingerprint varchar(64),
        account_name varchar(320),
        mandate_reference varchar(100),
        bank_name varchar(100),
        invalid_since timestamptz,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        UNIQUE (gateway, token),
        CHECK (kind <> 'card' OR (card_type IS NOT NULL AND bin IS NOT NULL AND last4 ~ '^[0-9]{4}$' AND expiration_month IS NOT NULL AND expiration_year IS NOT NULL)),
        CHECK (kind NOT IN ('paypal', 'venmo') OR account_name IS NOT NULL),
        CHECK (kind NOT IN ('sepa', 'us-bank-account') OR last4 IS NOT NULL)
      )`);
    await db.query(`CREATE UNIQUE INDEX saved_payment_methods_one_default ON saved_payment_methods (customer_id) WHERE is_default`);
    await db.query(`CREATE INDEX saved_payment_methods_customer ON saved_payment_methods (customer_id, created_at DESC)`);
    await db.query(`
      CREATE TABLE saved_method_uses (
        order_number varchar(32) PRIMARY KEY REFERENCES orders(number) ON DELETE CASCADE,
        reference varchar(36) NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX saved_method_uses_reference ON saved_method_uses (reference)`);

    const fresh = `'spm_' || md5(random()::text || clock_timestamp()::text || token)`;
    await db.query(`
      INSERT INTO saved_payment_methods (reference, customer_id, vault_customer_id, token, kind, card_type, bin, last4, expiration_month, expiration_year, invalid_since, created_at, updated_at)
      SELECT ${fresh}, customer_id, vault_customer_id, token, 'card', card_type, bin, last4, expiration_month, expiration_year,
             CASE WHEN last_response_code IS NULL THEN NULL ELSE updated_at END, updated_at, updated_at
      FROM saved_cards ON CONFLICT DO NOTHING`);
    await db.query(`
      INSERT INTO saved_payment_methods (reference, customer_id, vault_customer_id, token, kind, account_name, invalid_since, created_at, updated_at)
      SELECT ${fresh}, customer_id, vault_customer_id, token, 'paypal', email, CASE WHEN last_response_code IS NULL THEN NULL ELSE updated_at END, updated_at, updated_at
      FROM saved_paypal_accounts ON CONFLICT DO NOTHING`);
    await db.query(`
      INSERT INTO saved_payment_methods (reference, customer_id, vault_customer_id, token, kind, account_name, invalid_since, created_at, updated_at)
      SELECT ${fresh}, customer_id, vault_customer_id, token, 'venmo', username, CASE WHEN last_response_code IS NULL THEN NULL ELSE updated_at END, updated_at, updated_at
      FROM saved_venmo_accounts ON CONFLICT DO NOTHING`);
    await db.query(`
      INSERT INTO saved_payment_methods (reference, customer_id, vault_customer_id, token, kind, last4, mandate_reference, bank_name, created_at, updated_at)
      SELECT 'spm_' || substr(b.reference, 5), b.customer_id, b.vault_customer_id, b.token, b.kind, b.last4, b.mandate_reference, b.bank_name, b.created_at, b.created_at
      FROM saved_bank_accounts b JOIN customers c ON c.id = b.customer_id ON CONFLICT DO NOTHING`);
    await db.query(`
      UPDATE saved_payment_methods SET is_default = true WHERE reference IN (
        SELECT DISTINCT ON (customer_id) reference FROM saved_payment_methods
        ORDER BY customer_id, array_position(ARRAY['card', 'paypal', 'venmo', 'sepa', 'us-bank-account']::varchar[], kind), created_at DESC
      )`);
    await db.query(`DROP TABLE saved_cards, saved_paypal_accounts, saved_venmo_accounts, saved_bank_accounts`);
  }

  async down(db: QueryRunner): Promise<void> {
    // The tables before held one card, one PayPal and one Venmo account per customer: going back
    // keeps each customer's first of each kind (the default, else the newest), and every bank account.
    await db.query(`
      CREATE TABLE saved_cards (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        gateway varchar(16) NOT NULL CHECK (gateway = 'braintree'),
        vault_customer_id varchar(36) NOT NULL CHECK (vault_customer_id ~ '^[A-Za-z0-9_-]+$'),
        token varchar(64) NOT NULL CHECK (token ~ '^[A-Za-z0-9_-]+$'),
        bin varchar(8) NOT NULL CHECK (bin ~ '^[0-9]{6,8}$'),
        last4 varchar(4) NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
        card_type varchar(32) NOT NULL,
        expiration_month smallint NOT NULL CHECK (expiration_month BETWEEN 1 AND 12),
        expiration_year smallint NOT NULL CHECK (expiration_year BETWEEN 2000 AND 2200),
        last_response_code integer,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const [table, column] of [
      ['saved_paypal_accounts', 'email varchar(320) NOT NULL'],
      ['saved_venmo_accounts', 'username varchar(64) NOT NULL'],
    ]) {
      await db.query(`
        CREATE TABLE ${table} (
          customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
          gateway varchar(16) NOT NULL CHECK (gateway = 'braintree'),
          vault_customer_id varchar(36) NOT NULL,
          token varchar(64) NOT NULL,
          ${column},
          last_response_code integer,
          updated_at timestamptz NOT NULL DEFAULT now()
        )`);
    }
    await db.query(`
      CREATE TABLE saved_bank_accounts (
        reference varchar(36) PRIMARY KEY CHECK (reference ~ '^sba_[0-9a-f]{32}$'),
        customer_id uuid NOT NULL,
        vault_customer_id text NOT NULL,
        token text NOT NULL UNIQUE,
        kind varchar(16) NOT NULL CHECK (kind IN ('sepa', 'us-bank-account')),
        last4 varchar(4) NOT NULL,
        mandate_reference text,
        bank_name text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX saved_bank_accounts_customer ON saved_bank_accounts (customer_id)`);
    const first = (kind: string) => `SELECT DISTINCT ON (customer_id) * FROM saved_payment_methods WHERE kind = '${kind}' ORDER BY customer_id, is_default DESC, created_at DESC`;
    const code = (value: number) => `CASE WHEN invalid_since IS NULL THEN NULL ELSE ${value} END`;
    await db.query(`INSERT INTO saved_cards SELECT customer_id, gateway, vault_customer_id, token, bin, last4, card_type, expiration_month, expiration_year, ${code(310006)}, updated_at FROM (${first('card')}) m`);
    await db.query(`INSERT INTO saved_paypal_accounts SELECT customer_id, gateway, vault_customer_id, token, account_name, ${code(310009)}, updated_at FROM (${first('paypal')}) m`);
    await db.query(`INSERT INTO saved_venmo_accounts SELECT customer_id, gateway, vault_customer_id, token, account_name, ${code(310277)}, updated_at FROM (${first('venmo')}) m`);
    await db.query(`
      INSERT INTO saved_bank_accounts SELECT 'sba_' || substr(reference, 5), customer_id, vault_customer_id, token, kind, last4, mandate_reference, bank_name, created_at
      FROM saved_payment_methods WHERE kind IN ('sepa', 'us-bank-account')`);
    await db.query(`DROP TABLE saved_method_uses`);
    await db.query(`DROP TABLE saved_payment_methods`);
  }
}
