import type { AttentionActions, DisputeStore, ProductKeyReissue, RefundClaim, RefundLedger, StoredDispute, StoredDisputeStatus, StoredRefund, UncapturedOrders } from '@store/application';
import type { OutgoingMail } from '@store/application';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../persistence/repositories/typeorm-identity.repositories';

type RefundRow = {
  id: string;
  order_number: string;
  request_key: string;
  sequence: number;
  gateway: 'braintree' | 'digital-river';
  transaction_id: string;
  state: StoredRefund['state'];
  whole: boolean;
  net_minor: number;
  tax_minor: number;
  gross_minor: number;
  charged_minor: number;
  reason: string;
  operator_id: string | null;
  provider_refund_id: string | null;
  credit_note_sequence: number | null;
  claimed_at: Date;
  positions: number[];
};

const REFUND_SELECT = `SELECT r.*, coalesce((SELECT array_agg(l.line_position ORDER BY l.line_position) FROM order_refund_lines l WHERE l.refund_id = r.id), '{}') AS positions FROM order_refunds r`;

const toRefund = (row: RefundRow): StoredRefund => ({
  id: row.id,
  orderNumber: row.order_number,
  requestKey: row.request_key,
  sequence: Number(row.sequence),
  gateway: row.gateway,
  transactionId: row.transaction_id,
  state: row.state,
  positions: (row.positions ?? []).map(Number),
  whole: row.whole,
  netMinor: Number(row.net_minor),
  taxMinor: Number(row.tax_minor),
  grossMinor: Number(row.gross_minor),
  chargedMinor: Number(row.charged_minor),
  reason: row.reason,
  operatorId: row.operator_id,
  providerRefundId: row.provider_refund_id,
  creditNoteSequence: row.credit_note_sequence === null ? null : Number(row.credit_note_sequence),
  claimedAt: new Date(row.claimed_at),
});

/** Queues a mail in the transaction that makes the change it tells of. */
async function queueMail(db: EntityManager, mail: OutgoingMail | null): Promise<void> {
  if (!mail) return;
  await db.query(`INSERT INTO mail_outbox (id, recipient, subject, text_body, html_body) VALUES ($1, $2, $3, $4, $5)`, [randomUUID(), mail.to, mail.subject, mail.text, mail.html ?? null]);
}

/**
 * Refunds made by staff. A claim locks the order's row, so claims of one order are taken one at a
 * time: the request key and the lines are checked and held in the same transaction, and the
 * partial unique index on standing refund lines holds even against SQL run by hand.
 */
export class PostgresRefundLedger implements RefundLedger {
  constructor(private readonly dataSource: DataSource) {}

  async byRequestKey(orderNumber: string, requestKey: string): Promise<StoredRefund | null> {
    const rows: RefundRow[] = await this.dataSource.query(`${REFUND_SELECT} WHERE r.order_number = $1 AND r.request_key = $2`, [orderNumber, requestKey]);
    return rows[0] ? toRefund(rows[0]) : null;
  }

  async find(refundId: string): Promise<StoredRefund | null> {
    const rows: RefundRow[] = await this.dataSource.query(`${REFUND_SELECT} WHERE r.id = $1`, [refundId]);
    return rows[0] ? toRefund(rows[0]) : null;
  }

  async unfinished(staleMs: number, limit: number): Promise<readonly StoredRefund[]> {
    const rows: RefundRow[] = await this.dataSource.query(
      `${REFUND_SELECT} WHERE r.state IN ('unknown', 'pending') OR (r.state = 'in-flight' AND r.claimed_at < now() - make_interval(secs => $1::double precision / 1000))
       ORDER BY r.claimed_at LIMIT $2`,
      [staleMs, limit],
    );
    return rows.map(toRefund);
  }

  async confirmed(refundId: string): Promise<boolean> {
    return returnedRows(await this.dataSource.query(`UPDATE order_refunds SET state = 'refunded' WHERE id = $1 AND state = 'pending' RETURNING id`, [refundId])).length === 1;
  }

  async refundedPositions(orderNumber: string): Promise<readonly number[]> {
    const rows: { line_position: number }[] = await this.dataSource.query(
      `SELECT line_position FROM order_refund_lines WHERE order_number = $1 AND active ORDER BY line_position`,
      [orderNumber],
    );
    return rows.map((row) => Number(row.line_position));
  }

  async claim(refund: RefundClaim): Promise<'claimed' | 'lines-taken' | 'key-taken'> {
    return this.dataSource.transaction(async (db) => {
      await db.query(`SELECT number FROM orders WHERE number = $1 FOR UPDATE`, [refund.orderNumber]);
      const taken: unknown[] = await db.query(`SELECT 1 FROM order_refunds WHERE order_number = $1 AND request_key = $2`, [refund.orderNumber, refund.requestKey]);
      if (taken.length > 0) return 'key-taken';
      const held: unknown[] = await db.query(`SELECT 1 FROM order_refund_lines WHERE order_number = $1 AND active AND line_position = ANY($2::int[])`, [
        refund.orderNumber,
        refund.positions,
      ]);
      if (held.length > 0) return 'lines-taken';
      await db.query(
        `INSERT INTO order_refunds (id, order_number, request_key, sequence, gateway, transaction_id, state, whole, net_minor, tax_minor, gross_minor, charged_minor, reason, operator_id)
         VALUES ($1, $2::varchar, $3, (SELECT coalesce(max(sequence), 0) + 1 FROM order_refunds WHERE order_number = $2::varchar), $4, $5, 'in-flight', $6, $7, $8, $9, $10, $11, $12)`,
        [refund.id, refund.orderNumber, refund.requestKey, refund.gateway, refund.transactionId, refund.whole, refund.netMinor, refund.taxMinor, refund.grossMinor, refund.chargedMinor, refund.reason.slice(0, 500), refund.operatorId],
      );
      await db.query(`INSERT INTO order_refund_lines (refund_id, order_number, line_position) SELECT $1, $2, unnest($3::int[])`, [refund.id, refund.orderNumber, refund.positions]);
      return 'claimed';
    });
  }

  async takeOver(refundId: string, staleMs: number): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE order_refunds SET state = 'in-flight', claimed_at = now()
         WHERE id = $1 AND (state = 'unknown' OR (state = 'in-flight' AND claimed_at < now() - make_interval(secs => $2::double precision / 1000)))
         RETURNING id`,
        [refundId, staleMs],
      ),
    );
    return rows.length === 1;
  }

  async unknown(refundId: string): Promise<void> {
    await this.dataSource.query(`UPDATE order_refunds SET state = 'unknown' WHERE id = $1 AND state = 'in-flight'`, [refundId]);
  }

  async declined(refundId: string, reason: string): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      const rows = returnedRows(
        await db.query(`UPDATE order_refunds SET state = 'declined', decline_reason = $2, settled_at = now() WHERE id = $1 AND state IN ('in-flight', 'unknown') RETURNING id`, [
          refundId,
          reason.slice(0, 500),
        ]),
      );
      if (rows.length === 1) await db.query(`UPDATE order_refund_lines SET active = false WHERE refund_id = $1`, [refundId]);
    });
  }

  async withdrawn(refundId: string): Promise<void> {
    // Its lines go with it (ON DELETE CASCADE); only a claim still unanswered can be withdrawn.
    await this.dataSource.query(`DELETE FROM order_refunds WHERE id = $1 AND state IN ('in-flight', 'unknown')`, [refundId]);
  }

  async settled(refundId: string, outcome: 'pending' | 'refunded' | 'voided', providerRefundId: string, notice: (creditNoteSequence: number) => OutgoingMail | null): Promise<StoredRefund> {
    await this.dataSource.transaction(async (db) => {
      // The order's row is locked first, so two refunds finishing at once take different credit note numbers.
      await db.query(`SELECT number FROM orders WHERE number = (SELECT order_number FROM order_refunds WHERE id = $1) FOR UPDATE`, [refundId]);
      const rows: { order_number: string; credit_note_sequence: number }[] = returnedRows(
        await db.query(
          `UPDATE order_refunds SET state = $2, provider_refund_id = $3, settled_at = now(),
             credit_note_sequence = (SELECT coalesce(max(credit_note_sequence), 0) + 1 FROM order_refunds o WHERE o.order_number = order_refunds.order_number)
           WHERE id = $1 AND state IN ('in-flight', 'unknown') RETURNING order_number, credit_note_sequence`,
          [refundId, outcome, providerRefundId],
        ),
      );
      const orderNumber = rows[0]?.order_number;
      if (!orderNumber) return;
      await db.query(
        `UPDATE product_keys k SET revoked_at = now() FROM order_refund_lines l
         WHERE l.refund_id = $1 AND k.order_number = l.order_number AND k.line_position = l.line_position AND k.revoked_at IS NULL`,
        [refundId],
      );
      // No line left unrefunded: the order is refunded (its downloads close with it).
      await db.query(
        `UPDATE orders SET status = 'refunded', failure_reason = 'Refunded by staff'
         WHERE number = $1 AND status = 'paid'
           AND NOT EXISTS (SELECT 1 FROM order_lines ol WHERE ol.order_number = $1
             AND NOT EXISTS (SELECT 1 FROM order_refund_lines l WHERE l.order_number = ol.order_number AND l.line_position = ol.position AND l.active))`,
        [orderNumber],
      );
      await queueMail(db, notice(Number(rows[0].credit_note_sequence)));
    });
    const refund = await this.find(refundId);
    if (!refund) throw new Error(`The refund ${refundId} is gone`);
    return refund;
  }
}

const STATUS_RANK = `CASE $S WHEN 'open' THEN 1 WHEN 'disputed' THEN 2 WHEN 'accepted' THEN 3 WHEN 'expired' THEN 3 WHEN 'won' THEN 4 WHEN 'lost' THEN 4 ELSE 0 END`;
const rank = (expression: string) => STATUS_RANK.replace('$S', expression);

/** Disputes as the provider's notifications and finance's actions leave them; a status never moves back. */
export class PostgresDisputeStore implements DisputeStore {
  constructor(private readonly dataSource: DataSource) {}

  async find(id: string): Promise<StoredDispute | null> {
    const rows: { id: string; gateway: StoredDispute['gateway']; order_number: string | null; status: StoredDisputeStatus; keys_revoked_at: Date | null }[] = await this.dataSource.query(
      `SELECT id, gateway, order_number, status, keys_revoked_at FROM disputes WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    return row ? { id: row.id, gateway: row.gateway, orderNumber: row.order_number, status: row.status, keysRevoked: row.keys_revoked_at !== null } : null;
  }

  async record(dispute: Parameters<DisputeStore['record']>[0]): Promise<StoredDispute> {
    await this.dataSource.query(
      `INSERT INTO disputes (id, gateway, order_number, transaction_id, status, reason, amount_minor, currency, reply_by, opened_at, decided_at)
       VALUES ($1, $2,
         (SELECT number FROM orders WHERE transaction_id = $3::text UNION SELECT order_number FROM payment_charges WHERE transaction_id = $3::text LIMIT 1),
         $3::text, $4::varchar, $5::text, $6::integer, $7::varchar, $8::date, now(), CASE WHEN $4::varchar IN ('won', 'lost', 'accepted', 'expired') THEN $9::timestamptz END)
       ON CONFLICT (id) DO UPDATE SET
         status = CASE WHEN ${rank('EXCLUDED.status')} > ${rank('disputes.status')} THEN EXCLUDED.status ELSE disputes.status END,
         decided_at = CASE WHEN ${rank('EXCLUDED.status')} > ${rank('disputes.status')} AND EXCLUDED.status IN ('won', 'lost', 'accepted', 'expired') THEN now() ELSE disputes.decided_at END,
         transaction_id = coalesce(disputes.transaction_id, EXCLUDED.transaction_id),
         order_number = coalesce(disputes.order_number, EXCLUDED.order_number),
         reason = coalesce(EXCLUDED.reason, disputes.reason),
         amount_minor = coalesce(EXCLUDED.amount_minor, disputes.amount_minor),
         currency = coalesce(EXCLUDED.currency, disputes.currency),
         reply_by = coalesce(EXCLUDED.reply_by, disputes.reply_by),
         updated_at = now()`,
      [dispute.id, dispute.gateway, dispute.transactionId, dispute.status, dispute.reason, dispute.amountMinor, dispute.currency, dispute.replyBy, dispute.occurredAt],
    );
    const stored = await this.find(dispute.id);
    if (!stored) throw new Error(`The dispute ${dispute.id} was recorded and then not found`);
    return stored;
  }

  async addEvidence(disputeId: string, evidence: { id: string; kind: 'text' | 'file'; summary: string; operatorId: string }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO dispute_evidence (id, dispute_id, kind, summary, operator_id) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [evidence.id, disputeId, evidence.kind, evidence.summary.slice(0, 4000), evidence.operatorId],
    );
  }

  async revokeForLoss(disputeId: string, notice: OutgoingMail | null): Promise<boolean> {
    return this.dataSource.transaction(async (db) => {
      const rows: { order_number: string | null }[] = returnedRows(
        await db.query(`UPDATE disputes SET keys_revoked_at = now() WHERE id = $1 AND keys_revoked_at IS NULL AND order_number IS NOT NULL RETURNING order_number`, [disputeId]),
      );
      const orderNumber = rows[0]?.order_number;
      if (!orderNumber) return false;
      await db.query(`UPDATE orders SET status = 'refunded', failure_reason = 'Chargeback: the card issuer returned the payment' WHERE number = $1 AND status = 'paid'`, [orderNumber]);
      await db.query(`UPDATE product_keys SET revoked_at = now() WHERE order_number = $1 AND revoked_at IS NULL`, [orderNumber]);
      await queueMail(db, notice);
      return true;
    });
  }
}

/** A line's key replaced: the old one revoked and pointing at the new one, in one transaction. */
export class PostgresProductKeyReissue implements ProductKeyReissue {
  constructor(private readonly dataSource: DataSource) {}

  async reissue(orderNumber: string, linePosition: number, newKey: string): Promise<{ oldKey: string; newKey: string } | null> {
    return this.dataSource.transaction(async (db) => {
      const rows: { key: string; product_reference: string }[] = returnedRows(
        await db.query(
          `UPDATE product_keys SET revoked_at = now(), replaced_by = $3
           WHERE key = (SELECT key FROM product_keys WHERE order_number = $1 AND line_position = $2 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1 FOR UPDATE)
           RETURNING key, product_reference`,
          [orderNumber, linePosition, newKey],
        ),
      );
      const old = rows[0];
      if (!old) return null;
      await db.query(`INSERT INTO product_keys (key, order_number, line_position, product_reference) VALUES ($1, $2, $3, $4)`, [newKey, orderNumber, linePosition, old.product_reference]);
      return { oldKey: old.key, newKey };
    });
  }
}

/** The "needs a person" lists' actions, each a single guarded statement. */
export class PostgresAttentionActions implements AttentionActions {
  constructor(private readonly dataSource: DataSource) {}

  async retryNotification(id: string, now: Date): Promise<boolean> {
    const rows = returnedRows(
      await this.dataSource.query(`UPDATE provider_notifications SET next_attempt_at = $2 WHERE id = $1 AND processed_at IS NULL AND attempts > 0 RETURNING id`, [id, now]),
    );
    return rows.length === 1;
  }

  async reviewCertificate(id: string, outcome: 'approved' | 'rejected', operatorId: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    const rows = returnedRows(
      await this.dataSource.query(
        `UPDATE tax_certificates SET review = $2, reviewed_at = now(), reviewed_by = $3 WHERE id = $1 AND review IS NULL AND order_reference IS NOT NULL RETURNING id`,
        [id, outcome, operatorId],
      ),
    );
    return rows.length === 1;
  }

  async retryTaxIdCheck(id: string, now: Date): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    const rows = returnedRows(
      await this.dataSource.query(`UPDATE tax_id_checks SET retry_after = $2 WHERE id = $1 AND result = 'unverified' AND settled_at IS NULL RETURNING id`, [id, now]),
    );
    return rows.length === 1;
  }
}

/** Paid merchant-of-record orders whose charge the provider has not been told to capture yet, oldest first. */
export class PostgresUncapturedOrders implements UncapturedOrders {
  constructor(private readonly dataSource: DataSource) {}

  async uncaptured(limit: number): Promise<readonly { number: string; transactionId: string }[]> {
    const rows: { number: string; transaction_id: string }[] = await this.dataSource.query(
      `SELECT number, transaction_id FROM orders WHERE gateway = 'digital-river' AND status = 'paid' AND captured_at IS NULL AND transaction_id IS NOT NULL ORDER BY paid_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ number: row.number, transactionId: row.transaction_id }));
  }

  async captured(number: string): Promise<void> {
    await this.dataSource.query(`UPDATE orders SET captured_at = now() WHERE number = $1 AND captured_at IS NULL`, [number]);
  }
}
