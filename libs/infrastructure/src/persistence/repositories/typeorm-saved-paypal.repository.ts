import type { SavedPayPalAccount, SavedPayPalRepository } from '@store/application';
import { paymentMethod } from '@store/domain';
import type { DataSource } from 'typeorm';

// The gateway that keeps a saved PayPal account is the one the method belongs to.
const VAULTING_GATEWAY = paymentMethod('paypal').gateway;

type Row = { customer_id: string; vault_customer_id: string; token: string; email: string; last_response_code: number | null };

const toAccount = (row: Row): SavedPayPalAccount => ({
  customerId: row.customer_id,
  vaultCustomerId: row.vault_customer_id,
  token: row.token,
  email: row.email,
  lastResponseCode: row.last_response_code,
});

/** The customer's saved PayPal account (saved_paypal_accounts, one per customer: the latest saved replaces it). */
export class TypeOrmSavedPayPalRepository implements SavedPayPalRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(customerId: string): Promise<SavedPayPalAccount | null> {
    const [row]: Row[] = await this.dataSource.query(`SELECT * FROM saved_paypal_accounts WHERE customer_id = $1`, [customerId]);
    return row ? toAccount(row) : null;
  }

  async save(account: Omit<SavedPayPalAccount, 'lastResponseCode'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO saved_paypal_accounts (customer_id, gateway, vault_customer_id, token, email, last_response_code, updated_at)
       VALUES ($1, $5, $2, $3, $4, NULL, now())
       ON CONFLICT (customer_id) DO UPDATE SET vault_customer_id = EXCLUDED.vault_customer_id, token = EXCLUDED.token,
         email = EXCLUDED.email, last_response_code = NULL, updated_at = now()`,
      [account.customerId, account.vaultCustomerId, account.token, account.email, VAULTING_GATEWAY],
    );
  }

  async update(customerId: string, token: string, change: { readonly lastResponseCode: number | null }): Promise<void> {
    // Only the account it was about: a newer saved account is left alone.
    await this.dataSource.query(`UPDATE saved_paypal_accounts SET last_response_code = $3, updated_at = now() WHERE customer_id = $1 AND token = $2`, [
      customerId,
      token,
      change.lastResponseCode,
    ]);
  }

  async remove(customerId: string): Promise<SavedPayPalAccount | null> {
    const rows: Row[] = await this.dataSource.query(`DELETE FROM saved_paypal_accounts WHERE customer_id = $1 RETURNING *`, [customerId]);
    const [row] = Array.isArray(rows[0]) ? (rows[0] as Row[]) : rows;
    return row ? toAccount(row) : null;
  }
}
