import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Identity1700000000001 implements MigrationInterface {
  name = 'Identity1700000000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE customer_categories (
        fqn varchar(64) PRIMARY KEY CHECK (fqn ~ '^(business|education)\\.[a-z0-9-]+$'),
        name text NOT NULL,
        sort_order integer NOT NULL DEFAULT 0
      )`);
    await db.query(`
      CREATE TABLE customers (
        id uuid PRIMARY KEY,
        public_id varchar(64) NOT NULL UNIQUE,
        email text NOT NULL CHECK (length(email) <= 255),
        email_normalised text NOT NULL UNIQUE CHECK (email_normalised = lower(btrim(email))),
        email_verified boolean NOT NULL DEFAULT false,
        first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 255),
        last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 255),
        country varchar(2) CHECK (country ~ '^[A-Z]{2}$'),
        account_type varchar(16) NOT NULL CHECK (account_type IN ('personal', 'business', 'education')),
        customer_category varchar(64) NOT NULL,
        account_name text CHECK (length(account_name) <= 255),
        has_confirmed_account_type boolean NOT NULL DEFAULT false,
        status varchar(16) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'locked', 'suspended')),
        failed_sign_ins integer NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((account_type = 'personal') = (customer_category = 'personal')),
        CHECK (account_type = 'personal' OR customer_category LIKE account_type || '.%')
      )`);
    await db.query(`
      CREATE TABLE credentials (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        password_hash text NOT NULL CHECK (password_hash LIKE '$argon2id$%'),
        password_changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE contact_preferences (
        customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
        marketing_opt_in boolean NOT NULL,
        terms_accepted_at timestamptz NOT NULL,
        hash varchar(64) NOT NULL UNIQUE,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE reserved_emails (
        email_normalised text PRIMARY KEY CHECK (length(email_normalised) <= 255),
        reserved_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE sessions (
        id_digest char(64) PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX sessions_customer_idx ON sessions (customer_id)`);
    await db.query(`CREATE INDEX sessions_expiry_idx ON sessions (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['sessions', 'reserved_emails', 'contact_preferences', 'credentials', 'customers', 'customer_categories']) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
