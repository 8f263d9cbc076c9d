import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * BLIK one-click aliases: the key the payer's bank gave the store for a customer (from the
 * provider's completed notification) and its label, so a later payment needs no code. One row per
 * customer and key: a redelivered notification inserts nothing new.
 */
export class BlikAliases1700000000032 implements MigrationInterface {
  name = 'BlikAliases1700000000032';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE blik_aliases (
        customer_id uuid NOT NULL,
        alias_key text NOT NULL CHECK (alias_key ~ '^[0-9]+$' AND length(alias_key) <= 64),
        label text NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (customer_id, alias_key)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE blik_aliases`);
  }
}
