import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One-time tokens, shared rate limits, MFA secrets and backup codes, and the mail outbox. */
export class SignInSecurity1700000000002 implements MigrationInterface {
  name = 'SignInSecurity1700000000002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE one_time_tokens (
        digest char(64) PRIMARY KEY,
        purpose varchar(16) NOT NULL CHECK (purpose IN ('login', 'recovery')),
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await db.query(`CREATE INDEX one_time_tokens_customer_idx ON one_time_tokens (customer_id, purpose)`);
    await db.query(`
      CREATE TABLE rate_limit_hits (
        key text NOT NULL CHECK (length(key) <= 300),
        window_start timestamptz NOT NULL,
        hits integer NOT NULL CHECK (hits > 0),
        PRIMARY KEY (key, window_start)
      )`);
    await db.query(`CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_start)`);
    await db.query(`ALTER TABLE credentials ADD COLUMN mfa_secret text, ADD COLUMN mfa_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN mfa_pending_secret text, ADD COLUMN last_totp_step bigint,
      ADD CONSTRAINT credentials_mfa_secret_check CHECK (NOT mfa_enabled OR mfa_secret IS NOT NULL)`);
    await db.query(`
      CREATE TABLE backup_codes (
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        code_digest char(64) NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (customer_id, code_digest)
      )`);
    await db.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY,
        recipient text NOT NULL CHECK (length(recipient) <= 255),
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        last_error text
      )`);
    await db.query(`CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS mail_outbox`);
    await db.query(`DROP TABLE IF EXISTS backup_codes`);
    await db.query(`ALTER TABLE credentials DROP CONSTRAINT IF EXISTS credentials_mfa_secret_check, DROP COLUMN IF EXISTS mfa_secret,
      DROP COLUMN IF EXISTS mfa_enabled, DROP COLUMN IF EXISTS mfa_pending_secret, DROP COLUMN IF EXISTS last_totp_step`);
    await db.query(`DROP TABLE IF EXISTS rate_limit_hits`);
    await db.query(`DROP TABLE IF EXISTS one_time_tokens`);
  }
}
