import type { FileContent, FileSource, FileStorage, StoredFile } from '@store/application';
import type { DataSource } from 'typeorm';
import { STORED_FILE_CHUNK_BYTES } from '../persistence/migrations/1700000000015-stored-file-chunks';
import { sha256Hex, verifiedContent } from './file-digest';

interface StoredFileRow {
  content_type: string;
  size: number;
  sha256: string;
}

/** Re-cuts a stream of any chunk sizes into chunks of exactly `size` bytes (the last one shorter). */
async function* rechunked(chunks: AsyncIterable<Uint8Array>, size: number): AsyncIterable<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of chunks) {
    let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      yield pending.length === 0 ? rest.subarray(0, take) : Buffer.concat([...pending, rest.subarray(0, take)]);
      pending = [];
      pendingBytes = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      // The source may reuse its buffer: keep a copy of what waits for the next chunk.
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

async function* whole(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

/**
 * Files in the application's own database, as rows of 256 KiB chunks: every API instance sees
 * them, backups and transactions cover them, no other service is needed, and a file is written
 * and read a chunk at a time rather than as one parameter holding all of it. A file and its chunks
 * are written in one transaction, at whose commit Postgres itself checks that size and digest
 * describe the bytes. A large volume of files belongs in an object store (S3FileStorage).
 */
export class PostgresFileStorage implements FileStorage {
  constructor(private readonly dataSource: DataSource) {}

  async put(key: string, content: Uint8Array | FileSource, contentType: string): Promise<StoredFile> {
    const source: FileSource = content instanceof Uint8Array ? { size: content.length, sha256: sha256Hex(content), chunks: () => whole(content) } : content;
    const stored: StoredFile = { key, contentType, size: source.size, sha256: source.sha256 };
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO stored_files (key, content_type, size, sha256) VALUES ($1, $2, $3, $4)`, [key, contentType, stored.size, stored.sha256]);
      let seq = 0;
      for await (const chunk of rechunked(source.chunks(), STORED_FILE_CHUNK_BYTES)) {
        await manager.query(`INSERT INTO stored_file_chunks (key, seq, content) VALUES ($1, $2, $3)`, [key, seq, chunk]);
        seq += 1;
      }
    });
    return stored;
  }

  async get(key: string): Promise<FileContent | null> {
    const rows: StoredFileRow[] = await this.dataSource.query(`SELECT content_type, size, sha256 FROM stored_files WHERE key = $1`, [key]);
    const row = rows[0];
    if (!row) return null;
    const chunks: Array<{ content: Buffer }> = await this.dataSource.query(`SELECT content FROM stored_file_chunks WHERE key = $1 ORDER BY seq`, [key]);
    const bytes = chunks.length === 1 ? chunks[0].content : Buffer.concat(chunks.map((chunk) => chunk.content));
    return verifiedContent({ key, contentType: row.content_type, size: row.size, sha256: row.sha256 }, bytes);
  }

  async delete(key: string): Promise<void> {
    // The chunks go with the file (ON DELETE CASCADE).
    await this.dataSource.query(`DELETE FROM stored_files WHERE key = $1`, [key]);
  }
}
