import type { FileStorage } from '@store/application';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { PostgresFileStorage } from './postgres-file-storage';
import { S3FileStorage } from './s3-file-storage';

const BUCKET = 'certificates';
let db: TestDatabase;
let s3server: S3rver;
let s3dir: string;
let s3: S3FileStorage;
let postgres: PostgresFileStorage;
let s3Options: ConstructorParameters<typeof S3FileStorage>[0];

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  postgres = new PostgresFileStorage(db.dataSource);
  // A real S3 implementation, in process, on a random port of this machine.
  s3dir = mkdtempSync(join(tmpdir(), 'store-s3-'));
  s3server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3server.run();
  s3Options = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  s3 = new S3FileStorage(s3Options);
});

afterAll(async () => {
  s3?.close();
  await s3server?.close();
  if (s3dir) rmSync(s3dir, { recursive: true, force: true });
  await db?.drop();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const key = () => `tax-certificates/${randomUUID()}`;

describe.each([
  ['Postgres', () => postgres as FileStorage],
  ['S3', () => s3 as FileStorage],
])('%s file storage', (_, storage) => {
  it('keeps bytes with their size and SHA-256, and gives them back identical', async () => {
    const bytes = randomBytes(300_000);
    const name = key();
    const stored = await storage().put(name, bytes, 'application/pdf');
    expect(stored).toEqual({ key: name, contentType: 'application/pdf', size: 300_000, sha256: sha256(bytes) });
    const read = await storage().get(name);
    expect(read).toMatchObject(stored);
    expect(Buffer.from(read?.bytes ?? []).equals(bytes)).toBe(true);
  });

  it('keeps every byte value, an empty file too', async () => {
    const everyByte = Uint8Array.from({ length: 256 }, (_, i) => i);
    const name = key();
    await storage().put(name, everyByte.subarray(1), 'image/png');
    expect((await storage().get(name))?.bytes).toEqual(everyByte.subarray(1));
    const empty = key();
    await storage().put(empty, new Uint8Array(0), 'image/png');
    expect(await storage().get(empty)).toMatchObject({ size: 0, sha256: sha256(new Uint8Array(0)) });
  });

  it('streams a file from a source of uneven chunks, never given it whole', async () => {
    const bytes = randomBytes(700_001);
    const name = key();
    const source = {
      size: bytes.length,
      sha256: sha256(bytes),
      async *chunks() {
        for (let at = 0; at < bytes.length; at += 65_537) yield Buffer.from(bytes.subarray(at, Math.min(bytes.length, at + 65_537)));
      },
    };
    expect(await storage().put(name, source, 'application/pdf')).toEqual({ key: name, contentType: 'application/pdf', size: bytes.length, sha256: sha256(bytes) });
    expect(Buffer.from((await storage().get(name))?.bytes ?? []).equals(bytes)).toBe(true);
  });

  it('answers null for a key it does not have, and deletes for good, twice without complaint', async () => {
    expect(await storage().get(key())).toBeNull();
    const name = key();
    await storage().put(name, Uint8Array.of(1, 2, 3), 'image/jpeg');
    await storage().delete(name);
    expect(await storage().get(name)).toBeNull();
    await expect(storage().delete(name)).resolves.toBeUndefined();
  });
});

describe('Postgres file storage', () => {
  it('refuses a key that is taken, keeping the first file', async () => {
    const name = key();
    await postgres.put(name, Uint8Array.of(1), 'image/png');
    await expect(postgres.put(name, Uint8Array.of(2), 'image/png')).rejects.toThrow();
    expect((await postgres.get(name))?.bytes).toEqual(Uint8Array.of(1));
  });

  it('has the database refuse, at commit, a file whose size or digest does not describe its chunks', async () => {
    const insert = (size: number, digest: string) =>
      db.dataSource.transaction(async (manager) => {
        const name = key();
        await manager.query(`INSERT INTO stored_files (key, content_type, size, sha256) VALUES ($1, 'image/png', $2, $3)`, [name, size, digest]);
        await manager.query(`INSERT INTO stored_file_chunks (key, seq, content) VALUES ($1, 0, $2)`, [name, Buffer.of(1, 2)]);
      });
    await expect(insert(3, sha256(Uint8Array.of(1, 2)))).rejects.toThrow(/has 2 bytes, not 3/);
    await expect(insert(2, sha256(Uint8Array.of(9)))).rejects.toThrow(/does not match its SHA-256/);
  });

  it('writes a large file in chunks, and gives it back whole from a stream of any chunk sizes', async () => {
    const bytes = randomBytes(1_000_003);
    const name = key();
    // Uneven pieces, as a file read from disk or a socket arrives.
    const source = {
      size: bytes.length,
      sha256: sha256(bytes),
      async *chunks() {
        for (let at = 0; at < bytes.length; at += 100_000 + (at % 7)) yield bytes.subarray(at, Math.min(bytes.length, at + 100_000 + (at % 7)));
      },
    };
    expect(await postgres.put(name, source, 'application/pdf')).toEqual({ key: name, contentType: 'application/pdf', size: bytes.length, sha256: sha256(bytes) });
    const chunks = await db.dataSource.query(`SELECT seq, octet_length(content) AS size FROM stored_file_chunks WHERE key = $1 ORDER BY seq`, [name]);
    expect(chunks.map((chunk: { size: number }) => chunk.size)).toEqual([262_144, 262_144, 262_144, 213_571]);
    expect(Buffer.from((await postgres.get(name))?.bytes ?? []).equals(bytes)).toBe(true);
    // A stream that is not what it claims is refused whole: no file, no chunks.
    const liar = key();
    await expect(postgres.put(liar, { ...source, sha256: sha256(Uint8Array.of(0)) }, 'application/pdf')).rejects.toThrow(/does not match/);
    expect(await postgres.get(liar)).toBeNull();
    expect(Number((await db.dataSource.query(`SELECT count(*) AS n FROM stored_file_chunks WHERE key = $1`, [liar]))[0].n)).toBe(0);
  });

  it('refuses to hand out bytes that no longer match their digest', async () => {
    const name = key();
    await postgres.put(name, Uint8Array.of(1, 2, 3), 'image/png');
    // Damage that bypasses the table's checks, as a faulty disk or restore would.
    await db.dataSource.query(`ALTER TABLE stored_files DISABLE TRIGGER stored_files_match`);
    await db.dataSource.query(`UPDATE stored_files SET sha256 = $2 WHERE key = $1`, [name, sha256(Uint8Array.of(7))]);
    await db.dataSource.query(`ALTER TABLE stored_files ENABLE TRIGGER stored_files_match`);
    await expect(postgres.get(name)).rejects.toThrow(/does not match/);
  });
});

describe('S3 file storage', () => {
  it('keeps the digest with the object, where another instance finds it', async () => {
    const name = key();
    const bytes = randomBytes(1024);
    await s3.put(name, bytes, 'image/png');
    const other = new S3FileStorage(s3Options);
    try {
      expect(await other.get(name)).toMatchObject({ contentType: 'image/png', size: 1024, sha256: sha256(bytes) });
    } finally {
      other.close();
    }
  });

  it('fails on a bucket that does not exist rather than pretending to store', async () => {
    const lost = new S3FileStorage({ ...s3Options, bucket: 'no-such-bucket' });
    try {
      await expect(lost.put(key(), Uint8Array.of(1), 'image/png')).rejects.toThrow(/bucket/i);
    } finally {
      lost.close();
    }
  });

  it('refuses to hand out an object whose digest does not match', async () => {
    const name = key();
    await s3.put(name, Uint8Array.of(1, 2, 3), 'image/png');
    // Another writer replaces the object behind the store's back (no digest metadata).
    const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client({ ...s3Options, requestChecksumCalculation: 'WHEN_REQUIRED' });
    try {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: name, Body: Uint8Array.of(9, 9, 9), ContentType: 'image/png' }));
    } finally {
      client.destroy();
    }
    await expect(s3.get(name)).rejects.toThrow(/does not match/);
  });
});
