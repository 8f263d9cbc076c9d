import type { BasketCertificates, CertificateClaim, CertificateUsage, RemovedCertificate, TaxCertificate, TaxCertificateRepository } from '@store/application';
import { certificateQuotaBreach, type CertificateQuota, type CertificateQuotaBreach } from '@store/domain';
import type { DataSource, EntityManager } from 'typeorm';

interface TaxCertificateRow {
  id: string;
  customer_id: string;
  tax_authority: string;
  start_date: string;
  end_date: string;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  sha256: string;
  basket_reference: string | null;
  order_reference: string | null;
  created_at: Date;
}

// Dates are read as text: the driver would turn a date into midnight in the server's time zone.
const COLUMNS = `id, customer_id, tax_authority, start_date::text AS start_date, end_date::text AS end_date, file_name, content_type,
  size, storage_key, sha256, basket_reference, order_reference, created_at`;

function toCertificate(row: TaxCertificateRow): TaxCertificate {
  return {
    id: row.id,
    customerId: row.customer_id,
    taxAuthority: row.tax_authority,
    startDate: row.start_date,
    endDate: row.end_date,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    storageKey: row.storage_key,
    sha256: row.sha256,
    basketReference: row.basket_reference,
    orderReference: row.order_reference,
    createdAt: row.created_at,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class TypeOrmTaxCertificateRepository implements TaxCertificateRepository, BasketCertificates {
  constructor(private readonly dataSource: DataSource) {}

  /** One customer's quota is decided one upload at a time, on every instance; the lock ends with the transaction. */
  private async lockQuota(manager: EntityManager, customerId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('tax-certificate-quota:' || $1::text, 0))`, [customerId]);
  }

  async claim(claim: CertificateClaim, quota: CertificateQuota): Promise<CertificateQuotaBreach> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockQuota(manager, claim.customerId);
      const breach = certificateQuotaBreach(await this.usageIn(manager, claim.customerId, quota, claim.at), { uploads: 1, bytes: claim.size }, quota);
      if (breach) return breach;
      await manager.query(`INSERT INTO tax_certificate_claims (id, customer_id, size, created_at) VALUES ($1, $2, $3, $4)`, [
        claim.id,
        claim.customerId,
        claim.size,
        claim.at,
      ]);
      return null;
    });
  }

  async release(claimId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM tax_certificate_claims WHERE id = $1`, [claimId]);
  }

  async add(c: TaxCertificate, quota: CertificateQuota): Promise<CertificateQuotaBreach> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockQuota(manager, c.customerId);
      // The record takes its claim's place: counted once, as a certificate.
      await manager.query(`DELETE FROM tax_certificate_claims WHERE id = $1`, [c.id]);
      const breach = certificateQuotaBreach(await this.usageIn(manager, c.customerId, quota, c.createdAt), { uploads: 1, bytes: c.size }, quota);
      if (breach) return breach;
      await manager.query(
        `INSERT INTO tax_certificates (id, customer_id, tax_authority, start_date, end_date, file_name, content_type, size, storage_key,
           sha256, basket_reference, order_reference, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          c.id,
          c.customerId,
          c.taxAuthority,
          c.startDate,
          c.endDate,
          c.fileName,
          c.contentType,
          c.size,
          c.storageKey,
          c.sha256,
          c.basketReference,
          c.orderReference,
          c.createdAt,
        ],
      );
      return null;
    });
  }

  async usage(customerId: string, quota: CertificateQuota, now: Date): Promise<CertificateUsage> {
    if (!UUID.test(customerId)) return { recentUploads: 0, pendingBytes: 0 };
    return this.usageIn(this.dataSource.manager, customerId, quota, now);
  }

  /**
   * Uploads within the window before `now` and the bytes of certificates no order has taken,
   * each with the live claims of uploads still being stored.
   */
  private async usageIn(manager: EntityManager, customerId: string, quota: CertificateQuota, now: Date): Promise<CertificateUsage> {
    const [row] = await manager.query(
      `SELECT
         (SELECT count(*) FROM tax_certificates c WHERE c.customer_id = $1 AND c.created_at > $2)
           + (SELECT count(*) FROM tax_certificate_claims k WHERE k.customer_id = $1 AND k.created_at > $3) AS recent,
         (SELECT coalesce(sum(c.size), 0) FROM tax_certificates c
           WHERE c.customer_id = $1 AND c.order_reference IS NULL AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.tax_certificate_id = c.id))
           + (SELECT coalesce(sum(k.size), 0) FROM tax_certificate_claims k WHERE k.customer_id = $1 AND k.created_at > $3) AS pending`,
      [customerId, new Date(now.getTime() - quota.windowMs), new Date(now.getTime() - quota.claimTtlMs)],
    );
    return { recentUploads: Number(row.recent), pendingBytes: Number(row.pending) };
  }

  async removeExpiredClaims(madeBefore: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM tax_certificate_claims WHERE created_at < $1`, [madeBefore]);
  }

  async removeUnused(createdBefore: Date, limit: number): Promise<RemovedCertificate[]> {
    // Kept: anything an order records, and an open basket's newest unused certificate (the one its
    // order would take: see forBasket and the order's fulfilment). Rows another run or a checkout
    // has locked are skipped, so runs on several instances never wait on or repeat each other.
    // A DELETE answers [rows, count] through TypeORM.
    const [rows]: [Array<{ id: string; storage_key: string }>, number] = await this.dataSource.query(
      `DELETE FROM tax_certificates c
       WHERE c.id IN (
         SELECT u.id FROM tax_certificates u
         WHERE u.created_at < $1
           AND u.order_reference IS NULL
           AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.tax_certificate_id = u.id)
           AND NOT (
             u.basket_reference IS NOT NULL
             AND EXISTS (SELECT 1 FROM baskets b WHERE b.reference = u.basket_reference AND b.ordered_at IS NULL)
             AND NOT EXISTS (
               SELECT 1 FROM tax_certificates n
               WHERE n.basket_reference = u.basket_reference AND n.customer_id = u.customer_id AND n.order_reference IS NULL AND n.created_at > u.created_at
             )
           )
         ORDER BY u.created_at
         LIMIT $2
         FOR UPDATE OF u SKIP LOCKED
       )
       RETURNING c.id, c.storage_key`,
      [createdBefore, limit],
    );
    return rows.map((row) => ({ id: row.id, storageKey: row.storage_key }));
  }

  async findOwned(id: string, customerId: string): Promise<TaxCertificate | null> {
    // Anything but a UUID names no certificate; Postgres would refuse to compare it with one.
    if (!UUID.test(id) || !UUID.test(customerId)) return null;
    const rows: TaxCertificateRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM tax_certificates WHERE id = $1 AND customer_id = $2`, [
      id,
      customerId,
    ]);
    return rows[0] ? toCertificate(rows[0]) : null;
  }

  /** The latest certificate given for this basket and not yet used by an order (the one its order will record). */
  async forBasket(basketReference: string, customerId: string): Promise<TaxCertificate | null> {
    if (!UUID.test(customerId)) return null;
    const rows: TaxCertificateRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM tax_certificates WHERE basket_reference = $1 AND customer_id = $2 AND order_reference IS NULL ORDER BY created_at DESC LIMIT 1`,
      [basketReference, customerId],
    );
    return rows[0] ? toCertificate(rows[0]) : null;
  }
}
