import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A product of an earlier major version (spec 2 §3 the basket's legacy_product): still sold, for a
 * customer matching what they already run, and shown as such. Reference data: changing the flag
 * moves the catalogue's version (the products trigger of 1700000000011 sees every column but units_left).
 */
export class LegacyProducts1700000000024 implements MigrationInterface {
  name = 'LegacyProducts1700000000024';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE products ADD COLUMN legacy boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE products DROP COLUMN legacy`);
  }
}
