import type { FileContent, FileStorage, StoredFile } from '@store/application';
import type { DataSource } from 'typeorm';
import { sha256Hex, verifiedContent } from './file-digest';

interface StoredFileRow {
  content_type: string;
  size: number;
  sha256: string;
  content: Buffer;
}

/**
 * Files as bytea rows in the application's own database: every API instance sees them, backups
 * and transactions cover them, and no other service is needed. The table's checks make Postgres
 * itself vouch that size and digest describe the bytes. Fine for files of a few megabytes; a
 * large volume of them belongs in an object store (S3FileStorage).
 */
export class PostgresFileStorage implements FileStorage {
  constructor(private readonly dataSource: DataSource) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<StoredFile> {
    const stored: StoredFile = { key, contentType, size: bytes.length, sha256: sha256Hex(bytes) };
    await this.dataSource.query(`INSERT INTO stored_files (key, content_type, size, sha256, content) VALUES ($1, $2, $3, $4, $5)`, [
      key,
      contentType,
      stored.size,
      stored.sha256,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    ]);
    return stored;
  }

  async get(key: string): Promise<FileContent | null> {
    const rows: StoredFileRow[] = await this.dataSource.query(`SELECT content_type, size, sha256, content FROM stored_files WHERE key = $1`, [key]);
    const row = rows[0];
    if (!row) return null;
    return verifiedContent({ key, contentType: row.content_type, size: row.size, sha256: row.sha256 }, row.content);
  }

  async delete(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM stored_files WHERE key = $1`, [key]);
  }
}
