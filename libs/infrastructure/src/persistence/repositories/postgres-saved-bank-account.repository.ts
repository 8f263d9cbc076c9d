import type { SavedBankAccount, SavedBankAccountRepository } from '@store/application';
import type { DataSource } from 'typeorm';

interface Row {
  reference: string;
  customer_id: string;
  vault_customer_id: string;
  token: string;
  kind: SavedBankAccount['kind'];
  last4: string;
  mandate_reference: string | null;
  bank_name: string | null;
}

const COLUMNS = 'reference, customer_id, vault_customer_id, token, kind, last4, mandate_reference, bank_name';
const accountOf = (row: Row): SavedBankAccount => ({
  reference: row.reference,
  customerId: row.customer_id,
  vaultCustomerId: row.vault_customer_id,
  token: row.token,
  kind: row.kind,
  last4: row.last4,
  mandateReference: row.mandate_reference,
  bankName: row.bank_name,
});
/** Ours: the provider's free text is cut to the column's length rather than refused: the account was saved at the gateway. */
const cut = (value: string | null) => (value === null ? null : value.slice(0, 100));

/** Saved bank accounts on Postgres: found only with their owner's id; a vault token saved again adds nothing. */
export class PostgresSavedBankAccountRepository implements SavedBankAccountRepository {
  constructor(private readonly dataSource: DataSource) {}

  async listFor(customerId: string): Promise<readonly SavedBankAccount[]> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM saved_bank_accounts WHERE customer_id = $1 ORDER BY created_at DESC, reference`, [customerId]);
    return rows.map(accountOf);
  }

  async find(customerId: string, reference: string): Promise<SavedBankAccount | null> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM saved_bank_accounts WHERE customer_id = $1 AND reference = $2`, [customerId, reference]);
    return rows[0] ? accountOf(rows[0]) : null;
  }

  async save(account: SavedBankAccount): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO saved_bank_accounts (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (token) DO NOTHING`,
      [account.reference, account.customerId, account.vaultCustomerId, account.token, account.kind, account.last4.slice(-4), cut(account.mandateReference), cut(account.bankName)],
    );
  }

  async remove(customerId: string, reference: string): Promise<SavedBankAccount | null> {
    const rows: Row[] = await this.dataSource.query(`DELETE FROM saved_bank_accounts WHERE customer_id = $1 AND reference = $2 RETURNING ${COLUMNS}`, [customerId, reference]);
    return rows[0] ? accountOf(rows[0]) : null;
  }
}
