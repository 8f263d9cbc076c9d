import type { SecondFactor, SecretGenerator } from '@store/application';
import { generateSecret, generateURI, verify } from 'otplib';
import { randomInt } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { returnedRows } from '../persistence/repositories/typeorm-identity.repositories';

const ISSUER = 'Affinity Store';
const BACKUP_CODE_COUNT = 10;
const TOTP_PERIOD_SECONDS = 30;
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * TOTP per RFC 6238 (30 s steps, 6 digits, SHA-1: what authenticator apps use) with otplib. A code's
 * time step is remembered so the same code cannot be replayed; backup codes are stored as digests
 * and spent on use.
 */
export class TotpSecondFactor implements SecondFactor {
  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: SecretGenerator,
  ) {}

  async isEnabled(customerId: string): Promise<boolean> {
    const rows: { mfa_enabled: boolean }[] = await this.dataSource.query(`SELECT mfa_enabled FROM credentials WHERE customer_id = $1`, [customerId]);
    return rows[0]?.mfa_enabled ?? false;
  }

  async verify(customerId: string, code: string, now: Date): Promise<boolean> {
    const trimmed = code.replace(/[\s-]/g, '');
    if (/^\d{6}$/.test(trimmed)) {
      const rows: { mfa_secret: string | null }[] = await this.dataSource.query(
        `SELECT mfa_secret FROM credentials WHERE customer_id = $1 AND mfa_enabled`,
        [customerId],
      );
      const secret = rows[0]?.mfa_secret;
      if (!secret) return false;
      const step = await this.matchingStep(secret, trimmed, now);
      if (step === null) return false;
      // Only a step later than the last one used counts: a code works once.
      const updated = returnedRows(
        await this.dataSource.query(
          `UPDATE credentials SET last_totp_step = $2 WHERE customer_id = $1 AND (last_totp_step IS NULL OR last_totp_step < $2) RETURNING customer_id`,
          [customerId, step],
        ),
      );
      return updated.length === 1;
    }
    const spent = returnedRows(
      await this.dataSource.query(
        `UPDATE backup_codes SET used_at = $3 WHERE customer_id = $1 AND code_digest = $2 AND used_at IS NULL RETURNING customer_id`,
        [customerId, this.secrets.digest(trimmed.toLowerCase()), now],
      ),
    );
    return spent.length === 1;
  }

  async beginEnrolment(customerId: string, accountLabel: string): Promise<{ secret: string; uri: string }> {
    const secret = generateSecret();
    await this.dataSource.query(`UPDATE credentials SET mfa_pending_secret = $2 WHERE customer_id = $1`, [customerId, secret]);
    return { secret, uri: generateURI({ issuer: ISSUER, label: accountLabel, secret }) };
  }

  async activate(customerId: string, code: string, now: Date): Promise<boolean> {
    const rows: { mfa_pending_secret: string | null }[] = await this.dataSource.query(
      `SELECT mfa_pending_secret FROM credentials WHERE customer_id = $1`,
      [customerId],
    );
    const pending = rows[0]?.mfa_pending_secret;
    if (!pending || !/^\d{6}$/.test(code.trim())) return false;
    const step = await this.matchingStep(pending, code.trim(), now);
    if (step === null) return false;
    await this.dataSource.query(
      `UPDATE credentials SET mfa_secret = mfa_pending_secret, mfa_pending_secret = NULL, mfa_enabled = true, last_totp_step = $2
       WHERE customer_id = $1 AND mfa_pending_secret = $3`,
      [customerId, step, pending],
    );
    return true;
  }

  async disable(customerId: string): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      await db.query(
        `UPDATE credentials SET mfa_enabled = false, mfa_secret = NULL, mfa_pending_secret = NULL, last_totp_step = NULL WHERE customer_id = $1`,
        [customerId],
      );
      await db.query(`DELETE FROM backup_codes WHERE customer_id = $1`, [customerId]);
    });
  }

  async generateBackupCodes(customerId: string): Promise<string[]> {
    const codes = Array.from({ length: BACKUP_CODE_COUNT }, () =>
      Array.from({ length: 10 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join(''),
    );
    await this.dataSource.transaction(async (db) => {
      await db.query(`DELETE FROM backup_codes WHERE customer_id = $1`, [customerId]);
      for (const code of codes) {
        await db.query(`INSERT INTO backup_codes (customer_id, code_digest) VALUES ($1, $2)`, [customerId, this.secrets.digest(code)]);
      }
    });
    return codes;
  }

  /** The time step of the code when it matches now or one step either side (clock drift), else null. */
  private async matchingStep(secret: string, code: string, now: Date): Promise<number | null> {
    const epoch = Math.floor(now.getTime() / 1000);
    const result = await verify({ secret, token: code, epoch, epochTolerance: 30 });
    return result.valid ? Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta : null;
  }
}
