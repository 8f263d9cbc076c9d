import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The account a bank debit is taken from, as the gateway's record of the sale describes it: which
 * kind of debit, the last characters of the IBAN or account number, the SEPA mandate's reference
 * and the bank's name. The order's pages show them from here, never from what the page sent. Debits
 * recorded before have no account; their kind follows from the currency (SEPA takes euros only,
 * ACH dollars only).
 */
export class BankDebitAccounts1700000000033 implements MigrationInterface {
  name = 'BankDebitAccounts1700000000033';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE bank_debits
        ADD COLUMN method varchar(16) CHECK (method IN ('sepa', 'us-bank-account')),
        ADD COLUMN account_last4 text CHECK (length(account_last4) BETWEEN 2 AND 4),
        ADD COLUMN mandate_reference text CHECK (length(mandate_reference) BETWEEN 1 AND 100),
        ADD COLUMN bank_name text CHECK (length(bank_name) BETWEEN 1 AND 100)`);
    await db.query(`
      UPDATE bank_debits bd SET method = CASE o.currency WHEN 'EUR' THEN 'sepa' WHEN 'USD' THEN 'us-bank-account' END
      FROM orders o WHERE o.number = bd.order_number AND bd.method IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE bank_debits DROP COLUMN bank_name, DROP COLUMN mandate_reference, DROP COLUMN account_last4, DROP COLUMN method`);
  }
}
