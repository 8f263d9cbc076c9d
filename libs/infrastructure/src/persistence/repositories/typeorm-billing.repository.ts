import type { BillingAddress, BillingRepository, TaxIdEvidence, VatIdStatus } from '@store/application';
import type { DataSource } from 'typeorm';
import { preparedQuery } from '../prepared-statements';

export interface AddressRow {
  line_1: string;
  line_2: string | null;
  line_3: string | null;
  city: string;
  county: string | null;
  state: string | null;
  postal_code: string;
  country: string;
  vat_id: string | null;
  vat_id_status: VatIdStatus | null;
}

interface CheckRow {
  id: string;
  customer_id: string;
  country: string;
  tax_id: string;
  postal_code: string | null;
  result: TaxIdEvidence['result'];
  service: string;
  service_reference: string | null;
  checked_at: Date;
  retry_after: Date | null;
}

const toEvidence = (row: CheckRow): TaxIdEvidence => ({
  id: row.id,
  customerId: row.customer_id,
  country: row.country,
  taxId: row.tax_id,
  postalCode: row.postal_code,
  result: row.result,
  service: row.service,
  reference: row.service_reference,
  checkedAt: row.checked_at,
  retryAfter: row.retry_after,
});

/** A billing_addresses row as the application knows it (also read by the session snapshot). */
export function billingAddressOf(row: AddressRow): BillingAddress {
  return {
    line1: row.line_1,
    line2: row.line_2,
    line3: row.line_3,
    city: row.city,
    county: row.county,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    vatId: row.vat_id,
    vatIdStatus: row.vat_id_status,
  };
}

export class TypeOrmBillingRepository implements BillingRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(customerId: string): Promise<BillingAddress | null> {
    // Named: PLACE_ORDER reads it for every order of a signed-in customer.
    const [row] = await preparedQuery<AddressRow>(this.dataSource, 'billing-address', 'SELECT * FROM billing_addresses WHERE customer_id = $1', [customerId]);
    return row ? billingAddressOf(row) : null;
  }

  async save(customerId: string, address: BillingAddress): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO billing_addresses (customer_id, line_1, line_2, line_3, city, county, state, postal_code, country, vat_id, vat_id_status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (customer_id) DO UPDATE SET line_1 = $2, line_2 = $3, line_3 = $4, city = $5, county = $6, state = $7,
           postal_code = $8, country = $9, vat_id = $10, vat_id_status = $11, updated_at = now()`,
        [
          customerId,
          address.line1,
          address.line2,
          address.line3,
          address.city,
          address.county,
          address.state,
          address.postalCode,
          address.country,
          address.vatId,
          address.vatIdStatus,
        ],
      );
      // A new billing address voids the payment set up for the customer's baskets (spec 2 §4).
      await manager.query(
        `DELETE FROM basket_payment_states WHERE basket_reference IN (SELECT reference FROM baskets WHERE customer_id = $1)`,
        [customerId],
      );
    });
  }

  async recordCheck(evidence: TaxIdEvidence): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO tax_id_checks (id, customer_id, country, tax_id, postal_code, result, service, service_reference, checked_at, retry_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        evidence.id,
        evidence.customerId,
        evidence.country,
        evidence.taxId,
        evidence.postalCode,
        evidence.result,
        evidence.service,
        evidence.reference,
        evidence.checkedAt,
        evidence.retryAfter,
      ],
    );
  }

  async latestCheck(customerId: string, country: string, taxId: string, since: Date): Promise<TaxIdEvidence | null> {
    const [row]: CheckRow[] = await this.dataSource.query(
      `SELECT * FROM tax_id_checks WHERE customer_id = $1 AND country = $2 AND tax_id = $3 AND checked_at >= $4
       ORDER BY checked_at DESC LIMIT 1`,
      [customerId, country, taxId, since],
    );
    return row ? toEvidence(row) : null;
  }

  async claimDueRetries(now: Date, limit: number, claimUntil: Date): Promise<TaxIdEvidence[]> {
    // SKIP LOCKED and pushing retry_after forward let several API instances share the work.
    // TypeORM answers an UPDATE ... RETURNING with [rows, count].
    const [rows]: [CheckRow[], number] = await this.dataSource.query(
      `UPDATE tax_id_checks SET retry_after = $3
       WHERE id IN (SELECT id FROM tax_id_checks WHERE retry_after <= $1 ORDER BY retry_after LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [now, limit, claimUntil],
    );
    return rows.map(toEvidence);
  }

  async settle(checkId: string): Promise<void> {
    // Kept as evidence of what was said at the time; it only leaves the retry queue.
    await this.dataSource.query(`UPDATE tax_id_checks SET retry_after = NULL, settled_at = now() WHERE id = $1`, [checkId]);
  }

  async updateVatIdStatus(customerId: string, country: string, vatId: string, status: VatIdStatus): Promise<void> {
    await this.dataSource.query(
      `UPDATE billing_addresses SET vat_id_status = $4, updated_at = now() WHERE customer_id = $1 AND country = $2 AND vat_id = $3`,
      [customerId, country, vatId, status],
    );
  }
}
