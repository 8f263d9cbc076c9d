import type { SavedCard, SavedCardRepository, VaultedCard } from '@store/application';
import { paymentMethod } from '@store/domain';
import type { DataSource } from 'typeorm';

// The gateway that keeps a saved card is the one the method belongs to.
const VAULTING_GATEWAY = paymentMethod('card').gateway;

type Row = {
  customer_id: string;
  vault_customer_id: string;
  token: string;
  bin: string;
  last4: string;
  card_type: string;
  expiration_month: number;
  expiration_year: number;
  last_response_code: number | null;
};

const toSavedCard = (row: Row): SavedCard => ({
  customerId: row.customer_id,
  vaultCustomerId: row.vault_customer_id,
  token: row.token,
  bin: row.bin,
  last4: row.last4,
  cardType: row.card_type,
  expirationMonth: Number(row.expiration_month),
  expirationYear: Number(row.expiration_year),
  lastResponseCode: row.last_response_code,
});

/** The customer's saved card (saved_cards, one per customer: the latest card saved replaces it). */
export class TypeOrmSavedCardRepository implements SavedCardRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(customerId: string): Promise<SavedCard | null> {
    const [row]: Row[] = await this.dataSource.query(`SELECT * FROM saved_cards WHERE customer_id = $1`, [customerId]);
    return row ? toSavedCard(row) : null;
  }

  async findWithVaultCustomer(customerId: string): Promise<{ card: SavedCard | null; vaultCustomerId: string | null }> {
    const [row]: (Partial<Row> & { payer_vault_customer_id: string | null })[] = await this.dataSource.query(
      `SELECT c.*, coalesce(c.vault_customer_id, p.vault_customer_id) AS payer_vault_customer_id
       FROM (SELECT $1::uuid AS customer_id) me
       LEFT JOIN saved_cards c ON c.customer_id = me.customer_id
       LEFT JOIN saved_paypal_accounts p ON p.customer_id = me.customer_id`,
      [customerId],
    );
    return { card: row.customer_id ? toSavedCard(row as Row) : null, vaultCustomerId: row.payer_vault_customer_id };
  }

  async save(card: Omit<SavedCard, 'lastResponseCode'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO saved_cards (customer_id, gateway, vault_customer_id, token, bin, last4, card_type, expiration_month, expiration_year, last_response_code, updated_at)
       VALUES ($1, $9, $2, $3, $4, $5, $6, $7, $8, NULL, now())
       ON CONFLICT (customer_id) DO UPDATE SET vault_customer_id = EXCLUDED.vault_customer_id, token = EXCLUDED.token, bin = EXCLUDED.bin,
         last4 = EXCLUDED.last4, card_type = EXCLUDED.card_type, expiration_month = EXCLUDED.expiration_month,
         expiration_year = EXCLUDED.expiration_year, last_response_code = NULL, updated_at = now()`,
      [card.customerId, card.vaultCustomerId, card.token, card.bin, card.last4, card.cardType, card.expirationMonth, card.expirationYear, VAULTING_GATEWAY],
    );
  }

  async update(customerId: string, token: string, change: { readonly card?: VaultedCard; readonly lastResponseCode?: number | null }): Promise<void> {
    // Only the card it was about: a newer saved card is left alone.
    await this.dataSource.query(
      `UPDATE saved_cards SET
         expiration_month = COALESCE($3, expiration_month), expiration_year = COALESCE($4, expiration_year),
         last_response_code = CASE WHEN $5::boolean THEN $6::integer ELSE last_response_code END, updated_at = now()
       WHERE customer_id = $1 AND token = $2`,
      [customerId, token, change.card?.expirationMonth ?? null, change.card?.expirationYear ?? null, change.lastResponseCode !== undefined, change.lastResponseCode ?? null],
    );
  }

  async remove(customerId: string): Promise<SavedCard | null> {
    const rows: Row[] = await this.dataSource.query(`DELETE FROM saved_cards WHERE customer_id = $1 RETURNING *`, [customerId]);
    const [row] = Array.isArray(rows[0]) ? (rows[0] as Row[]) : rows;
    return row ? toSavedCard(row) : null;
  }
}
