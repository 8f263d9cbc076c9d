import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { readdirSync } from 'node:fs';
import { pdf } from '@store/infrastructure/testing';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';
import { CertificateUploadInterceptor } from './certificate-upload.interceptor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MAX = 10_485_760;
const INCOMPLETE = 'The file is incomplete or damaged. Please upload it again.';

// ---- Real files, built here ----

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 1×1 white greyscale PNG. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])),
  pngChunk('IDAT', deflateSync(Buffer.from([0, 0xff]))),
  pngChunk('IEND', Buffer.alloc(0)),
]);

/** A 1×1 arithmetic-coded JPEG (SOF9): JFIF header, quantisation table, frame, coding conditions, scan, end marker. */
const JPEG = Buffer.from(
  'ffd8ffe000104a46494600010101004800480000ffdb004300030202020203020202030303030406040404040408060605060908' +
    '0a0a090809090a0c0f0c0a0b0e0b09090d110d0e0f101011100a0c12131210130f101010ffc9000b080001000101011100ffcc00' +
    '0600101005ffda0008010100003f00d2cf20ffd9',
  'hex',
);
const ELF = Buffer.concat([Buffer.from([0x7f]), Buffer.from('ELF'), Buffer.alloc(60, 1)]);
const WINDOWS_EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x90)]);

// ---- Shoppers and requests ----

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const validFields = () => ({ tax_authority: 'NY', start_date: isoDay(-30), end_date: isoDay(60) });

function cookiesOf(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const cookies = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0];
}

let customers = 0;
/** A new customer, signed in: their session cookie. */
async function signedInCustomer(): Promise<string> {
  customers += 1;
  const response = await t
    .http()
    .post('/data/checkout/')
    .set(XHR)
    .type('form')
    .send({
      action: 'CREATE_CUSTOMER',
      timestamp: '1700000000001',
      body: JSON.stringify({
        email: `buyer${customers}@example.com`,
        firstName: 'Bea',
        lastName: 'Buyer',
        password: 'analytical engine',
        country: 'US',
        marketingSignUp: false,
        customerCategory: 'personal',
        termsAndConditions: true,
      }),
    });
  expect(response.status).toBe(200);
  const session = cookiesOf(response, 'afs_session');
  expect(session).toBeDefined();
  return session as string;
}

interface Upload {
  fields?: Record<string, string>;
  files?: Array<{ field?: string; name: string; bytes: Buffer; contentType?: string }>;
}

function upload(cookie: string | null, { fields = validFields(), files = [] }: Upload) {
  const request = t.http().post('/data/account/tax-certificate/').set(XHR);
  if (cookie) request.set('Cookie', cookie);
  for (const [name, value] of Object.entries(fields)) request.field(name, value);
  for (const file of files) {
    request.attach(file.field ?? 'file', file.bytes, { filename: file.name, contentType: file.contentType ?? 'application/pdf' });
  }
  return request;
}

const download = (id: string, cookie: string | null) => {
  const request = t.http().get(`/data/account/tax-certificate/${id}/file`).set(XHR).buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });
  if (cookie) request.set('Cookie', cookie);
  return request;
};

async function stored(): Promise<{ certificates: number; files: number }> {
  const [row] = await t.db.dataSource.query(
    'SELECT (SELECT count(*) FROM tax_certificates)::int AS certificates, (SELECT count(*) FROM stored_files)::int AS files',
  );
  return row;
}

/** Runs a request that must be refused, and checks that nothing was stored by it. */
async function refused(send: () => Promise<{ status: number; body: any }>) {
  const before = await stored();
  const response = await send();
  expect(response.body.success).toBe(false);
  expect(JSON.stringify(response.body)).not.toMatch(/at .*\.(js|ts):\d+/);
  expect(await stored()).toEqual(before);
  return response;
}

describe('POST /data/account/tax-certificate/', () => {
  it("stores a PDF with the customer's basket, and gives it back byte for byte to its owner only", async () => {
    const session = await signedInCustomer();
    const added = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', session).send({ product_suite_reference: 'photo-2', locale: 'en-us' });
    const basketCookie = cookiesOf(added, 'afs_basket') as string;
    const file = pdf();
    const fields = validFields();

    const response = await upload(`${session}; ${basketCookie}`, { fields, files: [{ name: 'NY exemption.pdf', bytes: file }] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      code: 200,
      data: {
        certificate: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          tax_authority: 'NY',
          start_date: fields.start_date,
          end_date: fields.end_date,
          file_name: 'NY exemption.pdf',
          content_type: 'application/pdf',
          size: file.length,
        },
      },
    });
    const id = response.body.data.certificate.id;
    const [row] = await t.db.dataSource.query(
      `SELECT c.basket_reference, c.order_reference, c.sha256, c.size, f.sha256 AS file_sha256
       FROM tax_certificates c JOIN stored_files f ON f.key = c.storage_key WHERE c.id = $1`,
      [id],
    );
    expect(row).toMatchObject({ basket_reference: added.body.data.reference, order_reference: null, size: file.length });
    expect(row.sha256).toBe(row.file_sha256);

    const own = await download(id, session);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe('attachment; filename="NY exemption.pdf"');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(own.body, file)).toBe(0);

    const someoneElse = await signedInCustomer();
    for (const [path, cookie] of [
      [id, someoneElse],
      [id, null],
      ['00000000-0000-4000-8000-000000000000', session],
      ['not-an-id', session],
    ] as const) {
      const other = await t.http().get(`/data/account/tax-certificate/${path}/file`).set(XHR).set('Cookie', cookie ?? '');
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ success: false, code: 404, message: 'The page or resource you asked for does not exist' });
    }
  });

  it.each([
    ['PNG', 'scan.png', PNG, 'image/png'],
    ['JPEG (.jpg)', 'photo.jpg', JPEG, 'image/jpeg'],
    ['JPEG (.jpeg)', 'photo.JPEG', JPEG, 'image/jpeg'],
  ])('accepts a %s, typed by its content whatever the browser said', async (_, name, bytes, contentType) => {
    const session = await signedInCustomer();
    const response = await upload(session, { files: [{ name, bytes, contentType: 'application/octet-stream' }] });
    expect(response.status).toBe(200);
    expect(response.body.data.certificate).toMatchObject({ file_name: name, content_type: contentType, size: bytes.length });
    const back = await download(response.body.data.certificate.id, session);
    expect(back.headers['content-type']).toBe(contentType);
    expect(Buffer.compare(back.body, bytes)).toBe(0);
  });

  it('keeps a name in any script, and offers it back encoded for the download header', async () => {
    const session = await signedInCustomer();
    const response = await upload(session, { files: [{ name: 'Exención – Nueva York.pdf', bytes: pdf() }] });
    expect(response.body.data.certificate.file_name).toBe('Exención – Nueva York.pdf');
    const back = await download(response.body.data.certificate.id, session);
    expect(back.headers['content-disposition']).toBe(
      `attachment; filename="Exención ? Nueva York.pdf"; filename*=UTF-8''Exenci%C3%B3n%20%E2%80%93%20Nueva%20York.pdf`,
    );
  });

  it('accepts a file of exactly 10485760 bytes', async () => {
    const session = await signedInCustomer();
    const response = await upload(session, { files: [{ name: 'big.pdf', bytes: pdf(MAX) }] });
    expect(response.status).toBe(200);
    expect(response.body.data.certificate.size).toBe(MAX);
  });

  describe('refuses, naming the field, and stores nothing', () => {
    let session: string;
    beforeAll(async () => {
      session = await signedInCustomer();
    });

    const fileFailure = (body: any, message: string) => expect(body).toMatchObject({ code: 100100, fields: { file: [message] } });

    it.each([
      ['an ELF executable renamed cert.pdf', 'cert.pdf', ELF, 'File type is not supported'],
      ['a Windows executable renamed cert.pdf', 'cert.pdf', WINDOWS_EXE, 'File type is not supported'],
      ['a PDF named .exe', 'cert.exe', pdf(), 'File type is not supported'],
      ['a PNG named .pdf', 'cert.pdf', PNG, 'File type is not supported'],
      ['a truncated PDF', 'cert.pdf', pdf().subarray(0, pdf().length - 20), INCOMPLETE],
      ['a truncated PNG', 'scan.png', PNG.subarray(0, PNG.length - 5), INCOMPLETE],
      ['a truncated JPEG', 'photo.jpg', JPEG.subarray(0, JPEG.length - 2), INCOMPLETE],
      ['an empty file', 'cert.pdf', Buffer.alloc(0), INCOMPLETE],
    ])('%s', async (_, name, bytes, message) => {
      const response = await refused(() => upload(session, { files: [{ name, bytes }] }));
      expect(response.status).toBe(400);
      fileFailure(response.body, message);
    });

    it('a valid PDF of 10 MB + 1 byte, cut off at the limit', async () => {
      const response = await refused(() => upload(session, { files: [{ name: 'big.pdf', bytes: pdf(MAX + 1) }] }));
      expect(response.status).toBe(400);
      fileFailure(response.body, 'File size exceeds 10MB');
    });

    it('an oversized file for its size, before its name or bytes are looked at', async () => {
      // Were the file read whole, the domain's rules would refuse the name first.
      const response = await refused(() => upload(session, { files: [{ name: 'setup.exe', bytes: Buffer.alloc(MAX + 1, 0x4d) }] }));
      fileFailure(response.body, 'File size exceeds 10MB');
    });

    it('a body that declares itself too large, before any of it arrives', async () => {
      const response = await refused(() => rawUpload({ cookie: session, declaredLength: 50 * 1024 * 1024 }));
      expect(response.status).toBe(400);
      fileFailure(response.body, 'File size exceeds 10MB');
    });

    it.each([
      ['a start date in the future', { start_date: isoDay(400) }, { start_date: ['Certificate start date is in the future'] }],
      ['a start date before 1960', { start_date: '1959-12-31' }, { start_date: ['Certificate start date is before 1 January 1960'] }],
      ['an expired certificate', { start_date: '2020-01-01', end_date: '2020-12-31' }, { end_date: ['Your certificate has expired'] }],
      ['a date that is not one', { start_date: '2025-02-30' }, { start_date: ['Enter a valid date'] }],
      ['an authority not on the list', { tax_authority: 'ZZ' }, { tax_authority: ['Choose a certificate tax authority from the list'] }],
    ])('%s', async (_, overrides, fields) => {
      const response = await refused(() => upload(session, { fields: { ...validFields(), ...overrides }, files: [{ name: 'cert.pdf', bytes: pdf() }] }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, code: 100100, message: 'One or more fields are not valid', fields });
    });

    it('an empty form, with every required message', async () => {
      const response = await refused(() => upload(session, { fields: {} }));
      expect(response.body.fields).toEqual({
        tax_authority: ['Certificate tax authority is required'],
        start_date: ['Start date is required'],
        end_date: ['End date is required'],
        file: ['Certificate is required'],
      });
    });

    it('unknown text fields and a file under another name', async () => {
      const text = await refused(() => upload(session, { fields: { ...validFields(), note: 'hi' }, files: [{ name: 'cert.pdf', bytes: pdf() }] }));
      expect(text.status).toBe(400);
      expect(text.body).toMatchObject({ code: 100100, fields: { note: ['property note should not exist'] } });
      const file = await refused(() => upload(session, { files: [{ field: 'attachment', name: 'cert.pdf', bytes: pdf() }] }));
      expect(file.body).toMatchObject({ code: 100100, fields: { attachment: ['property attachment should not exist'] } });
    });

    it('two files, an over-long field, too many fields and a malformed body', async () => {
      const two = await refused(() => upload(session, { files: [{ name: 'a.pdf', bytes: pdf() }, { name: 'b.pdf', bytes: pdf() }] }));
      expect(two.body).toMatchObject({ code: 100100, fields: { file: ['Upload one certificate file only'] } });
      const long = await refused(() => upload(session, { fields: { ...validFields(), tax_authority: 'N'.repeat(2000) } }));
      expect(long.body).toMatchObject({ code: 100100, fields: { tax_authority: ['Field must contain no more than 1024 characters'] } });
      const crowded = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`extra${i}`, 'x']));
      const many = await refused(() => upload(session, { fields: crowded }));
      expect(many.body).toMatchObject({ code: 100100, fields: { body: ['Too many fields'] } });
      const malformed = await refused(() =>
        t.http().post('/data/account/tax-certificate/').set(XHR).set('Cookie', session).set('Content-Type', 'multipart/form-data; boundary=xyz').send('--xyz\r\nnonsense'),
      );
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ code: 400 });
    });
  });

  it('refuses a signed-out upload with SESSION_EXPIRED before reading its body, and one without X-Requested-With', async () => {
    const signedOut = await refused(() => upload(null, { files: [{ name: 'cert.pdf', bytes: pdf() }] }));
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ success: false, code: 100108, message: 'Your session has expired. Please sign in and try again.' });
    const stale = await refused(() => upload('afs_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', { files: [{ name: 'cert.pdf', bytes: pdf() }] }));
    expect(stale.body.code).toBe(100108);
    // A 5 MB body is declared but never sent: the answer cannot have waited for it.
    const early = await refused(() => rawUpload({ cookie: null, declaredLength: 5 * 1024 * 1024 }));
    expect(early.body.code).toBe(100108);
    const session = await signedInCustomer();
    const forged = await refused(() =>
      t.http().post('/data/account/tax-certificate/').set('Cookie', session).field(validFields()).attach('file', pdf(), 'cert.pdf'),
    );
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe(800003);
  });
});

describe('receiving to disk', () => {
  it('streams the file through a temporary file of its own, and leaves nothing there whatever the answer', async () => {
    const folder = t.app.get(CertificateUploadInterceptor, { strict: false }).folder;
    const session = await signedInCustomer();
    const answers = [
      await upload(session, { files: [{ name: 'big.pdf', bytes: pdf(MAX) }] }),
      await upload(session, { files: [{ name: 'cert.pdf', bytes: ELF }] }),
      await upload(session, { files: [{ name: 'big.pdf', bytes: pdf(MAX + 1) }] }),
      await upload(session, { fields: { ...validFields(), start_date: '1959-12-31' }, files: [{ name: 'cert.pdf', bytes: pdf() }] }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 400, 400]);
    const back = await download(answers[0].body.data.certificate.id, session);
    expect(Buffer.compare(back.body, pdf(MAX))).toBe(0);
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('quotas: how much one customer may upload', () => {
  const QUOTA_MESSAGE = 'You have uploaded the most certificates allowed in an hour. Please try again later.';
  const BUDGET_MESSAGE =
    'You have uploaded the most certificate files we can keep for you before they are used with an order. Please use one with an order, or try again tomorrow.';
  const small = () => [{ name: 'cert.pdf', bytes: pdf() }];

  it('refuses the 11th certificate within an hour with 800111, before reading its body, and stores nothing', async () => {
    const session = await signedInCustomer();
    for (let i = 0; i < 10; i += 1) expect((await upload(session, { files: small() })).status).toBe(200);
    const eleventh = await refused(() => upload(session, { files: small() }));
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ success: false, code: 800111, message: QUOTA_MESSAGE });
    // 5 MB announced and never sent: the refusal did not wait for the body.
    const unread = await refused(() => rawUpload({ cookie: session, declaredLength: 5 * 1024 * 1024 }));
    expect(unread.body.code).toBe(800111);
    // Another customer is not held back by this one.
    expect((await upload(await signedInCustomer(), { files: small() })).status).toBe(200);
  });

  it('holds to ten an hour when twelve uploads arrive at once', async () => {
    const session = await signedInCustomer();
    const answers = await Promise.all(Array.from({ length: 12 }, () => upload(session, { files: small() })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.body).toMatchObject({ success: false, code: 800111 });
    const [row] = await t.db.dataSource.query(
      `SELECT count(*)::int AS certificates, count(f.key)::int AS files FROM tax_certificates c
       JOIN customers u ON u.id = c.customer_id LEFT JOIN stored_files f ON f.key = c.storage_key WHERE u.email_normalised = $1`,
      [`buyer${customers}@example.com`],
    );
    expect(row).toEqual({ certificates: 10, files: 10 });
  });

  it('refuses a file that would take the certificates not yet on an order past 50 MB with 800112, and stores nothing', async () => {
    const session = await signedInCustomer();
    for (let i = 0; i < 4; i += 1) expect((await upload(session, { files: [{ name: 'big.pdf', bytes: pdf(MAX) }] })).status).toBe(200);
    expect((await upload(session, { files: [{ name: 'half.pdf', bytes: pdf(5 * 1024 * 1024) }] })).status).toBe(200);
    // 46 MB kept: a full 10 MB file would pass 50 MB, found once its size is known.
    const over = await refused(() => upload(session, { files: [{ name: 'big.pdf', bytes: pdf(MAX) }] }));
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ success: false, code: 800112, message: BUDGET_MESSAGE });
    // The budget counts bytes, not files: a small one still fits.
    expect((await upload(session, { files: small() })).status).toBe(200);
  });
});

/**
 * Starts a multipart upload that announces `declaredLength` bytes but sends only its first part,
 * and resolves with the answer: one that arrives proves the server did not wait for the body.
 */
async function rawUpload({ cookie, declaredLength }: { cookie: string | null; declaredLength: number }): Promise<{ status: number; body: any }> {
  const server = t.app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/data/account/tax-certificate/',
      headers: {
        ...XHR,
        ...(cookie ? { Cookie: cookie } : {}),
        'Content-Type': 'multipart/form-data; boundary=b0undary',
        'Content-Length': String(declaredLength),
      },
    });
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      });
    });
    request.on('error', reject);
    // A server that waits for the body never answers: fail rather than hang the suite.
    request.setTimeout(5000, () => {
      request.destroy();
      reject(new Error('No answer before the body was sent'));
    });
    request.write('--b0undary\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n');
  });
}
