import type { LocalPayment, LocalPaymentEnd, LocalPaymentRepository, StoredLocalPaymentState } from '@store/application';
import type { LocalPaymentMethod } from '@store/domain';
import type { DataSource } from 'typeorm';

interface LocalPaymentRow {
  payment_id: string;
  order_number: string;
  method: LocalPaymentMethod;
  state: StoredLocalPaymentState;
  nonce: string | null;
  started_at: Date;
}

const toPayment = (row: LocalPaymentRow): LocalPayment => ({
  paymentId: row.payment_id,
  orderNumber: row.order_number,
  method: row.method,
  state: row.state,
  nonce: row.nonce,
  startedAt: row.started_at,
});

const COLUMNS = 'payment_id, order_number, method, state, nonce, started_at';

/**
 * Local payments on Postgres. Each move of a payment's state is one UPDATE whose WHERE names the
 * states it may move from: two callers racing (the shopper's cancel and the provider's approval,
 * the page's charge and the worker's) meet on the row, and only the first finds it where it was.
 */
export class PostgresLocalPaymentRepository implements LocalPaymentRepository {
  constructor(private readonly dataSource: DataSource) {}

  async start(payment: { paymentId: string; orderNumber: string; method: LocalPaymentMethod }): Promise<'recorded' | 'taken'> {
    const rows: { order_number: string }[] = await this.dataSource.query(
      `WITH recorded AS (
         INSERT INTO local_payments (payment_id, order_number, method) VALUES ($1, $2, $3)
         ON CONFLICT (payment_id) DO NOTHING RETURNING order_number
       )
       SELECT order_number FROM recorded UNION ALL SELECT order_number FROM local_payments WHERE payment_id = $1`,
      [payment.paymentId, payment.orderNumber, payment.method],
    );
    return rows[0]?.order_number === payment.orderNumber ? 'recorded' : 'taken';
  }

  async find(paymentId: string): Promise<LocalPayment | null> {
    const rows: LocalPaymentRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM local_payments WHERE payment_id = $1`, [paymentId]);
    return rows[0] ? toPayment(rows[0]) : null;
  }

  async findByOrder(orderNumber: string): Promise<LocalPayment | null> {
    const rows: LocalPaymentRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM local_payments WHERE order_number = $1 ORDER BY started_at DESC, payment_id LIMIT 1`,
      [orderNumber],
    );
    return rows[0] ? toPayment(rows[0]) : null;
  }

  async approve(paymentId: string, nonce: string): Promise<LocalPayment | null> {
    await this.dataSource.query(
      `UPDATE local_payments SET state = 'approved', nonce = $2, updated_at = now() WHERE payment_id = $1 AND state = 'waiting'`,
      [paymentId, nonce],
    );
    return this.find(paymentId);
  }

  async claimForCharge(paymentId: string, nonce: string | null, staleAfterMs: number): Promise<LocalPayment | null> {
    const rows: LocalPaymentRow[] = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE local_payments SET state = 'completing', nonce = coalesce($2, nonce), claimed_at = now(), updated_at = now()
         WHERE payment_id = $1 AND coalesce($2, nonce) IS NOT NULL
           AND (state IN ('waiting', 'approved')
                OR (state = 'completing' AND claimed_at < now() - make_interval(secs => $3::double precision / 1000)))
         RETURNING ${COLUMNS}
       )
       SELECT * FROM claimed`,
      [paymentId, nonce, staleAfterMs],
    );
    return rows[0] ? toPayment(rows[0]) : null;
  }

  async settle(paymentId: string, outcome: 'paid' | 'failed'): Promise<void> {
    await this.dataSource.query(
      `UPDATE local_payments SET state = $2, claimed_at = NULL, updated_at = now() WHERE payment_id = $1 AND state = 'completing'`,
      [paymentId, outcome],
    );
  }

  async end(paymentId: string, end: LocalPaymentEnd): Promise<boolean> {
    // The provider reverses a payment it approved but nobody charged; the shopper and the clock end only one still waiting.
    const from = end === 'reversed' ? ['waiting', 'approved'] : ['waiting'];
    const rows: unknown[] = await this.dataSource.query(
      `WITH ended AS (
         UPDATE local_payments SET state = $2, updated_at = now() WHERE payment_id = $1 AND state = ANY($3::text[]) RETURNING payment_id
       )
       SELECT * FROM ended`,
      [paymentId, end, from],
    );
    return rows.length === 1;
  }

  async markFunded(paymentId: string): Promise<void> {
    await this.dataSource.query(`UPDATE local_payments SET funded_at = coalesce(funded_at, now()), updated_at = now() WHERE payment_id = $1`, [paymentId]);
  }

  async dueForCharge(staleAfterMs: number, limit: number): Promise<readonly string[]> {
    const rows: { payment_id: string }[] = await this.dataSource.query(
      `SELECT payment_id FROM local_payments
       WHERE state = 'approved' OR (state = 'completing' AND claimed_at < now() - make_interval(secs => $1::double precision / 1000))
       ORDER BY updated_at LIMIT $2`,
      [staleAfterMs, limit],
    );
    return rows.map((row) => row.payment_id);
  }
}
