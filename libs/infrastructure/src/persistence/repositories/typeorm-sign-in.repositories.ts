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
 * Sliding-window counters in Postgres, in one-minute buckets: an attempt counts against every
 * minute of the window that follows it, so there is no window edge at which the limit doubles.
 * Every API instance counts into the same rows; the upsert makes concurrent attempts each count once.
 */
export class PostgresRateLimiter implements RateLimiter {
  private static readonly BUCKET_MS = 60_000;

  constructor(private readonly dataSource: DataSource) {}

  async attempt(keys: readonly string[], limit: RateLimit, now: Date): Promise<boolean> {
    const bucket = new Date(Math.floor(now.getTime() / PostgresRateLimiter.BUCKET_MS) * PostgresRateLimiter.BUCKET_MS);
    const since = new Date(bucket.getTime() - limit.windowSeconds * 1000);
    let allowed = true;
    for (const key of keys.map((candidate) => candidate.slice(0, 300))) {
      const rows: { hits: string }[] = await this.dataSource.query(
        `WITH counted AS (
           INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 1)
           ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
           RETURNING hits
         )
         SELECT (SELECT hits FROM counted) + COALESCE(
           (SELECT sum(hits) FROM rate_limit_hits WHERE key = $1 AND window_start >= $3 AND window_start < $2), 0) AS hits`,
        [key, bucket, since],
      );
      if (Number(rows[0].hits) > limit.attempts) allowed = false;
    }
    return allowed;
  }

  /** Buckets older than any window are worthless; dropped by maintenance. */
  async prune(before: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limit_hits WHERE window_start < $1`, [before]);
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
