import type { ChargeRequest, ChargeResult, PaymentPort, ProviderCharge } from '@store/application';
import { ErrorCatalogue, type PayingGateway } from '@store/domain';
import type { DataSource } from 'typeorm';
import { preparedQuery } from '../persistence/prepared-statements';

/** A gateway adapter that can also say what happened to a charge it was asked for, by its key, and give a charge back. */
export interface LookupablePaymentPort {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The outcome of the charge made with this key, or null if the gateway has none. */
  lookup(idempotencyKey: string): Promise<ChargeResult | null>;
  /** Every charge in force (not reversed) the gateway holds under these keys. */
  chargesFor(idempotencyKeys: readonly string[]): Promise<readonly ProviderCharge[]>;
  /** Where a bank debit stands, for a gateway that takes them. */
  debitStatus?(transactionId: string): Promise<'pending' | 'settled' | 'declined' | null>;
  /**
   * Gives the charge back unless it is already (void, refund, cancellation), asking the gateway
   * first, so calling it again after a lost answer does nothing more. Throws when the outcome is unknown.
   */
  reverse(transactionId: string): Promise<void>;
}

export interface LedgerTiming {
  /** How long a caller waits for another caller's charge of the same key before giving up (unknown). */
  readonly waitMs: number;
  /** A claim older than this, still without an answer, was abandoned (a crash): it may be taken over. */
  readonly claimTimeoutMs: number;
  readonly pollMs: number;
}

type LedgerRow = {
  state: 'in-flight' | 'unknown' | 'charged' | 'declined';
  transaction_id: string | null;
  decline_code: number | null;
  decline_reason: string | null;
  settles_later: boolean;
};

/** What a key the gateway never charged is settled as: nothing may be charged under it any more. */
const ABANDONED: ChargeResult = { outcome: 'declined', code: ErrorCatalogue.ORDER_FAILED.code, reason: 'Abandoned: the gateway holds no charge for this attempt' };

const settled = (row: LedgerRow): ChargeResult | null => {
  if (row.state === 'charged' && row.transaction_id) return { outcome: 'charged', transactionId: row.transaction_id, ...(row.settles_later ? { settlesLater: true } : {}) };
  if (row.state === 'declined' && row.decline_code !== null) return { outcome: 'declined', code: row.decline_code, reason: row.decline_reason ?? '' };
  return null;
};

/**
 * Exactly one charge per idempotency key, for a gateway that has no idempotency keys of its own
 * (the card gateway): the key is claimed in Postgres before the gateway is called, so concurrent
 * callers and API instances wait for the one charge; a claim left without an answer (a timeout,
 * a crash) is settled by asking the gateway what it did with that key before charging again.
 *
 * Reversals (for payment reconciliation) have a ledger of their own, one row per gateway
 * transaction: a void, refund or cancellation is claimed before the gateway is asked, and one whose
 * answer was lost is finished by the adapter, which asks the gateway before reversing again.
 */
export class LedgeredPaymentPort implements PaymentPort {
  constructor(
    private readonly gateway: PayingGateway,
    private readonly inner: LookupablePaymentPort,
    private readonly dataSource: DataSource,
    private readonly timing: LedgerTiming,
  ) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    return this.claimed(request.idempotencyKey, request.orderNumber, (earlierAttemptPossible) => this.chargeClaimed(request, earlierAttemptPossible));
  }

  async settle(idempotencyKey: string, orderNumber: string): Promise<ChargeResult> {
    // No claim before this one: the gateway was never asked under this key, and now never will be.
    return this.claimed(idempotencyKey, orderNumber, (earlierAttemptPossible) => this.settleClaimed(idempotencyKey, earlierAttemptPossible), 0);
  }

  chargesFor(idempotencyKeys: readonly string[]): Promise<readonly ProviderCharge[]> {
    return this.inner.chargesFor(idempotencyKeys);
  }

  debitStatus(transactionId: string): Promise<'pending' | 'settled' | 'declined' | null> {
    return this.inner.debitStatus ? this.inner.debitStatus(transactionId) : Promise.resolve(null);
  }

  async unfinishedReversals(orderNumber: string): Promise<readonly ProviderCharge[]> {
    const rows: { transaction_id: string; idempotency_key: string }[] = await this.dataSource.query(
      `SELECT transaction_id, idempotency_key FROM payment_reversals WHERE order_number = $1 AND gateway = $2 AND state <> 'reversed' ORDER BY claimed_at`,
      [orderNumber, this.gateway],
    );
    return rows.map((row) => ({ idempotencyKey: row.idempotency_key, transactionId: row.transaction_id }));
  }

  async reverse(charge: ProviderCharge & { readonly orderNumber: string; readonly reason: string }): Promise<void> {
    const id = charge.transactionId;
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO payment_reversals (transaction_id, gateway, order_number, idempotency_key, reason, state) VALUES ($1, $2, $3, $4, $5, 'in-flight')
       ON CONFLICT (transaction_id) DO NOTHING RETURNING transaction_id`,
      [id, this.gateway, charge.orderNumber, charge.idempotencyKey, charge.reason.slice(0, 500)],
    );
    if (inserted.length === 0) {
      const [row]: { state: string }[] = await this.dataSource.query(`SELECT state FROM payment_reversals WHERE transaction_id = $1`, [id]);
      if (row?.state === 'reversed') return;
      const [takenOver]: [unknown[], number] = await this.dataSource.query(
        `UPDATE payment_reversals SET state = 'in-flight', claimed_at = now()
         WHERE transaction_id = $1 AND (state = 'unknown' OR (state = 'in-flight' AND claimed_at < now() - make_interval(secs => $2::double precision / 1000)))
         RETURNING transaction_id`,
        [id, this.timing.claimTimeoutMs],
      );
      if (takenOver.length === 0) throw new Error(`The reversal of ${id} is in progress elsewhere`);
    }
    try {
      await this.inner.reverse(id);
    } catch (error) {
      await this.dataSource.query(`UPDATE payment_reversals SET state = 'unknown' WHERE transaction_id = $1 AND state = 'in-flight'`, [id]);
      throw error;
    }
    await this.dataSource.query(`UPDATE payment_reversals SET state = 'reversed', settled_at = now() WHERE transaction_id = $1`, [id]);
  }

  /**
   * Runs `work` holding the key's claim: at once when the claim is new, after taking over one left
   * without an answer, or not at all when it is settled already (its answer is returned). Another
   * live claim is waited for up to `waitMs`.
   */
  private async claimed(key: string, orderNumber: string, work: (earlierAttemptPossible: boolean) => Promise<ChargeResult>, waitMs = this.timing.waitMs): Promise<ChargeResult> {
    const inserted = await preparedQuery(
      this.dataSource,
      'payment-charge-claim',
      `INSERT INTO payment_charges (idempotency_key, gateway, order_number, state) VALUES ($1, $2, $3, 'in-flight')
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING idempotency_key`,
      [key, this.gateway, orderNumber],
    );
    if (inserted.length === 1) return work(false);

    const deadline = Date.now() + waitMs;
    for (;;) {
      const [row]: LedgerRow[] = await this.dataSource.query(
        `SELECT state, transaction_id, decline_code, decline_reason, settles_later FROM payment_charges WHERE idempotency_key = $1`,
        [key],
      );
      const known = row && settled(row);
      if (known) return known;
      // TypeORM answers an UPDATE … RETURNING with [rows, count].
      // A claim taken over had no answer: the gateway may hold a late charge, reconciliation will look.
      const [takenOver]: [unknown[], number] = await this.dataSource.query(
        `UPDATE payment_charges SET state = 'in-flight', claimed_at = now(), uncertain = true
         WHERE idempotency_key = $1 AND (state = 'unknown' OR (state = 'in-flight' AND claimed_at < now() - make_interval(secs => $2::double precision / 1000)))
         RETURNING idempotency_key`,
        [key, this.timing.claimTimeoutMs],
      );
      if (takenOver.length === 1) return work(true);
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
      await this.unanswered(request.idempotencyKey);
      throw error;
    }
    await this.record(request.idempotencyKey, result);
    return result;
  }

  /** The claim is ours and nothing is to be charged: ask the gateway (if it may have been asked before), and write down what it holds. */
  private async settleClaimed(key: string, earlierAttemptPossible: boolean): Promise<ChargeResult> {
    let result: ChargeResult;
    try {
      result = (earlierAttemptPossible ? await this.inner.lookup(key) : null) ?? ABANDONED;
    } catch (error) {
      await this.unanswered(key);
      throw error;
    }
    await this.record(key, result);
    return result;
  }

  /** No answer: the next caller with this key must find out before charging, and reconciliation will look for a late charge. */
  private async unanswered(key: string): Promise<void> {
    await this.dataSource.query(`UPDATE payment_charges SET state = 'unknown', uncertain = true WHERE idempotency_key = $1 AND state = 'in-flight'`, [key]);
  }

  private async record(key: string, result: ChargeResult): Promise<void> {
    await preparedQuery(
      this.dataSource,
      'payment-charge-record',
      `UPDATE payment_charges SET state = $2, transaction_id = $3, decline_code = $4, decline_reason = $5, settles_later = $6, settled_at = now()
       WHERE idempotency_key = $1`,
      result.outcome === 'charged'
        ? [key, 'charged', result.transactionId, null, null, result.settlesLater === true]
        : [key, 'declined', null, result.code, result.reason.slice(0, 500), false],
    );
  }
}
