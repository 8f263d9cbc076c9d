import type { BankDebit, BankDebitRepository, DebitedBankAccount } from '@store/application';
import type { BankDebitState } from '@store/domain';
import type { DataSource } from 'typeorm';

interface BankDebitRow {
  transaction_id: string;
  order_number: string;
  customer_id: string;
  state: BankDebitState;
  released_at: Date | null;
  method: DebitedBankAccount['kind'] | null;
  account_last4: string | null;
  mandate_reference: string | null;
  bank_name: string | null;
}

const toDebit = (row: BankDebitRow): BankDebit => ({
  transactionId: row.transaction_id,
  orderNumber: row.order_number,
  customerId: row.customer_id,
  state: row.state,
  releasedAt: row.released_at,
  account:
    row.method && row.account_last4
      ? { kind: row.method, last4: row.account_last4, mandateReference: row.mandate_reference, bankName: row.bank_name }
      : null,
});

const COLUMNS = 'transaction_id, order_number, customer_id, state, released_at, method, account_last4, mandate_reference, bank_name';

/** Bank debits on Postgres; each move of a debit's state is an UPDATE guarded by the state it leaves. */
export class PostgresBankDebitRepository implements BankDebitRepository {
  constructor(private readonly dataSource: DataSource) {}

  async record(debit: { transactionId: string; orderNumber: string; customerId: string; released: boolean; account?: DebitedBankAccount | null }): Promise<void> {
    const account = debit.account ?? null;
    await this.dataSource.query(
      `INSERT INTO bank_debits (transaction_id, order_number, customer_id, released_at, method, account_last4, mandate_reference, bank_name)
       VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END, $5, $6, $7, $8)
       ON CONFLICT DO NOTHING`,
      [debit.transactionId, debit.orderNumber, debit.customerId, debit.released, account?.kind ?? null, account?.last4 ?? null, account?.mandateReference ?? null, account?.bankName ?? null],
    );
  }

  private async one(where: string, value: string): Promise<BankDebit | null> {
    const rows: BankDebitRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM bank_debits WHERE ${where} = $1`, [value]);
    return rows[0] ? toDebit(rows[0]) : null;
  }

  findByTransaction(transactionId: string): Promise<BankDebit | null> {
    return this.one('transaction_id', transactionId);
  }

  findByOrder(orderNumber: string): Promise<BankDebit | null> {
    return this.one('order_number', orderNumber);
  }

  async settle(transactionId: string): Promise<BankDebit | null> {
    // A settlement after the debit was refused can only be the notification of a settlement that
    // came before a return (both notifications of one moment, handled out of order): it was returned.
    await this.dataSource.query(
      `UPDATE bank_debits SET state = CASE state WHEN 'pending' THEN 'settled' ELSE 'returned' END, updated_at = now()
       WHERE transaction_id = $1 AND state IN ('pending', 'declined')`,
      [transactionId],
    );
    return this.findByTransaction(transactionId);
  }

  async refuse(transactionId: string, bankCode: string | null): Promise<BankDebit | null> {
    await this.dataSource.query(
      `UPDATE bank_debits SET state = CASE state WHEN 'pending' THEN 'declined' ELSE 'returned' END, bank_code = $2, updated_at = now()
       WHERE transaction_id = $1 AND state IN ('pending', 'settled')`,
      [transactionId, bankCode],
    );
    return this.findByTransaction(transactionId);
  }

  async markReleased(transactionId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH released AS (UPDATE bank_debits SET released_at = now(), updated_at = now() WHERE transaction_id = $1 AND released_at IS NULL RETURNING 1) SELECT * FROM released`,
      [transactionId],
    );
    return rows.length === 1;
  }

  async pendingSince(before: Date, limit: number): Promise<readonly string[]> {
    const rows: { transaction_id: string }[] = await this.dataSource.query(
      `SELECT transaction_id FROM bank_debits WHERE state = 'pending' AND created_at < $1 ORDER BY created_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => row.transaction_id);
  }

  async dueForReturnCheck(criteria: { windows: readonly { currency: string; settledSince: Date }[]; checkedBefore: Date; limit: number }): Promise<readonly string[]> {
    // A settled debit's updated_at is when it settled (its release, if any, is the same moment;
    // nothing else moves a settled row, and being looked up writes checked_at only). Its first look
    // is an interval after it settled, as if the settlement had been one.
    const rows: { transaction_id: string }[] = await this.dataSource.query(
      `SELECT d.transaction_id FROM bank_debits d JOIN orders o ON o.number = d.order_number
       WHERE (d.state = 'settled' AND coalesce(d.checked_at, d.updated_at) < $3
              AND EXISTS (SELECT 1 FROM unnest($1::text[], $2::timestamptz[]) AS w(currency, settled_since)
                          WHERE w.currency = o.currency AND d.updated_at >= w.settled_since))
          OR (d.state = 'returned' AND o.status = 'paid')
       ORDER BY d.state = 'returned' DESC, coalesce(d.checked_at, d.updated_at), d.transaction_id
       LIMIT $4`,
      [criteria.windows.map((window) => window.currency), criteria.windows.map((window) => window.settledSince), criteria.checkedBefore, criteria.limit],
    );
    return rows.map((row) => row.transaction_id);
  }

  async markChecked(transactionId: string): Promise<void> {
    await this.dataSource.query(`UPDATE bank_debits SET checked_at = now() WHERE transaction_id = $1`, [transactionId]);
  }

  async historyOf(customerId: string, exceptOrder: string): Promise<{ settledOrdersBefore: number; refusedDebitsBefore: number }> {
    const [row]: { settled: number; refused: number }[] = await this.dataSource.query(
      `SELECT
         (SELECT count(*)::int FROM orders o WHERE o.customer_id = $1 AND o.number <> $2 AND o.status = 'paid'
            AND NOT EXISTS (SELECT 1 FROM bank_debits d WHERE d.order_number = o.number AND d.state = 'pending')) AS settled,
         (SELECT count(*)::int FROM bank_debits d WHERE d.customer_id = $1 AND d.order_number <> $2 AND d.state IN ('declined', 'returned')) AS refused`,
      [customerId, exceptOrder],
    );
    return { settledOrdersBefore: row.settled, refusedDebitsBefore: row.refused };
  }
}
