import type { KeptMethod, NewSavedMethod, SavedMethod, SavedMethodRepository } from '@store/application';
import type { SavedMethodDetails, SavedMethodKind } from '@store/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../prepared-statements';
import { returnedRows } from './typeorm-identity.repositories';

export interface SavedMethodRow {
  reference: string;
  customer_id: string;
  vault_customer_id: string;
  token: string;
  kind: SavedMethodKind;
  is_default: boolean;
  card_type: string | null;
  bin: string | null;
  last4: string | null;
  expiration_month: number | null;
  expiration_year: number | null;
  fingerprint: string | null;
  account_name: string | null;
  mandate_reference: string | null;
  bank_name: string | null;
  invalid_since: Date | null;
  created_at: Date;
}

export const SAVED_METHOD_COLUMNS =
  'reference, customer_id, vault_customer_id, token, kind, is_default, card_type, bin, last4, expiration_month, expiration_year, fingerprint, account_name, mandate_reference, bank_name, invalid_since, created_at';
/** Both pages' order: the default first, then the newest. */
const ORDER = 'is_default DESC, created_at DESC, reference';

function detailsOf(row: SavedMethodRow): SavedMethodDetails {
  switch (row.kind) {
    case 'card':
      return { kind: 'card', cardType: row.card_type ?? 'Card', bin: row.bin ?? '', last4: row.last4 ?? '', expirationMonth: row.expiration_month ?? 1, expirationYear: row.expiration_year ?? 2000 };
    case 'paypal':
      return { kind: 'paypal', email: row.account_name ?? '' };
    case 'venmo':
      return { kind: 'venmo', username: row.account_name ?? '' };
    case 'sepa':
    case 'us-bank-account':
      return { kind: row.kind, last4: row.last4 ?? '', mandateReference: row.mandate_reference, bankName: row.bank_name };
  }
}

/** A saved_payment_methods row as the application knows it (also read by the session snapshot). */
export const savedMethodOf = (row: SavedMethodRow): SavedMethod => ({
  reference: row.reference,
  customerId: row.customer_id,
  vaultCustomerId: row.vault_customer_id,
  token: row.token,
  details: detailsOf(row),
  fingerprint: row.fingerprint,
  isDefault: row.is_default,
  invalid: row.invalid_since !== null,
  createdAt: new Date(row.created_at),
});

/** Ours: the provider's free text is cut to the column's length rather than refused: the method was saved at the gateway. */
const cut = (value: string | null, length: number) => (value === null ? null : value.slice(0, length));

/** The columns a method's details fill, in the order of DETAIL_COLUMNS. */
function detailValues(details: SavedMethodDetails): (string | number | null)[] {
  switch (details.kind) {
    case 'card':
      return [cut(details.cardType, 32), details.bin, details.last4, details.expirationMonth, details.expirationYear, null, null, null];
    case 'paypal':
      return [null, null, null, null, null, cut(details.email, 320), null, null];
    case 'venmo':
      return [null, null, null, null, null, cut(details.username, 320), null, null];
    case 'sepa':
    case 'us-bank-account':
      return [null, null, details.last4.slice(-4), null, null, null, cut(details.mandateReference, 100), cut(details.bankName, 100)];
  }
}
const DETAIL_COLUMNS = ['card_type', 'bin', 'last4', 'expiration_month', 'expiration_year', 'account_name', 'mandate_reference', 'bank_name'];

/**
 * The customer's entry for the same card or account, if any: the same vault token, a card with the
 * same number fingerprint, a PayPal account with the same email (PayPal treats emails alike in any
 * case), or a Venmo account with the same username. Bank accounts are told apart by token only.
 */
const SAME_METHOD = `
  SELECT ${SAVED_METHOD_COLUMNS} FROM saved_payment_methods
  WHERE customer_id = $1 AND (
    token = $2
    OR (kind = 'card' AND $3 = 'card' AND fingerprint IS NOT NULL AND fingerprint = $4)
    OR (kind = 'paypal' AND $3 = 'paypal' AND lower(account_name) = lower($5))
    OR (kind = 'venmo' AND $3 = 'venmo' AND account_name = $5)
  )
  ORDER BY (token = $2) DESC, created_at
  LIMIT 1
  FOR UPDATE`;

/**
 * Saved payment methods on Postgres: found only with their owner's id. A customer's writes take
 * a lock on the customer's row first, so that two saves (two tabs paying at once) never both make a
 * first method the default nor list one card twice.
 */
export class PostgresSavedMethodRepository implements SavedMethodRepository {
  constructor(private readonly dataSource: DataSource) {}

  async listFor(customerId: string): Promise<readonly SavedMethod[]> {
    const rows: SavedMethodRow[] = await this.dataSource.query(`SELECT ${SAVED_METHOD_COLUMNS} FROM saved_payment_methods WHERE customer_id = $1 ORDER BY ${ORDER}`, [customerId]);
    return rows.map(savedMethodOf);
  }

  async find(customerId: string, reference: string): Promise<SavedMethod | null> {
    const rows: SavedMethodRow[] = await this.dataSource.query(`SELECT ${SAVED_METHOD_COLUMNS} FROM saved_payment_methods WHERE customer_id = $1 AND reference = $2`, [customerId, reference]);
    return rows[0] ? savedMethodOf(rows[0]) : null;
  }

  async vaultCustomerOf(customerId: string): Promise<string | null> {
    // Named: PLACE_ORDER asks it for every card order of a signed-in customer.
    const rows = await preparedQuery<{ vault_customer_id: string }>(
      this.dataSource,
      'saved-method-vault-customer',
      `SELECT vault_customer_id FROM saved_payment_methods WHERE customer_id = $1 ORDER BY created_at LIMIT 1`,
      [customerId],
    );
    return rows[0]?.vault_customer_id ?? null;
  }

  save(method: NewSavedMethod, reference: string): Promise<KeptMethod> {
    return this.forCustomer(method.customerId, async (db) => {
      const details = detailValues(method.details);
      const accountName = method.details.kind === 'paypal' ? method.details.email : method.details.kind === 'venmo' ? method.details.username : null;
      const same: SavedMethodRow[] = await db.query(SAME_METHOD, [method.customerId, method.token, method.details.kind, method.fingerprint, accountName]);
      if (same[0]) {
        const set = DETAIL_COLUMNS.map((column, index) => `${column} = $${index + 4}`).join(', ');
        const rows = returnedRows<SavedMethodRow>(await db.query(
          `UPDATE saved_payment_methods SET token = $2, fingerprint = $3, ${set}, invalid_since = NULL, updated_at = clock_timestamp() WHERE reference = $1 RETURNING ${SAVED_METHOD_COLUMNS}`,
          [same[0].reference, method.token, method.fingerprint, ...details],
        ));
        return { saved: savedMethodOf(rows[0]), replacedToken: same[0].token === method.token ? null : same[0].token };
      }
      const first: { none: boolean }[] = await db.query(`SELECT NOT EXISTS (SELECT 1 FROM saved_payment_methods WHERE customer_id = $1) AS none`, [method.customerId]);
      const placeholders = DETAIL_COLUMNS.map((_, index) => `$${index + 8}`).join(', ');
      const rows: SavedMethodRow[] = await db.query(
        `INSERT INTO saved_payment_methods (reference, customer_id, vault_customer_id, token, kind, is_default, fingerprint, ${DETAIL_COLUMNS.join(', ')})
         VALUES ($1, $2, $3, $4, $5, $6, $7, ${placeholders}) RETURNING ${SAVED_METHOD_COLUMNS}`,
        [reference, method.customerId, method.vaultCustomerId, method.token, method.details.kind, first[0].none, method.fingerprint, ...details],
      );
      return { saved: savedMethodOf(rows[0]), replacedToken: null };
    });
  }

  setDefault(customerId: string, reference: string): Promise<boolean> {
    return this.forCustomer(customerId, async (db) => {
      const mine: unknown[] = await db.query(`SELECT 1 FROM saved_payment_methods WHERE customer_id = $1 AND reference = $2`, [customerId, reference]);
      if (mine.length === 0) return false;
      await db.query(`UPDATE saved_payment_methods SET is_default = false WHERE customer_id = $1 AND is_default AND reference <> $2`, [customerId, reference]);
      await db.query(`UPDATE saved_payment_methods SET is_default = true, updated_at = clock_timestamp() WHERE reference = $1 AND NOT is_default`, [reference]);
      return true;
    });
  }

  async update(customerId: string, reference: string, change: { readonly invalid?: boolean; readonly details?: SavedMethodDetails }): Promise<void> {
    const sets: string[] = [];
    const values: unknown[] = [customerId, reference];
    if (change.invalid !== undefined) sets.push(change.invalid ? 'invalid_since = coalesce(invalid_since, now())' : 'invalid_since = NULL');
    if (change.details) {
      for (const [index, value] of detailValues(change.details).entries()) {
        values.push(value);
        sets.push(`${DETAIL_COLUMNS[index]} = $${values.length}`);
      }
    }
    if (sets.length === 0) return;
    // A change of details never changes the kind: the row's own kind must match.
    const kindMatches = change.details ? ` AND kind = '${change.details.kind}'` : '';
    await this.dataSource.query(`UPDATE saved_payment_methods SET ${sets.join(', ')}, updated_at = clock_timestamp() WHERE customer_id = $1 AND reference = $2${kindMatches}`, values);
  }

  remove(customerId: string, reference: string): Promise<SavedMethod | null> {
    return this.forCustomer(customerId, async (db) => {
      const rows = returnedRows<SavedMethodRow>(await db.query(`DELETE FROM saved_payment_methods WHERE customer_id = $1 AND reference = $2 RETURNING ${SAVED_METHOD_COLUMNS}`, [customerId, reference]));
      if (!rows[0]) return null;
      if (rows[0].is_default) {
        await db.query(
          `UPDATE saved_payment_methods SET is_default = true WHERE reference = (SELECT reference FROM saved_payment_methods WHERE customer_id = $1 ORDER BY created_at DESC, reference LIMIT 1)`,
          [customerId],
        );
      }
      return savedMethodOf(rows[0]);
    });
  }

  async recordUse(reference: string, orderNumber: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO saved_method_uses (order_number, reference) VALUES ($1, $2)
       ON CONFLICT (order_number) DO UPDATE SET reference = excluded.reference, recorded_at = now()`,
      [orderNumber, reference],
    );
  }

  async inUse(customerId: string, reference: string): Promise<boolean> {
    const rows: { used: boolean }[] = await this.dataSource.query(
      // Pending: the charge not yet answered, or a debit waiting for the bank before its keys. A
      // debit whose keys went out at once (the release rule) is still unsettled while the bank may return it.
      `SELECT EXISTS (
         SELECT 1 FROM saved_method_uses u JOIN orders o ON o.number = u.order_number
         LEFT JOIN bank_debits d ON d.order_number = o.number
         WHERE u.reference = $2 AND o.customer_id = $1 AND (o.status = 'pending' OR d.state = 'pending')
       ) AS used`,
      [customerId, reference],
    );
    return rows[0]?.used === true;
  }

  /** One transaction holding the customer's row, so their saved methods change one writer at a time. */
  private forCustomer<T>(customerId: string, work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (db) => {
      await db.query(`SELECT 1 FROM customers WHERE id = $1 FOR UPDATE`, [customerId]);
      return work(db);
    });
  }
}
