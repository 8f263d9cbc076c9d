import { createHash, randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresFileStorage } from '../../storage/postgres-file-storage';
import { StoredFileChunks1700000000015 } from './1700000000015-stored-file-chunks';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(() => db?.drop());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the move of stored files into chunks', () => {
  it('carries files kept in one value into chunks, byte for byte, and back again', async () => {
    const migration = new StoredFileChunks1700000000015();
    const runner = db.dataSource.createQueryRunner();
    const files = { 'tax-certificates/big': randomBytes(600_000), 'tax-certificates/small': randomBytes(10), 'tax-certificates/empty': Buffer.alloc(0) };
    try {
      await migration.down(runner);
      for (const [key, bytes] of Object.entries(files)) {
        await runner.query(`INSERT INTO stored_files (key, content_type, size, sha256, content) VALUES ($1, 'application/pdf', $2, $3, $4)`, [key, bytes.length, sha256(bytes), bytes]);
      }
      await migration.up(runner);
      const storage = new PostgresFileStorage(db.dataSource);
      for (const [key, bytes] of Object.entries(files)) expect(Buffer.from((await storage.get(key))?.bytes ?? [0]).equals(bytes)).toBe(true);
      expect((await runner.query(`SELECT seq FROM stored_file_chunks WHERE key = 'tax-certificates/big' ORDER BY seq`)).map((row: { seq: number }) => row.seq)).toEqual([0, 1, 2]);

      await migration.down(runner);
      const [row] = await runner.query(`SELECT content FROM stored_files WHERE key = 'tax-certificates/big'`);
      expect(Buffer.from(row.content).equals(files['tax-certificates/big'])).toBe(true);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
  });
});
