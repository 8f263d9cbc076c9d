import type { BackOfficeReads } from '@store/application';
import type { AdminLedgerEntryJson, AdminOrderSearchJson, AttentionItemJson, AttentionJson, DisputeJson, RefundJson } from '@store/domain';
import type { DataSource } from 'typeorm';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const isoNow = (value: Date | string): string => new Date(value).toISOString();

type DisputeRow = {
  id: string;
  gateway: DisputeJson['gateway'];
  order_number: string | null;
  transaction_id: string | null;
  status: DisputeJson['status'];
  reason: string | null;
  amount_minor: number | null;
  currency: string | null;
  reply_by: string | Date | null;
  opened_at: Date;
  decided_at: Date | null;
  evidence: { id: string; kind: 'text' | 'file'; summary: string; added_at: string; operator_badge: number | null }[] | null;
};

const DISPUTE_SELECT = `SELECT d.*, to_char(d.reply_by, 'YYYY-MM-DD') AS reply_by,
  (SELECT json_agg(json_build_object('id', e.id, 'kind', e.kind, 'summary', e.summary, 'added_at', e.added_at, 'operator_badge', o.badge_number) ORDER BY e.added_at)
   FROM dispute_evidence e LEFT JOIN operators o ON o.id = e.operator_id WHERE e.dispute_id = d.id) AS evidence
  FROM disputes d`;

const toDispute = (row: DisputeRow): DisputeJson => ({
  id: row.id,
  gateway: row.gateway,
  order_number: row.order_number,
  transaction_id: row.transaction_id,
  status: row.status,
  reason: row.reason,
  amount: row.amount_minor === null ? null : Number(row.amount_minor),
  currency: row.currency,
  reply_by: row.reply_by === null ? null : String(row.reply_by),
  opened_at: isoNow(row.opened_at),
  decided_at: iso(row.decided_at),
  evidence: (row.evidence ?? []).map((item) => ({ ...item, added_at: isoNow(item.added_at), operator_badge: item.operator_badge === null ? null : Number(item.operator_badge) })),
});

/** What the back office's pages read, straight from the tables (staff read rarely; nothing here is cached). */
export class PostgresBackOfficeReads implements BackOfficeReads {
  constructor(private readonly dataSource: DataSource) {}

  async searchOrders(criteria: { text: string | null; from: string | null; to: string | null; limit: number }): Promise<AdminOrderSearchJson> {
    const text = criteria.text?.trim() || null;
    const byNumber = text && /^AFS-\d{8,}$/i.test(text) ? text.toUpperCase() : null;
    const byEmail = text && !byNumber && text.includes('@') ? text.toLowerCase() : null;
    const byReference = text && !byNumber && !byEmail ? text : null;
    const rows: {
      number: string;
      status: AdminOrderSearchJson['orders'][number]['status'];
      gateway: AdminOrderSearchJson['orders'][number]['gateway'];
      email: string;
      first_name: string;
      last_name: string;
      currency: string;
      gross_minor: number;
      refunded: number;
      created_at: Date;
      open_dispute: boolean;
    }[] = await this.dataSource.query(
      `SELECT o.number, o.status, o.gateway, c.email, c.first_name, c.last_name, o.currency, o.gross_minor, o.created_at,
         coalesce((SELECT sum(r.charged_minor) FROM order_refunds r WHERE r.order_number = o.number AND r.state IN ('pending', 'refunded', 'voided')), 0) AS refunded,
         EXISTS (SELECT 1 FROM disputes d WHERE d.order_number = o.number AND d.status IN ('open', 'disputed')) AS open_dispute
       FROM orders o JOIN customers c ON c.id = o.customer_id
       WHERE ($1::text IS NULL OR o.number = $1)
         AND ($2::text IS NULL OR c.email_normalised = $2)
         AND ($3::text IS NULL OR o.transaction_id = $3
           OR EXISTS (SELECT 1 FROM payment_charges pc WHERE pc.order_number = o.number AND pc.transaction_id = $3)
           OR EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_number = o.number AND r.provider_refund_id = $3)
           OR EXISTS (SELECT 1 FROM disputes d WHERE d.order_number = o.number AND d.id = $3))
         AND ($4::date IS NULL OR o.created_at >= $4::date)
         AND ($5::date IS NULL OR o.created_at < $5::date + 1)
       ORDER BY o.created_at DESC, o.number DESC LIMIT $6`,
      [byNumber, byEmail, byReference, criteria.from, criteria.to, criteria.limit + 1],
    );
    return {
      truncated: rows.length > criteria.limit,
      orders: rows.slice(0, criteria.limit).map((row) => ({
        number: row.number,
        status: row.status,
        gateway: row.gateway,
        email: row.email,
        customer_name: `${row.first_name} ${row.last_name}`,
        currency: row.currency,
        gross: Number(row.gross_minor),
        refunded: Number(row.refunded),
        created_at: isoNow(row.created_at),
        open_dispute: row.open_dispute,
      })),
    };
  }

  async order(number: string): ReturnType<BackOfficeReads['order']> {
    const [row]: {
      number: string;
      status: AdminOrderSearchJson['orders'][number]['status'];
      gateway: AdminOrderSearchJson['orders'][number]['gateway'];
      locale: string;
      created_at: Date;
      paid_at: Date | null;
      customer_id: string;
      email: string;
      first_name: string;
      last_name: string;
      currency: string;
      tax_inclusive: boolean;
      net_minor: number;
      tax_minor: number;
      gross_minor: number;
      discount_minor: number;
      discount_code: string | null;
      voucher_code: string | null;
      voucher_minor: number;
      billing_address: Record<string, string | null> | null;
      transaction_id: string | null;
      tax_certificate_id: string | null;
    }[] = await this.dataSource.query(
      `SELECT o.*, c.email, c.first_name, c.last_name FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.number = $1`,
      [number],
    );
    if (!row) return null;
    const [lines, keys, charges, reversals, refunds, disputes, certificates, localPayments] = await Promise.all([
      this.dataSource.query(
        `SELECT ol.*, (SELECT l.refund_id FROM order_refund_lines l WHERE l.order_number = ol.order_number AND l.line_position = ol.position AND l.active) AS refund_id
         FROM order_lines ol WHERE ol.order_number = $1 ORDER BY ol.position`,
        [number],
      ) as Promise<{ position: number; product_reference: string; product_name: string; choice_name: string; quantity: number; unit_price_minor: number; total_minor: number; discount_minor: number; is_bonus: boolean; tax_rate_bp: number | null; refund_id: string | null }[]>,
      this.dataSource.query(`SELECT key, line_position, product_reference, created_at, revoked_at FROM product_keys WHERE order_number = $1 ORDER BY line_position, created_at`, [number]) as Promise<
        { key: string; line_position: number; product_reference: string; created_at: Date; revoked_at: Date | null }[]
      >,
      this.dataSource.query(`SELECT * FROM payment_charges WHERE order_number = $1 ORDER BY claimed_at`, [number]) as Promise<
        { idempotency_key: string; gateway: AdminLedgerEntryJson['gateway']; state: string; claimed_at: Date; transaction_id: string | null; decline_code: number | null; decline_reason: string | null; uncertain: boolean }[]
      >,
      this.dataSource.query(`SELECT * FROM payment_reversals WHERE order_number = $1 ORDER BY claimed_at`, [number]) as Promise<
        { transaction_id: string; gateway: AdminLedgerEntryJson['gateway']; idempotency_key: string; reason: string; state: string; claimed_at: Date }[]
      >,
      this.dataSource.query(
        `SELECT r.*, o.badge_number, coalesce((SELECT array_agg(l.line_position ORDER BY l.line_position) FROM order_refund_lines l WHERE l.refund_id = r.id), '{}') AS positions
         FROM order_refunds r LEFT JOIN operators o ON o.id = r.operator_id WHERE r.order_number = $1 ORDER BY r.sequence`,
        [number],
      ) as Promise<
        { id: string; sequence: number; credit_note_sequence: number | null; state: RefundJson['state']; whole: boolean; net_minor: number; tax_minor: number; gross_minor: number; charged_minor: number; reason: string; badge_number: number | null; provider_refund_id: string | null; created_at: Date; gateway: AdminLedgerEntryJson['gateway']; decline_reason: string | null; positions: number[] }[]
      >,
      this.dataSource.query(`${DISPUTE_SELECT} WHERE d.order_number = $1 ORDER BY d.opened_at`, [number]) as Promise<DisputeRow[]>,
      row.tax_certificate_id
        ? (this.dataSource.query(`SELECT id, tax_authority, file_name, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, review FROM tax_certificates WHERE id = $1`, [
            row.tax_certificate_id,
          ]) as Promise<{ id: string; tax_authority: string; file_name: string; start_date: string | null; end_date: string | null; review: 'approved' | 'rejected' | null }[]>)
        : Promise.resolve([]),
      this.dataSource.query(`SELECT payment_id, method FROM local_payments WHERE order_number = $1 ORDER BY started_at`, [number]) as Promise<{ payment_id: string; method: string }[]>,
    ]);

    const storeIssues = row.gateway === 'braintree';
    const refundJson: RefundJson[] = refunds.map((refund) => {
      const creditNote = storeIssues && refund.credit_note_sequence !== null ? `${row.number}-CN${refund.credit_note_sequence}` : null;
      return {
        id: refund.id,
        state: refund.state,
        positions: (refund.positions ?? []).map(Number),
        amount: Number(refund.charged_minor),
        net: Number(refund.net_minor),
        tax: Number(refund.tax_minor),
        whole: refund.whole,
        reason: refund.reason,
        operator_badge: refund.badge_number === null ? null : Number(refund.badge_number),
        provider_refund_id: refund.provider_refund_id,
        credit_note_number: creditNote,
        credit_note_url: creditNote ? `/data/admin/orders/${encodeURIComponent(row.number)}/credit-notes/${creditNote}.pdf` : null,
        created_at: isoNow(refund.created_at),
      };
    });
    const disputeJson = disputes.map(toDispute);
    const ledger: AdminLedgerEntryJson[] = [
      ...charges.map((charge) => ({
        kind: 'charge' as const,
        at: isoNow(charge.claimed_at),
        gateway: charge.gateway,
        state: charge.state,
        // The ledger keeps no amounts: the charge the order is paid by took what the order charges.
        amount: charge.state === 'charged' && charge.transaction_id === row.transaction_id ? Number(row.gross_minor) - Number(row.voucher_minor ?? 0) : null,
        provider_reference: charge.transaction_id,
        reference: charge.idempotency_key,
        uncertain: charge.uncertain,
        detail: charge.decline_reason,
      })),
      ...reversals.map((reversal) => ({
        kind: 'reversal' as const,
        at: isoNow(reversal.claimed_at),
        gateway: reversal.gateway,
        state: reversal.state,
        amount: null,
        provider_reference: reversal.transaction_id,
        reference: reversal.idempotency_key,
        uncertain: reversal.state === 'unknown',
        detail: reversal.reason,
      })),
      ...refunds.map((refund) => ({
        kind: 'refund' as const,
        at: isoNow(refund.created_at),
        gateway: refund.gateway,
        state: refund.state,
        amount: Number(refund.charged_minor),
        provider_reference: refund.provider_refund_id,
        reference: refund.id,
        uncertain: refund.state === 'unknown',
        detail: refund.decline_reason ?? refund.reason,
      })),
      ...disputeJson.map((dispute) => ({
        kind: 'dispute' as const,
        at: dispute.opened_at,
        gateway: dispute.gateway,
        state: dispute.status,
        amount: dispute.amount,
        provider_reference: dispute.id,
        reference: dispute.id,
        uncertain: false,
        detail: dispute.reason,
      })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    const certificate = certificates[0];
    const references = [
      ...(row.transaction_id ? [{ label: row.gateway === 'digital-river' ? 'Digital River order' : 'Braintree transaction', value: row.transaction_id }] : []),
      ...charges.filter((charge) => charge.transaction_id && charge.transaction_id !== row.transaction_id).map((charge) => ({ label: 'Earlier charge', value: charge.transaction_id as string })),
      ...refunds.filter((refund) => refund.provider_refund_id).map((refund) => ({ label: `Refund ${refund.sequence}`, value: refund.provider_refund_id as string })),
      ...localPayments.map((payment) => ({ label: `Local payment (${payment.method})`, value: payment.payment_id })),
    ];
    return {
      number: row.number,
      status: row.status,
      gateway: row.gateway,
      locale: row.locale,
      created_at: isoNow(row.created_at),
      paid_at: iso(row.paid_at),
      customer: { id: row.customer_id, email: row.email, name: `${row.first_name} ${row.last_name}` },
      currency: row.currency,
      tax_inclusive: row.tax_inclusive,
      totals: {
        net: Number(row.net_minor),
        tax: Number(row.tax_minor),
        gross: Number(row.gross_minor),
        discount: Number(row.discount_minor),
        voucher: Number(row.voucher_minor ?? 0),
        charged: Number(row.gross_minor) - Number(row.voucher_minor ?? 0),
        refunded: refundJson.filter((refund) => ['pending', 'refunded', 'voided'].includes(refund.state)).reduce((sum, refund) => sum + refund.amount, 0),
      },
      discount_code: row.discount_code,
      voucher_code: row.voucher_code,
      billing_address: row.billing_address,
      tax_certificate: certificate
        ? { id: certificate.id, tax_authority: certificate.tax_authority, file_name: certificate.file_name, start_date: certificate.start_date, end_date: certificate.end_date, reviewed: certificate.review ?? 'pending' }
        : null,
      lines: lines.map((line) => ({
        position: Number(line.position),
        product_reference: line.product_reference,
        product_name: line.product_name,
        choice: line.choice_name,
        quantity: Number(line.quantity),
        unit_price: Number(line.unit_price_minor),
        total: Number(line.total_minor),
        discount: Number(line.discount_minor),
        is_bonus: line.is_bonus,
        tax_rate_basis_points: line.tax_rate_bp === null ? null : Number(line.tax_rate_bp),
        refund_id: line.refund_id,
      })),
      product_keys: keys.map((key) => ({ key: key.key, position: Number(key.line_position), product_reference: key.product_reference, created_at: isoNow(key.created_at), revoked_at: iso(key.revoked_at) })),
      ledger,
      refunds: refundJson,
      disputes: disputeJson,
      provider_references: references,
    };
  }

  async disputes(filter: { status: string | null }): Promise<readonly DisputeJson[]> {
    const rows: DisputeRow[] = await this.dataSource.query(`${DISPUTE_SELECT} WHERE ($1::text IS NULL OR d.status = $1) ORDER BY d.reply_by NULLS LAST, d.opened_at DESC LIMIT 200`, [filter.status]);
    return rows.map(toDispute);
  }

  async dispute(id: string): Promise<DisputeJson | null> {
    const rows: DisputeRow[] = await this.dataSource.query(`${DISPUTE_SELECT} WHERE d.id = $1`, [id]);
    return rows[0] ? toDispute(rows[0]) : null;
  }

  async attention(now: Date, pendingWindowMs: number): Promise<AttentionJson> {
    const item = (kind: AttentionItemJson['kind'], actions: AttentionItemJson['actions']) => (row: { id: string; order_number: string | null; summary: string; since: Date }): AttentionItemJson => ({
      kind,
      id: row.id,
      order_number: row.order_number,
      summary: row.summary,
      since: isoNow(row.since),
      actions,
    });
    const check = [{ action: 'check', label: 'Ask the provider now' }];
    const [uncertain, pending, webhooks, taxIds, certificates] = await Promise.all([
      this.dataSource.query(
        `SELECT o.number AS id, o.number AS order_number, c.claimed_at AS since,
           'Charge ' || c.idempotency_key || ' (' || c.gateway || ') ' || CASE WHEN c.state = 'unknown' THEN 'has no answer' ELSE 'was once without an answer; the order is still ' || o.status END AS summary
         FROM payment_charges c JOIN orders o ON o.number = c.order_number
         WHERE c.state IN ('unknown', 'in-flight') OR (c.uncertain AND o.status = 'pending')
         UNION ALL
         SELECT 'refund:' || r.id, r.order_number, r.claimed_at, 'Refund ' || r.id || ' has no answer from ' || r.gateway
         FROM order_refunds r WHERE r.state = 'unknown'
         ORDER BY since LIMIT 100`,
      ),
      this.dataSource.query(
        `SELECT o.number AS id, o.number AS order_number, o.created_at AS since, 'Pending since ' || to_char(o.created_at, 'YYYY-MM-DD HH24:MI') || ' (' || o.gateway || ')' AS summary
         FROM orders o WHERE o.status = 'pending' AND o.created_at < $1 ORDER BY o.created_at LIMIT 100`,
        [new Date(now.getTime() - pendingWindowMs)],
      ),
      this.dataSource.query(
        `SELECT n.id, NULL::text AS order_number, n.received_at AS since,
           n.gateway || ' ' || n.provider_kind || ': failed ' || n.attempts || ' time(s)' || coalesce(': ' || left(n.last_error, 200), '') AS summary
         FROM provider_notifications n WHERE n.processed_at IS NULL AND n.attempts > 0 ORDER BY n.received_at LIMIT 100`,
      ),
      this.dataSource.query(
        `SELECT t.id::text AS id, NULL::text AS order_number, t.checked_at AS since,
           'Tax ID ' || t.country || ' ' || t.tax_id || ' of ' || c.email || ' could not be verified (' || t.service || ')' AS summary
         FROM tax_id_checks t JOIN customers c ON c.id = t.customer_id
         WHERE t.result = 'unverified' AND t.settled_at IS NULL ORDER BY t.checked_at LIMIT 100`,
      ),
      this.dataSource.query(
        `SELECT t.id::text AS id, t.order_reference AS order_number, t.created_at AS since,
           t.tax_authority || ' certificate ' || t.file_name || ' (' || to_char(t.start_date, 'YYYY-MM-DD') || ' to ' || to_char(t.end_date, 'YYYY-MM-DD') || ') used with order ' || t.order_reference AS summary
         FROM tax_certificates t WHERE t.order_reference IS NOT NULL AND t.review IS NULL ORDER BY t.created_at LIMIT 100`,
      ),
    ]);
    return {
      uncertain_charges: uncertain.map(item('uncertain-charge', check)),
      pending_orders: pending.map(item('pending-order', check)),
      failed_webhooks: webhooks.map(item('failed-webhook', [{ action: 'retry', label: 'Try again now' }])),
      unverified_tax_ids: taxIds.map(item('tax-id', [{ action: 'check-again', label: 'Check again now' }])),
      certificates: certificates.map(
        item('certificate', [
          { action: 'approve', label: 'Approve' },
          { action: 'reject', label: 'Reject' },
        ]),
      ),
    };
  }
}
