import type { ChargeRequest, ChargeResult, PaymentPort } from '@store/application';
import type { DataSource } from 'typeorm';

/** A gateway adapter that can also say what happened to a charge it was asked for, by its key. */
export interface LookupablePaymentPort extends PaymentPort {
  /** The outcome of the charge made with this key, or null if the gateway has none. */
  lookup(idempotencyKey: string): Promise<ChargeResult | null>;
}

export interface LedgerTiming {
  /** How long a caller waits for another caller's charge of the same key before giving up (unknown). */
  readonly waitMs: number;
  /** A claim older than this, still without an answer, was abandoned (a crash): it may be taken over. */
  readonly claimTimeoutMs: number;
  readonly pollMs: number;
}

type LedgerRow = { state: 'in-flight' | 'unknown' | 'charged' | 'declined'; transaction_id: string | null; decline_code: number | null; decline_reason: string | null };

const settled = (row: LedgerRow): ChargeResult | null => {
  if (row.state === 'charged' && row.transaction_id) return { outcome: 'charged', transactionId: row.transaction_id };
  if (row.state === 'declined' && row.decline_code !== null) return { outcome: 'declined', code: row.decline_code, reason: row.decline_reason ?? '' };
  return null;
};

/**
 * Exactly one charge per idempotency key, for a gateway that has no idempotency keys of its own
 * (the card gateway): the key is claimed in Postgres before the gateway is called, so concurrent
 * callers and API instances wait for the one charge; a claim left without an answer (a timeout,
 * a crash) is settled by asking the gateway what it did with that key before charging again.
 */
export class LedgeredPaymentPort implements PaymentPort {
  constructor(
    private readonly gateway: 'braintree' | 'digital-river',
    private readonly inner: LookupablePaymentPort,
    private readonly dataSource: DataSource,
    private readonly timing: LedgerTiming,
  ) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const key = request.idempotencyKey;
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO payment_charges (idempotency_key, gateway, order_number, state) VALUES ($1, $2, $3, 'in-flight')
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING idempotency_key`,
      [key, this.gateway, request.orderNumber],
    );
    if (inserted.length === 1) return this.chargeClaimed(request, false);

    const deadline = Date.now() + this.timing.waitMs;
    for (;;) {
      const [row]: LedgerRow[] = await this.dataSource.query(
        `SELECT state, transaction_id, decline_code, decline_reason FROM payment_charges WHERE idempotency_key = $1`,
        [key],
      );
      const known = row && settled(row);
      if (known) return known;
      // TypeORM answers an UPDATE … RETURNING with [rows, count].
      const [takenOver]: [unknown[], number] = await this.dataSource.query(
        `UPDATE payment_charges SET state = 'in-flight', claimed_at = now()
         WHERE idempotency_key = $1 AND (state = 'unknown' OR (state = 'in-flight' AND claimed_at < now() - make_interval(secs => $2::double precision / 1000)))
         RETURNING idempotency_key`,
        [key, this.timing.claimTimeoutMs],
      );
      if (takenOver.length === 1) return this.chargeClaimed(request, true);
      if (Date.now() >= deadline) throw new Error(`The charge ${key} is still in progress elsewhere`);
      await new Promise((resolve) => setTimeout(resolve, this.timing.pollMs));
    }
  }

  /** The claim is ours: ask first if an earlier claim may have charged, then charge, and write the answer down. */
  private async chargeClaimed(request: ChargeRequest, earlierAttemptPossible: boolean): Promise<ChargeResult> {
    let result: ChargeResult | null;
    try {
      result = earlierAttemptPossible ? await this.inner.lookup(request.idempotencyKey) : null;
      result ??= await this.inner.charge(request);
    } catch (error) {
      // No answer: the next caller with this key must find out before charging.
      await this.dataSource.query(`UPDATE payment_charges SET state = 'unknown' WHERE idempotency_key = $1 AND state = 'in-flight'`, [
        request.idempotencyKey,
      ]);
      throw error;
    }
    await this.dataSource.query(
      `UPDATE payment_charges SET state = $2, transaction_id = $3, decline_code = $4, decline_reason = $5, settled_at = now()
       WHERE idempotency_key = $1`,
      result.outcome === 'charged'
        ? [request.idempotencyKey, 'charged', result.transactionId, null, null]
        : [request.idempotencyKey, 'declined', null, result.code, result.reason],
    );
    return result;
  }
}
