import type { BasketCertificates, TaxCertificate, TaxCertificateRepository } from '@store/application';
import type { DataSource } from 'typeorm';

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

  async add(c: TaxCertificate): Promise<void> {
    await this.dataSource.query(
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
