import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A settled bank debit can still be returned for weeks; if the provider's notification of the
 * return is lost, reconciliation finds it by looking the debit up, once a day while its return
 * window lasts. When it was last looked up is its own column: updated_at stays the moment the
 * debit settled, which is where its window starts.
 */
export class BankDebitReturnChecks1700000000034 implements MigrationInterface {
  name = 'BankDebitReturnChecks1700000000034';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE bank_debits ADD COLUMN checked_at timestamptz`);
    await db.query(`CREATE INDEX bank_debits_settled ON bank_debits (updated_at) WHERE state = 'settled'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX bank_debits_settled`);
    await db.query(`ALTER TABLE bank_debits DROP COLUMN checked_at`);
  }
}
