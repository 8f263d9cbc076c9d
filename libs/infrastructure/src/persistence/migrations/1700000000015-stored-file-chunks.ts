import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Bytes per chunk row: the API holds about one chunk of a file at a time while storing or moving it. */
export const STORED_FILE_CHUNK_BYTES = 262_144;

/**
 * Stored files in chunks, the certificate quota's claims, and what the quota and clean-up look up.
 *
 * A file in one bytea value has to be sent as one statement parameter, so the API held it whole
 * (and the driver a copy) however it was received. In chunk rows it is written and read a chunk at
 * a time. The database still vouches that size and digest describe the bytes: a deferred
 * constraint trigger checks the assembled chunks when the transaction that wrote the file commits.
 * Existing files are moved into chunks here.
 *
 * tax_certificate_claims holds the quota taken by uploads being stored: a claim is made, under the
 * customer's lock, before any byte is written and becomes the certificate's record when it is
 * added, so uploads arriving together are refused before they store anything. A claim left by a
 * process that died counts for a few minutes only.
 */
export class StoredFileChunks1700000000015 implements MigrationInterface {
  name = 'StoredFileChunks1700000000015';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE stored_file_chunks (
        key varchar(200) NOT NULL REFERENCES stored_files(key) ON DELETE CASCADE,
        seq integer NOT NULL CHECK (seq >= 0),
        content bytea NOT NULL CHECK (octet_length(content) BETWEEN 1 AND ${STORED_FILE_CHUNK_BYTES}),
        PRIMARY KEY (key, seq)
      )`);
    // PDFs and images are compressed already: store them out of line without trying again.
    await db.query(`ALTER TABLE stored_file_chunks ALTER COLUMN content SET STORAGE EXTERNAL`);
    await db.query(`
      INSERT INTO stored_file_chunks (key, seq, content)
      SELECT f.key, part, substring(f.content FROM part * ${STORED_FILE_CHUNK_BYTES} + 1 FOR ${STORED_FILE_CHUNK_BYTES})
      FROM stored_files f, generate_series(0, (f.size - 1) / ${STORED_FILE_CHUNK_BYTES}) AS part
      WHERE f.size > 0`);
    await db.query(`ALTER TABLE stored_files DROP CONSTRAINT stored_files_size_matches, DROP CONSTRAINT stored_files_digest_matches, DROP COLUMN content`);
    await db.query(`
      CREATE FUNCTION stored_file_matches() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        actual_size bigint;
        actual_sha256 text;
      BEGIN
        -- Gone again before the commit (a refused upload): nothing to check.
        IF NOT EXISTS (SELECT 1 FROM stored_files WHERE key = NEW.key) THEN
          RETURN NULL;
        END IF;
        SELECT coalesce(sum(octet_length(content)), 0), encode(sha256(coalesce(string_agg(content, ''::bytea ORDER BY seq), ''::bytea)), 'hex')
          INTO actual_size, actual_sha256 FROM stored_file_chunks WHERE key = NEW.key;
        IF actual_size <> NEW.size THEN
          RAISE EXCEPTION 'stored file % has % bytes, not %', NEW.key, actual_size, NEW.size USING ERRCODE = 'check_violation', CONSTRAINT = 'stored_files_size_matches';
        END IF;
        IF actual_sha256 <> NEW.sha256 THEN
          RAISE EXCEPTION 'stored file % does not match its SHA-256', NEW.key USING ERRCODE = 'check_violation', CONSTRAINT = 'stored_files_digest_matches';
        END IF;
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE CONSTRAINT TRIGGER stored_files_match AFTER INSERT OR UPDATE ON stored_files
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stored_file_matches()`);
    await db.query(`
      CREATE TABLE tax_certificate_claims (
        id uuid PRIMARY KEY,
        customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        size integer NOT NULL CHECK (size BETWEEN 1 AND 10485760),
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX tax_certificate_claims_customer_idx ON tax_certificate_claims (customer_id, created_at)`);
    // The quota counts a customer's recent uploads and unused bytes; the clean-up finds unused ones.
    await db.query(`CREATE INDEX tax_certificates_unused_idx ON tax_certificates (created_at) WHERE order_reference IS NULL`);
    await db.query(`CREATE INDEX orders_tax_certificate_idx ON orders (tax_certificate_id) WHERE tax_certificate_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS orders_tax_certificate_idx`);
    await db.query(`DROP INDEX IF EXISTS tax_certificates_unused_idx`);
    await db.query(`DROP TABLE IF EXISTS tax_certificate_claims`);
    await db.query(`DROP TRIGGER IF EXISTS stored_files_match ON stored_files`);
    await db.query(`DROP FUNCTION IF EXISTS stored_file_matches()`);
    await db.query(`ALTER TABLE stored_files ADD COLUMN content bytea`);
    await db.query(`
      UPDATE stored_files f SET content = coalesce((SELECT string_agg(c.content, ''::bytea ORDER BY c.seq) FROM stored_file_chunks c WHERE c.key = f.key), ''::bytea)`);
    await db.query(`ALTER TABLE stored_files ALTER COLUMN content SET NOT NULL, ALTER COLUMN content SET STORAGE EXTERNAL`);
    await db.query(`ALTER TABLE stored_files ADD CONSTRAINT stored_files_size_matches CHECK (size = octet_length(content))`);
    await db.query(`ALTER TABLE stored_files ADD CONSTRAINT stored_files_digest_matches CHECK (sha256 = encode(sha256(content), 'hex'))`);
    await db.query(`DROP TABLE stored_file_chunks`);
  }
}
