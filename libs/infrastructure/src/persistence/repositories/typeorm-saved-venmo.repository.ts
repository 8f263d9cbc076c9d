import type { SavedVenmoAccount, SavedVenmoRepository } from '@store/application';
import { paymentMethod } from '@store/domain';
import type { DataSource } from 'typeorm';

// The gateway that keeps a saved Venmo account is the one the method belongs to.
const VAULTING_GATEWAY = paymentMethod('venmo').gateway;

type Row = { customer_id: string; vault_customer_id: string; token: string; username: string; last_response_code: number | null };

const toAccount = (row: Row): SavedVenmoAccount => ({
  customerId: row.customer_id,
  vaultCustomerId: row.vault_customer_id,
  token: row.token,
  username: row.username,
  lastResponseCode: row.last_response_code,
});

/** The customer's saved Venmo account (saved_venmo_accounts, one per customer: the latest saved replaces it). */
export class TypeOrmSavedVenmoRepository implements SavedVenmoRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(customerId: string): Promise<SavedVenmoAccount | null> {
    const [row]: Row[] = await this.dataSource.query(`SELECT * FROM saved_venmo_accounts WHERE customer_id = $1`, [customerId]);
    return row ? toAccount(row) : null;
  }

  async save(account: Omit<SavedVenmoAccount, 'lastResponseCode'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO saved_venmo_accounts (customer_id, gateway, vault_customer_id, token, username, last_response_code, updated_at)
       VALUES ($1, $5, $2, $3, $4, NULL, now())
       ON CONFLICT (customer_id) DO UPDATE SET vault_customer_id = EXCLUDED.vault_customer_id, token = EXCLUDED.token,
         username = EXCLUDED.username, last_response_code = NULL, updated_at = now()`,
      [account.customerId, account.vaultCustomerId, account.token, account.username, VAULTING_GATEWAY],
    );
  }

  async update(customerId: string, token: string, change: { readonly lastResponseCode: number | null }): Promise<void> {
    // Only the account it was about: a newer saved account is left alone.
    await this.dataSource.query(`UPDATE saved_venmo_accounts SET last_response_code = $3, updated_at = now() WHERE customer_id = $1 AND token = $2`, [
      customerId,
      token,
      change.lastResponseCode,
    ]);
  }

  async remove(customerId: string): Promise<SavedVenmoAccount | null> {
    const rows: Row[] = await this.dataSource.query(`DELETE FROM saved_venmo_accounts WHERE customer_id = $1 RETURNING *`, [customerId]);
    const [row] = Array.isArray(rows[0]) ? (rows[0] as Row[]) : rows;
    return row ? toAccount(row) : null;
  }
}
