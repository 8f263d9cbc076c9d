import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CatalogueAndBaskets1700000000000 implements MigrationInterface {
  name = 'CatalogueAndBaskets1700000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE country_accounts (
        code varchar(2) PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
        name text NOT NULL,
        currency_code char(3) NOT NULL CHECK (currency_code ~ '^[A-Z]{3}$'),
        tax_inclusive boolean NOT NULL,
        tax_rate_basis_points integer NOT NULL DEFAULT 0 CHECK (tax_rate_basis_points BETWEEN 0 AND 10000)
      )`);
    await db.query(`
      CREATE TABLE product_suites (
        reference varchar(64) PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        is_multi_user boolean NOT NULL DEFAULT false,
        is_free_download boolean NOT NULL DEFAULT false,
        requires_shipping boolean NOT NULL DEFAULT false,
        quantity_minimum integer NOT NULL DEFAULT 1 CHECK (quantity_minimum >= 1),
        quantity_maximum integer NOT NULL DEFAULT 100,
        quantity_locked boolean NOT NULL DEFAULT false,
        sort_order integer NOT NULL DEFAULT 0,
        CHECK (quantity_maximum >= quantity_minimum)
      )`);
    await db.query(`
      CREATE TABLE products (
        reference varchar(64) PRIMARY KEY,
        suite_reference varchar(64) NOT NULL REFERENCES product_suites(reference),
        choice_name text NOT NULL,
        choice_synonym varchar(32) NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        link_src text NOT NULL DEFAULT '',
        media_src text NOT NULL DEFAULT '',
        out_of_stock boolean NOT NULL DEFAULT false,
        stock_expected_date date,
        preorder_date date,
        sort_order integer NOT NULL DEFAULT 0,
        UNIQUE (suite_reference, choice_synonym)
      )`);
    await db.query(`
      CREATE TABLE product_prices (
        product_reference varchar(64) NOT NULL REFERENCES products(reference),
        country_account_code varchar(2) NOT NULL REFERENCES country_accounts(code),
        current_minor integer NOT NULL CHECK (current_minor >= 0),
        original_minor integer NOT NULL CHECK (original_minor >= 0),
        PRIMARY KEY (product_reference, country_account_code)
      )`);
    await db.query(`
      CREATE TABLE suite_included_products (
        suite_reference varchar(64) NOT NULL REFERENCES product_suites(reference),
        product_reference varchar(64) NOT NULL REFERENCES products(reference),
        sort_order integer NOT NULL DEFAULT 0,
        PRIMARY KEY (suite_reference, product_reference)
      )`);
    await db.query(`
      CREATE TABLE baskets (
        reference varchar(64) PRIMARY KEY,
        country_account_code varchar(2) NOT NULL REFERENCES country_accounts(code),
        discount_code varchar(64),
        version integer NOT NULL DEFAULT 0 CHECK (version >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE basket_lines (
        reference varchar(64) PRIMARY KEY,
        basket_reference varchar(64) NOT NULL REFERENCES baskets(reference) ON DELETE CASCADE,
        suite_reference varchar(64) NOT NULL REFERENCES product_suites(reference),
        product_reference varchar(64) NOT NULL REFERENCES products(reference),
        quantity integer NOT NULL CHECK (quantity >= 1),
        quantity_locked boolean NOT NULL DEFAULT false,
        position integer NOT NULL,
        UNIQUE (basket_reference, suite_reference)
      )`);
    await db.query(`CREATE INDEX basket_lines_basket_idx ON basket_lines (basket_reference)`);
    await db.query(`
      CREATE TABLE discount_codes (
        code varchar(64) PRIMARY KEY,
        percent_off integer NOT NULL CHECK (percent_off BETWEEN 1 AND 100),
        max_uses integer CHECK (max_uses IS NULL OR max_uses >= 0),
        uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
        email text,
        expires_at timestamptz
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'discount_codes',
      'basket_lines',
      'baskets',
      'suite_included_products',
      'product_prices',
      'products',
      'product_suites',
      'country_accounts',
    ]) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
