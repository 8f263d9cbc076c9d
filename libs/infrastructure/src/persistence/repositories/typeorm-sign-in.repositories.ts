import type { MailOutbox, OneTimeTokenPurpose, OneTimeTokenRepository, OutgoingMail, RateLimit, RateLimiter } from '@store/application';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { returnedRows } from './typeorm-identity.repositories';

export class TypeOrmOneTimeTokenRepository implements OneTimeTokenRepository {
  constructor(private readonly dataSource: DataSource) {}

  async issue(token: { digest: string; purpose: OneTimeTokenPurpose; customerId: string; expiresAt: Date }): Promise<void> {
    await this.dataSource.query(`INSERT INTO one_time_tokens (digest, purpose, customer_id, expires_at) VALUES ($1, $2, $3, $4)`, [
      token.digest,
      token.purpose,
      token.customerId,
      token.expiresAt,
    ]);
  }

  /** One UPDATE decides: of any number of concurrent callers, only one sees the row still unused. */
  async consume(digest: string, purpose: OneTimeTokenPurpose, now: Date): Promise<string | null> {
    const rows = returnedRows<{ customer_id: string }>(
      await this.dataSource.query(
        `UPDATE one_time_tokens SET used_at = $3
         WHERE digest = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING customer_id`,
        [digest, purpose, now],
      ),
    );
    return rows[0]?.customer_id ?? null;
  }

  async peek(digest: string, purpose: OneTimeTokenPurpose, now: Date): Promise<string | null> {
    const rows: { customer_id: string }[] = await this.dataSource.query(
      `SELECT customer_id FROM one_time_tokens WHERE digest = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
      [digest, purpose, now],
    );
    return rows[0]?.customer_id ?? null;
  }

  async revokeAll(customerId: string, purpose: OneTimeTokenPurpose): Promise<void> {
    await this.dataSource.query(`UPDATE one_time_tokens SET used_at = now() WHERE customer_id = $1 AND purpose = $2 AND used_at IS NULL`, [
      customerId,
      purpose,
    ]);
  }
}

/**
 * Fixed-window counters in Postgres: every instance of the API counts into the same rows, and the
 * upsert makes concurrent attempts each count exactly once.
 */
export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly dataSource: DataSource) {}

  async attempt(keys: readonly string[], limit: RateLimit, now: Date): Promise<boolean> {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    let allowed = true;
    for (const key of keys) {
      const rows: { hits: number }[] = await this.dataSource.query(
        `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
         RETURNING hits`,
        [key.slice(0, 300), windowStart],
      );
      if (rows[0].hits > limit.attempts) allowed = false;
    }
    return allowed;
  }

  /** Old windows are worthless; dropped by the maintenance job. */
  async prune(before: Date): Promise<number> {
    const result = await this.dataSource.query(`DELETE FROM rate_limit_hits WHERE window_start < $1`, [before]);
    return Array.isArray(result) ? Number(result[1] ?? 0) : 0;
  }
}

export class PostgresMailOutbox implements MailOutbox {
  constructor(private readonly dataSource: DataSource) {}

  async enqueue(mail: OutgoingMail): Promise<void> {
    await this.dataSource.query(`INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5)`, [
      randomUUID(),
      mail.to,
      mail.subject,
      mail.text,
      mail.html ?? null,
    ]);
  }
}
