import type { AuditEntry, AuditLog, NewOperator, Operator, OperatorAuthenticator, OperatorCredentials, OperatorDirectory, OperatorSessions } from '@store/application';
import { DomainError, OPERATOR_SESSION, type AuditEntryJson, type OperatorRole } from '@store/domain';
import { randomUUID } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../persistence/repositories/typeorm-identity.repositories';

type OperatorRow = {
  id: string;
  email: string;
  badge_number: number;
  first_name: string;
  last_name: string;
  role: OperatorRole;
  disabled_at: Date | null;
  created_at: Date;
};

const OPERATOR_COLUMNS = 'id, email, badge_number, first_name, last_name, role, disabled_at, created_at';

const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  email: row.email,
  badgeNumber: Number(row.badge_number),
  firstName: row.first_name,
  lastName: row.last_name,
  role: row.role,
  disabled: row.disabled_at !== null,
  createdAt: new Date(row.created_at),
});

/** Staff accounts, in their own table: nothing here is reachable from a shopper's account, or the reverse. */
export class PostgresOperatorDirectory implements OperatorDirectory {
  constructor(private readonly dataSource: DataSource) {}

  async credentialsFor(email: string): Promise<OperatorCredentials | null> {
    const rows: (OperatorRow & { password_hash: string; totp_secret: string; locked_until: Date | null })[] = await this.dataSource.query(
      `SELECT ${OPERATOR_COLUMNS}, password_hash, totp_secret, locked_until FROM operators WHERE email = $1`,
      [email.toLowerCase()],
    );
    const row = rows[0];
    return row ? { operator: toOperator(row), passwordHash: row.password_hash, totpSecret: row.totp_secret, lockedUntil: row.locked_until ? new Date(row.locked_until) : null } : null;
  }

  async find(id: string): Promise<Operator | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const rows: OperatorRow[] = await this.dataSource.query(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1`, [id]);
    return rows[0] ? toOperator(rows[0]) : null;
  }

  async list(): Promise<readonly Operator[]> {
    const rows: OperatorRow[] = await this.dataSource.query(`SELECT ${OPERATOR_COLUMNS} FROM operators ORDER BY badge_number`);
    return rows.map(toOperator);
  }

  async create(operator: NewOperator): Promise<Operator> {
    const rows: OperatorRow[] = await this.dataSource.query(
      `INSERT INTO operators (id, email, first_name, last_name, role, password_hash, totp_secret, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (email) DO NOTHING RETURNING ${OPERATOR_COLUMNS}`,
      [randomUUID(), operator.email.toLowerCase(), operator.firstName, operator.lastName, operator.role, operator.passwordHash, operator.totpSecret, operator.createdBy],
    );
    if (!rows[0]) throw new DomainError('OPERATOR_EXISTS');
    return toOperator(rows[0]);
  }

  async signedIn(id: string, totpStep: number): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE operators SET last_totp_step = $2, failed_sign_ins = 0, locked_until = NULL
         WHERE id = $1 AND (last_totp_step IS NULL OR last_totp_step < $2) RETURNING id`,
        [id, totpStep],
      ),
    );
    return rows.length === 1;
  }

  async signInFailed(id: string, now: Date, lockout: { attempts: number; lockMs: number }): Promise<void> {
    // The count starts again once a lock has passed, and reaching the limit locks it from now.
    await this.dataSource.query(
      `UPDATE operators SET
         failed_sign_ins = CASE WHEN locked_until IS NOT NULL AND locked_until <= $2 THEN 1 ELSE failed_sign_ins + 1 END,
         locked_until = CASE
           WHEN (CASE WHEN locked_until IS NOT NULL AND locked_until <= $2 THEN 1 ELSE failed_sign_ins + 1 END) >= $3
             THEN $2::timestamptz + make_interval(secs => $4::double precision / 1000)
           WHEN locked_until IS NOT NULL AND locked_until <= $2 THEN NULL
           ELSE locked_until END
       WHERE id = $1`,
      [id, now, lockout.attempts, lockout.lockMs],
    );
  }

  async update(id: string, change: { role?: OperatorRole; disabled?: boolean }): Promise<{ before: Operator; after: Operator } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    return this.dataSource.transaction(async (db) => {
      // Every administrator row is locked first, so two changes cannot each leave the other as the last one.
      await db.query(`SELECT id FROM operators WHERE role = 'admin' ORDER BY id FOR UPDATE`);
      const rows: OperatorRow[] = await db.query(`SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1 FOR UPDATE`, [id]);
      if (!rows[0]) return null;
      const before = toOperator(rows[0]);
      const role = change.role ?? before.role;
      const disabled = change.disabled ?? before.disabled;
      if (before.role === 'admin' && !before.disabled && (role !== 'admin' || disabled)) {
        const [{ count }]: { count: string }[] = await db.query(`SELECT count(*) FROM operators WHERE role = 'admin' AND disabled_at IS NULL AND id <> $1`, [id]);
        if (Number(count) === 0) throw new DomainError('OPERATOR_LAST_ADMIN');
      }
      const updated: OperatorRow[] = returnedRows(
        await db.query(
          `UPDATE operators SET role = $2, disabled_at = CASE WHEN $3 THEN coalesce(disabled_at, now()) ELSE NULL END WHERE id = $1 RETURNING ${OPERATOR_COLUMNS}`,
          [id, role, disabled],
        ),
      );
      // A disabled member of staff, or one whose role changed, signs in again.
      if (disabled || role !== before.role) await db.query(`DELETE FROM operator_sessions WHERE operator_id = $1`, [id]);
      return { before, after: toOperator(updated[0]) };
    });
  }
}

/**
 * Staff sessions: 8 hours at most, and 30 minutes without a request ends one (OPERATOR_SESSION).
 * Only the digest of the session's secret is stored.
 */
export class PostgresOperatorSessions implements OperatorSessions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly limits: { readonly absoluteMs: number; readonly idleMs: number } = OPERATOR_SESSION,
  ) {}

  async open(operatorId: string, idDigest: string, now: Date): Promise<{ expiresAt: Date }> {
    const expiresAt = new Date(now.getTime() + this.limits.absoluteMs);
    await this.dataSource.query(`INSERT INTO operator_sessions (id_digest, operator_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)`, [
      idDigest,
      operatorId,
      now,
      expiresAt,
    ]);
    return { expiresAt };
  }

  async read(idDigest: string, now: Date): Promise<{ operator: Operator; expiresAt: Date } | null> {
    const rows: (OperatorRow & { expires_at: Date })[] = returnedRows(
      await this.dataSource.query(
        `UPDATE operator_sessions s SET last_seen_at = $2 FROM operators o
         WHERE s.id_digest = $1 AND o.id = s.operator_id AND o.disabled_at IS NULL
           AND s.expires_at > $2 AND s.last_seen_at > $2::timestamptz - make_interval(secs => $3::double precision / 1000)
         RETURNING o.id, o.email, o.badge_number, o.first_name, o.last_name, o.role, o.disabled_at, o.created_at, s.expires_at`,
        [idDigest, now, this.limits.idleMs],
      ),
    );
    const row = rows[0];
    return row ? { operator: toOperator(row), expiresAt: new Date(row.expires_at) } : null;
  }

  async close(idDigest: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM operator_sessions WHERE id_digest = $1`, [idDigest]);
  }
}

/** Appends to the audit log (the database refuses anything else); `inside` writes in a caller's transaction. */
export class PostgresAuditLog implements AuditLog {
  constructor(private readonly dataSource: DataSource) {}

  async append(entry: AuditEntry, inside?: EntityManager): Promise<void> {
    await (inside ?? this.dataSource).query(
      `INSERT INTO audit_log (operator_id, action, subject_type, subject_id, before, after, request_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        entry.operatorId,
        entry.action,
        entry.subjectType.slice(0, 32),
        entry.subjectId.slice(0, 100),
        entry.before === undefined ? null : JSON.stringify(entry.before),
        entry.after === undefined ? null : JSON.stringify(entry.after),
        entry.requestId?.slice(0, 100) ?? null,
      ],
    );
  }

  async list(filter: { subjectType?: string; subjectId?: string; operatorId?: string; beforeId?: string; limit: number }): Promise<readonly AuditEntryJson[]> {
    const rows: { id: string; at: Date; operator_id: string | null; badge_number: number | null; email: string | null; action: string; subject_type: string; subject_id: string; before: unknown; after: unknown; request_id: string | null }[] =
      await this.dataSource.query(
        `SELECT a.id, a.at, a.operator_id, o.badge_number, o.email, a.action, a.subject_type, a.subject_id, a.before, a.after, a.request_id
         FROM audit_log a LEFT JOIN operators o ON o.id = a.operator_id
         WHERE ($1::text IS NULL OR a.subject_type = $1) AND ($2::text IS NULL OR a.subject_id = $2)
           AND ($3::uuid IS NULL OR a.operator_id = $3) AND ($4::bigint IS NULL OR a.id < $4)
         ORDER BY a.id DESC LIMIT $5`,
        [filter.subjectType ?? null, filter.subjectId ?? null, filter.operatorId ?? null, filter.beforeId ?? null, filter.limit],
      );
    return rows.map((row) => ({
      id: String(row.id),
      at: new Date(row.at).toISOString(),
      operator_id: row.operator_id,
      operator_badge: row.badge_number === null ? null : Number(row.badge_number),
      operator_email: row.email,
      action: row.action,
      subject_type: row.subject_type,
      subject_id: row.subject_id,
      before: row.before,
      after: row.after,
      request_id: row.request_id,
    }));
  }
}

const TOTP_PERIOD_SECONDS = 30;

/** TOTP (RFC 6238, 30 s, 6 digits, SHA-1: what authenticator apps use) with otplib, as the shoppers' second factor. */
export class OtplibOperatorAuthenticator implements OperatorAuthenticator {
  newSecret(label: string): { secret: string; uri: string } {
    const secret = generateSecret();
    return { secret, uri: generateURI({ issuer: 'Affinity Store back office', label, secret }) };
  }

  async matchingStep(secret: string, code: string, now: Date): Promise<number | null> {
    const trimmed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(trimmed)) return null;
    const epoch = Math.floor(now.getTime() / 1000);
    const result = await verify({ secret, token: trimmed, epoch, epochTolerance: 30 });
    return result.valid ? Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta : null;
  }
}
