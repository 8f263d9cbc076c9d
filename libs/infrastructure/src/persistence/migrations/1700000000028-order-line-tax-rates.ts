import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rate each order line's tax was counted at: a posted product is taxed where it is delivered,
 * so one order may hold two rates, and the store's invoice states its tax by rate. Null for the
 * merchant of record's orders (its tax is its own), free bonus lines and orders placed before.
 */
export class OrderLineTaxRates1700000000028 implements MigrationInterface {
  name = 'OrderLineTaxRates1700000000028';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE order_lines ADD COLUMN tax_rate_bp integer CHECK (tax_rate_bp BETWEEN 0 AND 10000)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE order_lines DROP COLUMN tax_rate_bp`);
  }
}
