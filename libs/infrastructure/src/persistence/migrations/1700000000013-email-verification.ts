import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email verification links are one more kind of single-use token, stored as a digest like sign-in
 * and reset tokens. The column customers.email_verified already exists (spec 1's page state).
 */
export class EmailVerification1700000000013 implements MigrationInterface {
  name = 'EmailVerification1700000000013';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE one_time_tokens DROP CONSTRAINT one_time_tokens_purpose_check`);
    await db.query(`ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check CHECK (purpose IN ('login', 'recovery', 'verify-email'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM one_time_tokens WHERE purpose = 'verify-email'`);
    await db.query(`ALTER TABLE one_time_tokens DROP CONSTRAINT one_time_tokens_purpose_check`);
    await db.query(`ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check CHECK (purpose IN ('login', 'recovery'))`);
  }
}
