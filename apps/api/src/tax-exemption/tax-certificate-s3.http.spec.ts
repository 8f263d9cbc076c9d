import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

const BUCKET = 'store-certificates';
let t: TestApp;
let s3: S3rver;
let s3dir: string;
let endpoint: string;
const keys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

beforeAll(async () => {
  // A real S3 implementation in this process, on a random port of this machine.
  s3dir = mkdtempSync(join(tmpdir(), 'store-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  if (s3dir) rmSync(s3dir, { recursive: true, force: true });
});

/** A 1×1 JPEG: enough for the content checks, which are the same whatever the store. */
const JPEG = Buffer.from(
  'ffd8ffe000104a46494600010101004800480000ffdb004300030202020203020202030303030406040404040408060605060908' +
    '0a0a090809090a0c0f0c0a0b0e0b09090d110d0e0f101011100a0c12131210130f101010ffc9000b080001000101011100ffcc00' +
    '0600101005ffda0008010100003f00d2cf20ffd9',
  'hex',
);

describe('tax certificates with FILE_STORAGE=s3', () => {
  it('keeps the file in the bucket, not the database, and serves it back from there', async () => {
    const signUp = await t
      .http()
      .post('/data/checkout/')
      .set(XHR)
      .type('form')
      .send({
        action: 'CREATE_CUSTOMER',
        timestamp: '1',
        body: JSON.stringify({
          email: 's3@example.com',
          firstName: 'Sam',
          lastName: 'Three',
          password: 'analytical engine',
          country: 'US',
          marketingSignUp: false,
          customerCategory: 'personal',
          termsAndConditions: true,
        }),
      });
    const session = ((signUp.headers['set-cookie'] as unknown as string[]) ?? []).find((c) => c.startsWith('afs_session='))?.split(';')[0] ?? '';
    const today = new Date().toISOString().slice(0, 10);
    const uploaded = await t
      .http()
      .post('/data/account/tax-certificate/')
      .set(XHR)
      .set('Cookie', session)
      .field({ tax_authority: 'TX', start_date: today, end_date: today })
      .attach('file', JPEG, 'cert.jpg');
    expect(uploaded.status).toBe(200);
    const id = uploaded.body.data.certificate.id;

    const [row] = await t.db.dataSource.query('SELECT storage_key FROM tax_certificates WHERE id = $1', [id]);
    expect(row.storage_key).toBe(`tax-certificates/${id}`);
    expect(Number((await t.db.dataSource.query('SELECT count(*) AS n FROM stored_files'))[0].n)).toBe(0);
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: keys });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: row.storage_key }));
      expect(head).toMatchObject({ ContentType: 'image/jpeg', ContentLength: JPEG.length, Metadata: { sha256: createHash('sha256').update(JPEG).digest('hex') } });
    } finally {
      client.destroy();
    }

    const back = await t.http().get(`/data/account/tax-certificate/${id}/file`).set(XHR).set('Cookie', session).buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(back.body, JPEG)).toBe(0);
  });
});
