import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment state of a basket (spec 2 §4): the gateway chosen, the provider's session, the
 * payment source, the card gateway's client token and whether the merchant-of-record checkout is
 * ready. It belongs to one version of the basket: any change of the basket deletes it (spec 2 §4,
 * 'Setup payment'), in the same transaction that saves the change.
 */
export class BasketPaymentState1700000000004 implements MigrationInterface {
  name = 'BasketPaymentState1700000000004';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE basket_payment_states (
        basket_reference varchar(64) PRIMARY KEY REFERENCES baskets(reference) ON DELETE CASCADE,
        basket_version integer NOT NULL,
        gateway varchar(16) NOT NULL CHECK (gateway IN ('braintree', 'digital-river')),
        payment_session text,
        payment_source text,
        client_token text,
        is_mor_ready boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS basket_payment_states`);
  }
}
