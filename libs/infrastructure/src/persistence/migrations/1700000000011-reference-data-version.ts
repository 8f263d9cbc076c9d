import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables the API keeps in memory (the catalogue, its accounts and prices, customer categories). */
export const REFERENCE_TABLES = ['country_accounts', 'product_suites', 'products', 'product_prices', 'suite_included_products', 'customer_categories'] as const;

/**
 * One number that moves whenever reference data changes (issue 12, benchmarks): the catalogue and
 * categories are read on nearly every request, so the API keeps them in memory and checks this
 * single row instead of joining five tables each time. Statement triggers bump it on any insert,
 * update, delete or truncate of those tables, whoever makes the change (a migration, a seed, an
 * operator's SQL), in the same transaction: a reader that sees
 * the change sees the new number.
 */
export class ReferenceDataVersion1700000000011 implements MigrationInterface {
  name = 'ReferenceDataVersion1700000000011';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE reference_data_version (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      version bigint NOT NULL
    )`);
    await db.query(`INSERT INTO reference_data_version (version) VALUES (1)`);
    await db.query(`CREATE FUNCTION bump_reference_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE reference_data_version SET version = version + 1;
        RETURN NULL;
      END $$`);
    for (const table of REFERENCE_TABLES) {
      // products.units_left moves with every order of a limited product: it is not reference data
      // (the catalogue does not show it), and an order must not invalidate every API's catalogue.
      // A statement trigger would also fire for an UPDATE that matched no row (every order's claim).
      const updates =
        table === 'products'
          ? `CREATE TRIGGER products_update_bumps_reference_data_version AFTER UPDATE ON products FOR EACH ROW
             WHEN ((to_jsonb(OLD) - 'units_left') IS DISTINCT FROM (to_jsonb(NEW) - 'units_left'))
             EXECUTE FUNCTION bump_reference_data_version()`
          : null;
      await db.query(
        `CREATE TRIGGER ${table}_bump_reference_data_version AFTER INSERT OR DELETE OR TRUNCATE${updates ? '' : ' OR UPDATE'} ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION bump_reference_data_version()`,
      );
      if (updates) await db.query(updates);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS products_update_bumps_reference_data_version ON products`);
    for (const table of REFERENCE_TABLES) await db.query(`DROP TRIGGER IF EXISTS ${table}_bump_reference_data_version ON ${table}`);
    await db.query(`DROP FUNCTION IF EXISTS bump_reference_data_version()`);
    await db.query(`DROP TABLE IF EXISTS reference_data_version`);
  }
}
