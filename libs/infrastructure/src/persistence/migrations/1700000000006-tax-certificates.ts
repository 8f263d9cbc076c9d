import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sales tax exemption certificates (spec 2 §3, §5) and the Postgres file store.
 *
 * stored_files keeps uploaded bytes where every API instance sees them (the default FILE_STORAGE);
 * the database itself vouches that size and digest describe the bytes. tax_certificates records
 * each certificate with where its file is kept (in stored_files or an object store, so no foreign
 * key), the customer's basket at upload and, once the order is placed, its reference. A
 * certificate is tax evidence that must be kept, so a customer who has one cannot be deleted
 * without deciding about it first.
 */
export class TaxCertificates1700000000006 implements MigrationInterface {
  name = 'TaxCertificates1700000000006';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE stored_files (
        key varchar(200) PRIMARY KEY CHECK (key ~ '^[A-Za-z0-9][A-Za-z0-9/._-]*$'),
        content_type varchar(100) NOT NULL CHECK (content_type ~ '^[a-z]+/[a-z0-9.+-]+$'),
        size integer NOT NULL CHECK (size >= 0),
        sha256 char(64) NOT NULL,
        content bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT stored_files_size_matches CHECK (size = octet_length(content)),
        CONSTRAINT stored_files_digest_matches CHECK (sha256 = encode(sha256(content), 'hex'))
      )`);
    // PDFs and images are compressed already: store them out of line without trying again.
    await db.query(`ALTER TABLE stored_files ALTER COLUMN content SET STORAGE EXTERNAL`);
    await db.query(`
      CREATE TABLE tax_certificates (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE RESTRICT,
        tax_authority varchar(2) NOT NULL CHECK (tax_authority ~ '^[A-Z]{2}$'),
        start_date date NOT NULL CHECK (start_date >= DATE '1960-01-01'),
        end_date date NOT NULL,
        file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
        content_type varchar(32) NOT NULL CHECK (content_type IN ('application/pdf', 'image/png', 'image/jpeg')),
        size integer NOT NULL CHECK (size BETWEEN 1 AND 10485760),
        storage_key varchar(200) NOT NULL UNIQUE,
        sha256 char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        basket_reference varchar(64) REFERENCES baskets(reference) ON DELETE SET NULL,
        order_reference varchar(64),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX tax_certificates_customer_idx ON tax_certificates (customer_id, created_at DESC)`);
    await db.query(`CREATE INDEX tax_certificates_basket_idx ON tax_certificates (basket_reference) WHERE basket_reference IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS tax_certificates`);
    await db.query(`DROP TABLE IF EXISTS stored_files`);
  }
}
