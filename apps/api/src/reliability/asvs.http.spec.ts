import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { contentSecurityDirectives } from '../http/content-security';
import { HSTS_MAX_AGE_SECONDS, withScriptNonce } from '../http/security-headers';
import { pdf } from '@store/infrastructure/testing';
import { checkoutAction, cookieOf, newCustomerBody } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

/**
 * OWASP ASVS 4.0.3 level 2 checks that no other suite makes (docs/reliability.md lists every item
 * with its test, here or elsewhere). Each test is named by the ASVS item it proves. Three stores:
 * the default one (development, plain http), one deployed as in production (HTTPS cookies, HSTS,
 * logs written to a file at info level), and one asking for 8-character passwords.
 */

let t: TestApp;
let production: TestApp;
let strict: TestApp;
let logDir: string;
let logFile: string;

beforeAll(async () => {
  logDir = mkdtempSync(join(tmpdir(), 'store-asvs-logs-'));
  logFile = join(logDir, 'api.log');
  [t, production, strict] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { NODE_ENV: 'production', COOKIE_SECURE: 'true', LOG_LEVEL: 'info', LOG_FILE: logFile } }),
    createTestApp({ env: { PASSWORD_MIN_LENGTH: '8' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), production?.close(), strict?.close()]);
  rmSync(logDir, { recursive: true, force: true });
});

let counter = 0;
const freshEmail = (name: string) => `asvs.${name}.${++counter}.${Date.now()}@example.com`;
const PASSWORD = 'analytical engine 1843';
// Each call comes from its own address unless a test means otherwise, so only the per-address test meets that limit.
const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const auth = (app: TestApp, path: string, body: object, address = randomAddress()) =>
  app.http().post(`/auth/${path}`).set(XHR).set('X-Forwarded-For', address).send(body);
const customerBody = (email: string, password = PASSWORD) => newCustomerBody(email, { password });
const setCookies = (response: { headers: Record<string, unknown> }) => (response.headers['set-cookie'] as string[] | undefined) ?? [];

/** A new customer: their email and session cookie. */
async function signUp(app: TestApp, password = PASSWORD): Promise<{ email: string; cookie: string }> {
  const email = freshEmail('customer');
  const created = await checkoutAction(app, 'CREATE_CUSTOMER', customerBody(email, password));
  expect(created.body.success).toBe(true);
  return { email, cookie: cookieOf(created, 'afs_session') };
}

/** Signs in through /auth/login and the session call, as the page does: the new session cookie. */
async function signIn(app: TestApp, email: string, password = PASSWORD, cookie = ''): Promise<{ cookie: string; setCookie: string }> {
  const login = await auth(app, 'login', { username: email, password });
  expect(login.body.success).toBe(true);
  const opened = await app.http().post('/data/session/').set(XHR).set('Cookie', cookie).send({ token: login.body.payload.token });
  expect(opened.body.success).toBe(true);
  const setCookie = setCookies(opened).find((value) => value.startsWith('afs_session=')) as string;
  return { cookie: setCookie.split(';')[0], setCookie };
}

const signedInEmail = async (app: TestApp, cookie: string) => (await app.http().get('/data/session/').set(XHR).set('Cookie', cookie)).body.data.customer?.email ?? null;

/** Starts a password recovery and reads the link's token from the outbox, as the customer would. */
async function recoveryToken(app: TestApp, email: string): Promise<string> {
  expect((await auth(app, 'start-password-recovery', { email })).body.success).toBe(true);
  const [mail] = await app.db.dataSource.query(`SELECT text_body FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`, [email]);
  return new URL(/(http\S+)/.exec(mail.text_body)?.[1] as string).searchParams.get('token') as string;
}

describe('V2 authentication', () => {
  describe('V2.1.1 the password minimum (PASSWORD_MIN_LENGTH): every password set is held to it on the server', () => {
    it.each([
      ['the default (the spec’s six)', () => t, 'abcde', 'abcdef', 'Your password must be at least six characters', 6],
      ['a store asking for 8', () => strict, 'abcdefg', 'abcdefgh', 'Your password must be at least 8 characters', 8],
    ])('%s: sign-up, password change and recovery refuse one character less, with its message', async (_, app, short, long, message, minimum) => {
      const store = app();
      const session = await store.http().get('/data/session/').set(XHR);
      expect(session.body.data.password_min_length).toBe(minimum);

      const email = freshEmail('minimum');
      const refused = await checkoutAction(store, 'CREATE_CUSTOMER', customerBody(email, short));
      expect(refused.body).toMatchObject({ code: 100112, message: `${message}.`, fields: { password: [message] } });
      expect((await store.db.dataSource.query(`SELECT 1 FROM customers WHERE email_normalised = $1`, [email])).length).toBe(0);
      const account = await signUp(store, `${long} phrase`);

      const change = await auth(store, 'update-password', { username: account.email, current_password: `${long} phrase`, new_password: short });
      expect(change.body).toMatchObject({ code: 100112, message: `${message}.`, fields: { new_password: [message] } });
      const token = await recoveryToken(store, account.email);
      const recovery = await auth(store, 'complete-password-recovery', { email: account.email, token, new_password: short });
      expect(recovery.body).toMatchObject({ code: 100112, message: `${message}.`, fields: { new_password: [message] } });
      // Neither refusal used up the link or changed the password.
      expect((await auth(store, 'verify-recovery-token', { email: account.email, token })).body.payload).toEqual({ valid: true });
      expect((await auth(store, 'login', { username: account.email, password: `${long} phrase` })).body.success).toBe(true);

      expect((await auth(store, 'update-password', { username: account.email, current_password: `${long} phrase`, new_password: `z${long}` })).body.success).toBe(true);
      expect((await auth(store, 'complete-password-recovery', { email: account.email, token, new_password: `y${long}` })).body.success).toBe(true);
    });

    it('refuses a setting below the spec’s six or above 64 at start', () => {
      const url = 'postgres://store@127.0.0.1/store';
      expect(() => loadConfig({ DATABASE_URL: url, PASSWORD_MIN_LENGTH: '5' })).toThrow(/PASSWORD_MIN_LENGTH must be a whole number of characters from 6 to 64/);
      expect(() => loadConfig({ DATABASE_URL: url, PASSWORD_MIN_LENGTH: '65' })).toThrow(/PASSWORD_MIN_LENGTH/);
      expect(loadConfig({ DATABASE_URL: url, PASSWORD_MIN_LENGTH: '12' }).PASSWORD_MIN_LENGTH).toBe(12);
      expect(loadConfig({ DATABASE_URL: url }).PASSWORD_MIN_LENGTH).toBe(6);
    });
  });

  it('V2.1.2 V2.1.3 V2.1.4 passwords of 64 and 128 characters (any script, spaces kept) are accepted whole; 256 are refused', async () => {
    const long = `${'correct horse battery staple '.repeat(4)}ünïcødé 密码`.slice(0, 64);
    expect([...long]).toHaveLength(64);
    const { email } = await signUp(t, long);
    expect((await auth(t, 'login', { username: email, password: long })).body.success).toBe(true);
    // Not truncated: the same password less its last character is wrong.
    expect((await auth(t, 'login', { username: email, password: long.slice(0, 63) })).body.code).toBe(100101);
    const longer = 'x'.repeat(120) + ' 12345678';
    expect((await auth(t, 'update-password', { username: email, current_password: long, new_password: longer })).body.success).toBe(true);
    const tooLong = await checkoutAction(t, 'CREATE_CUSTOMER', customerBody(freshEmail('too-long'), 'y'.repeat(256)));
    expect(tooLong.body).toMatchObject({ code: 100100, fields: { password: ['Field must contain no more than 255 characters'] } });
  });

  it('V2.1.7 a breached (popular) password is refused on every password set: sign-up, change and recovery', async () => {
    const refusedSignUp = await checkoutAction(t, 'CREATE_CUSTOMER', customerBody(freshEmail('breached'), 'password1'));
    expect(refusedSignUp.body).toMatchObject({ code: 700001 });
    const { email } = await signUp(t);
    const change = await auth(t, 'update-password', { username: email, current_password: PASSWORD, new_password: 'qwerty123' });
    expect(change.body).toMatchObject({ code: 700001, type: 'unacceptable-password' });
    const token = await recoveryToken(t, email);
    const recovery = await auth(t, 'complete-password-recovery', { email, token, new_password: 'iloveyou' });
    expect(recovery.body).toMatchObject({ code: 700001, type: 'unacceptable-password' });
    expect((await auth(t, 'login', { username: email, password: PASSWORD })).body.success).toBe(true);
  });

  it('V2.2.1 at most 100 sign-in attempts per address in 15 minutes, whichever accounts they name; other addresses are unaffected', async () => {
    const { email } = await signUp(t);
    const address = '203.0.113.77';
    const answers: number[] = [];
    for (let attempt = 0; attempt < 100; attempt++) answers.push((await auth(t, 'login', { username: freshEmail('spray'), password: 'guess guess' }, address)).body.code);
    expect(new Set(answers)).toEqual(new Set([100101]));
    // The 101st from that address is refused even with the right password; from elsewhere it works.
    expect((await auth(t, 'login', { username: email, password: PASSWORD }, address)).body.code).toBe(429);
    expect((await auth(t, 'login', { username: email, password: PASSWORD }, '203.0.113.78')).body.success).toBe(true);
    // Recovery mails have their own per-address limit (30 an hour).
    const mails: number[] = [];
    for (let attempt = 0; attempt < 31; attempt++) mails.push((await auth(t, 'start-password-recovery', { email: freshEmail('mailspray') }, '203.0.113.79')).body.code);
    expect(mails.slice(0, 30)).toEqual(Array(30).fill(100102));
    expect(mails[30]).toBe(429);
  });

  it('V2.2.1 wrong security codes count too: the account answers 429 within 20 attempts, far below 100 an hour', async () => {
    const { email } = await signUp(t);
    const enabled = await auth(t, 'mfa-enable', { username: email, password: PASSWORD, provider: 'totp' });
    const { generate } = await import('otplib');
    expect((await auth(t, 'mfa-activate', { username: email, password: PASSWORD, otp: await generate({ secret: enabled.body.payload.secret }) })).body.success).toBe(true);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) codes.push((await auth(t, 'login', { username: email, password: PASSWORD, otp: String(100000 + attempt) })).body.code);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThan(0);
    expect(codes.indexOf(429)).toBeLessThanOrEqual(20);
  });

  it('V2.4.1 passwords are stored only as salted Argon2id hashes', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const rows: Array<{ password_hash: string }> = await t.db.dataSource.query(
      `SELECT password_hash FROM credentials c JOIN customers u ON u.id = c.customer_id WHERE u.email_normalised IN ($1, $2)`,
      [first.email, second.email],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{32,}$/);
      expect(row.password_hash).not.toContain(PASSWORD);
    }
    // Same password, different salts.
    expect(rows[0].password_hash).not.toBe(rows[1].password_hash);
  });

  it('V2.3.1 V2.5.6 a reset link is random, stored only as a digest, lives at most an hour, is single-use and replaced by a newer one', async () => {
    const { email } = await signUp(t);
    const first = await recoveryToken(t, email);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const second = await recoveryToken(t, email);
    const rows: Array<{ digest: string; lifetime: number; used_at: Date | null }> = await t.db.dataSource.query(
      `SELECT t.digest, EXTRACT(EPOCH FROM t.expires_at - t.created_at)::int AS lifetime, t.used_at
       FROM one_time_tokens t JOIN customers c ON c.id = t.customer_id WHERE c.email_normalised = $1 AND t.purpose = 'recovery'`,
      [email],
    );
    expect(JSON.stringify(rows)).not.toContain(first);
    expect(JSON.stringify(rows)).not.toContain(second);
    for (const row of rows) expect(row.lifetime).toBeLessThanOrEqual(3600);
    // Asking again revoked the first link.
    expect((await auth(t, 'verify-recovery-token', { email, token: first })).body.code).toBe(100118);
    expect((await auth(t, 'verify-recovery-token', { email, token: second })).body.payload).toEqual({ valid: true });

    // An hour later the link no longer works.
    await t.db.dataSource.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'recovery' AND used_at IS NULL AND customer_id = (SELECT id FROM customers WHERE email_normalised = $1)`,
      [email],
    );
    expect((await auth(t, 'complete-password-recovery', { email, token: second, new_password: 'difference engine 1822' })).body.code).toBe(100118);
    expect((await auth(t, 'login', { username: email, password: PASSWORD })).body.success).toBe(true);

    // A fresh link works once.
    const third = await recoveryToken(t, email);
    expect((await auth(t, 'complete-password-recovery', { email, token: third, new_password: 'difference engine 1822' })).body.success).toBe(true);
    expect((await auth(t, 'complete-password-recovery', { email, token: third, new_password: 'difference engine 1833' })).body.code).toBe(100118);
  });
});

describe('V3 sessions', () => {
  it('V3.2.1 V3.2.2 V3.2.3 signing in issues a new 256-bit session id in a cookie and ends the one the browser had (no fixation); only digests are stored', async () => {
    const { email, cookie: planted } = await signUp(t);
    expect(planted).toMatch(/^afs_session=[A-Za-z0-9_-]{43}$/);
    const { cookie, setCookie } = await signIn(t, email, PASSWORD, planted);
    expect(cookie).toMatch(/^afs_session=[A-Za-z0-9_-]{43}$/);
    expect(cookie).not.toBe(planted);
    expect(await signedInEmail(t, cookie)).toBe(email);
    expect(await signedInEmail(t, planted)).toBeNull();
    // Never in an address: the session call answers with a redirect path only.
    expect(setCookie).not.toMatch(/redirect|token/i);
    const stored: Array<{ id_digest: string }> = await t.db.dataSource.query(`SELECT id_digest FROM sessions`);
    const secret = cookie.split('=')[1];
    expect(stored.some((row) => row.id_digest === secret)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.id_digest))).toBe(true);
  });

  it('V3.3.1 signing out ends the session on the server, not only in the browser', async () => {
    const { cookie } = await signUp(t);
    const out = await checkoutAction(t, 'SIGN_OUT', undefined, cookie);
    expect(setCookies(out).join(';')).toMatch(/afs_session=;.*Expires=Thu, 01 Jan 1970/);
    // The old cookie, replayed by an attacker who copied it, opens nothing.
    expect(await signedInEmail(t, cookie)).toBeNull();
    const upload = await t.http().post('/data/account/tax-certificate/').set(XHR).set('Cookie', cookie).field('tax_authority', 'NY');
    expect(upload.body.code).toBe(100108);
  });

  it('V3.3.3 V3.7.1 a password change needs the current password and ends every session of the account', async () => {
    const { email, cookie: first } = await signUp(t);
    const { cookie: second } = await signIn(t, email);
    const wrong = await auth(t, 'update-password', { username: email, current_password: 'not the password', new_password: 'brand new phrase 1' });
    expect(wrong.body.code).toBe(100115);
    expect(await signedInEmail(t, first)).toBe(email);
    expect((await auth(t, 'update-password', { username: email, current_password: PASSWORD, new_password: 'brand new phrase 1' })).body.success).toBe(true);
    expect(await signedInEmail(t, first)).toBeNull();
    expect(await signedInEmail(t, second)).toBeNull();

    // So does a recovery.
    const { cookie: third } = await signIn(t, email, 'brand new phrase 1');
    const token = await recoveryToken(t, email);
    expect((await auth(t, 'complete-password-recovery', { email, token, new_password: 'brand new phrase 2' })).body.success).toBe(true);
    expect(await signedInEmail(t, third)).toBeNull();
  });

  it('V3.4.1 V3.4.2 V3.4.3 V3.4.5 in production every cookie is Secure, HttpOnly, SameSite=Lax and for path /', async () => {
    const email = freshEmail('cookies');
    const created = await checkoutAction(production, 'CREATE_CUSTOMER', customerBody(email));
    const session = cookieOf(created, 'afs_session');
    const added = await production.http().post('/data/basket/lines/').set(XHR).set('Cookie', session).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
    const consent = await production.http().put('/cookie-allow-analytics/').set(XHR);
    const signedIn = await signIn(production, email);
    const cookies = [...setCookies(created), ...setCookies(added), ...setCookies(consent), signedIn.setCookie];
    expect(cookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual(['afs_allow_analytics', 'afs_basket', 'afs_manage_cookies_viewed', 'afs_session', 'afs_session']);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
    }
    // A plain-http development run cannot keep Secure cookies, and does not send them.
    expect(setCookies(await checkoutAction(t, 'CREATE_CUSTOMER', customerBody(freshEmail('dev')))).join(';')).not.toMatch(/Secure/);
  });
});

describe('V4 access control', () => {
  it('V4.2.1 references to baskets, certificates and sessions are unguessable random values', async () => {
    const one = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
    const two = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
    for (const response of [one, two]) expect(response.body.data.reference).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$|^[A-Za-z0-9_-]{22,}$/);
    expect(one.body.data.reference).not.toBe(two.body.data.reference);
    // Knowing a basket's reference is not enough to read it without its cookie or owner.
    const stranger = await t.http().get(`/data/baskets/${one.body.data.reference}`).set(XHR);
    expect(stranger.body.code).toBe(200404);
  });

  it('V4.2.2 V13.2.3 V14.5.3 cross-site requests cannot act with a shopper’s cookies: the custom header is required and no other origin is allowed by CORS', async () => {
    const { cookie } = await signUp(t);
    const forged = await checkoutAction(t, 'SIGN_OUT', undefined, cookie).unset('X-Requested-With').set('Origin', 'https://evil.example');
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe(800003);
    expect(await signedInEmail(t, cookie)).not.toBeNull();
    for (const path of ['/data/checkout/', '/auth/login', '/data/session/', '/cookie-allow-analytics/']) {
      const preflight = await t
        .http()
        .options(path)
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'x-requested-with');
      expect([path, preflight.headers['access-control-allow-origin']]).toEqual([path, undefined]);
      expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const simple = await t.http().get('/data/session/').set(XHR).set('Origin', 'https://evil.example').set('Cookie', cookie);
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('V4.3.2 no directory listing of the web build or its assets', async () => {
    for (const path of ['/assets/', '/assets', '/media/']) {
      const response = await t.http().get(path).set('Accept', 'application/json');
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.text).not.toMatch(/Index of|<a href/i);
    }
  });
});

describe('V7 errors and logging', () => {
  it('V7.1.1 V7.1.2 passwords, reset tokens, sign-in tokens and session ids never reach the logs', async () => {
    const email = freshEmail('logged');
    const created = await checkoutAction(production, 'CREATE_CUSTOMER', customerBody(email));
    const session = cookieOf(created, 'afs_session').split('=')[1];
    const login = await auth(production, 'login', { username: email, password: PASSWORD });
    const signInToken = login.body.payload.token as string;
    await production.http().post('/data/session/').set(XHR).send({ token: signInToken });
    await auth(production, 'login', { username: email, password: 'a wrong password' });
    const resetToken = await recoveryToken(production, email);
    await auth(production, 'complete-password-recovery', { email, token: resetToken, new_password: 'the new secret phrase' });
    await production.http().post('/data/compromised-password/').set(XHR).field('password', 'typed in the page').field('__timestamp__', '1');

    let logs = '';
    for (let wait = 0; wait < 50 && !logs.includes('complete-password-recovery'); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      logs = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    }
    expect(logs).toContain('/auth/complete-password-recovery');
    for (const secret of [PASSWORD, 'a wrong password', 'the new secret phrase', 'typed in the page', session, signInToken, resetToken]) {
      expect([secret, logs.includes(secret)]).toEqual([secret, false]);
    }
    expect(logs).not.toMatch(/argon2id/);
  });

  it('V7.4.1 an unexpected failure answers a generic message with a request id, never a stack or SQL', async () => {
    await strict.db.dataSource.query(`ALTER TABLE customers RENAME TO customers_elsewhere`);
    try {
      const response = await auth(strict, 'login', { username: freshEmail('broken'), password: PASSWORD });
      expect(response.status).toBeGreaterThanOrEqual(500);
      expect(response.body.success).toBe(false);
      expect(typeof response.body.code).toBe('number');
      expect(response.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
      expect(JSON.stringify(response.body)).not.toMatch(/customers|relation|SELECT|QueryFailedError|at .*\.(js|ts):\d+/);
    } finally {
      await strict.db.dataSource.query(`ALTER TABLE customers_elsewhere RENAME TO customers`);
    }
  });
});

describe('V8 data protection', () => {
  it('V8.2.1 data and auth answers may not be cached', async () => {
    const { cookie } = await signUp(t);
    for (const [path, response] of [
      ['GET /data/session/', await t.http().get('/data/session/').set(XHR).set('Cookie', cookie)],
      ['GET /data/orders/', await t.http().get('/data/orders/').set(XHR).set('Cookie', cookie)],
      ['POST /auth/login', await auth(t, 'login', { username: freshEmail('nobody'), password: PASSWORD })],
      ['VALIDATE_EMAIL', await checkoutAction(t, 'VALIDATE_EMAIL', { email: 'someone@example.com' }, cookie)],
    ] as const) {
      expect([path, response.headers['cache-control']]).toEqual([path, 'no-store']);
    }
  });
});

describe('V12 files', () => {
  it('V12.3.1 V12.4.1 V12.5.2 an upload is stored under a random key, never its own name, and served back only as an attachment that cannot run', async () => {
    const { cookie } = await signUp(t);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const uploaded = await t
      .http()
      .post('/data/account/tax-certificate/')
      .set(XHR)
      .set('Cookie', cookie)
      .field('tax_authority', 'NY')
      .field('start_date', day(-30))
      .field('end_date', day(60))
      .attach('file', pdf(), { filename: '../../../etc/passwd<script>.pdf', contentType: 'text/html' });
    expect(uploaded.body.success).toBe(true);
    const id = uploaded.body.data.certificate.id as string;
    const [row] = await t.db.dataSource.query(`SELECT storage_key FROM tax_certificates WHERE id = $1`, [id]);
    expect(row.storage_key).toMatch(/^tax-certificates\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(row.storage_key).not.toMatch(/passwd|script|\.\./);
    // Not reachable as a file of the web app.
    expect((await t.http().get(`/${row.storage_key}`).set('Accept', 'application/pdf')).status).toBe(404);

    const back = await t.http().get(`/data/account/tax-certificate/${id}/file`).set(XHR).set('Cookie', cookie);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-disposition']).toMatch(/^attachment; /);
    // The name is only a label for the download, never a path.
    expect(back.headers['content-disposition']).not.toMatch(/\.\.|\//);
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('V13 API', () => {
  it('V13.2.1 V14.5.1 methods a data call does not use are refused with a catalogued answer', async () => {
    for (const [method, path] of [
      ['put', '/data/checkout/'],
      ['delete', '/data/checkout/'],
      ['patch', '/auth/login'],
      ['get', '/auth/login'],
      ['trace', '/data/session/'],
    ] as const) {
      const response = await t.http()[method](path).set(XHR);
      expect([method, path, response.status]).toEqual([method, path, 404]);
      if (method !== 'trace') expect(response.body).toMatchObject({ success: false, code: 404 });
    }
  });

  it('V13.2.5 a body of another content type than the call takes is not read', async () => {
    const { email } = await signUp(t);
    const asText = await t.http().post('/auth/login').set(XHR).set('Content-Type', 'text/plain').send(JSON.stringify({ username: email, password: PASSWORD }));
    expect(asText.body.success).toBe(false);
    expect(asText.body.code).toBe(100100);
    const asXml = await t.http().post('/auth/login').set(XHR).set('Content-Type', 'application/xml').send(`<login><username>${email}</username></login>`);
    expect(asXml.body.code).toBe(100100);
  });
});

describe('V14 configuration: security headers', () => {
  it('V14.4.3 the page’s content security policy has a fresh nonce on each answer, on every script tag, and no unsafe-inline script', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(t.webDir, 'index.html'),
      '<!doctype html><title>Affinity Store</title><script type="module" crossorigin src="/assets/index.js"></script><div id="root"></div><script>window.x=1</script>',
    );
    const nonces = [];
    for (let page = 0; page < 2; page++) {
      const response = await t.http().get('/en-gb/checkout/').set('Accept', 'text/html');
      expect(response.status).toBe(200);
      const policy = response.headers['content-security-policy'] as string;
      const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src ')) as string;
      const nonce = /'nonce-([A-Za-z0-9+/]{22}==)'/.exec(scriptSrc)?.[1] as string;
      expect(nonce).toBeDefined();
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'self'");
      expect(policy).toContain("script-src-attr 'none'");
      const tags = response.text.match(/<script\b[^>]*>/g) ?? [];
      expect(tags).toHaveLength(2);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    // A data answer has the fixed policy, without a nonce.
    expect((await t.http().get('/data/catalogue/').set(XHR)).headers['content-security-policy']).not.toContain('nonce-');
  });

  it('V14.4.3 the policy still admits the card gateway’s and the merchant of record’s scripts and frames, and nothing else', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://store@127.0.0.1/store',
      BRAINTREE_ENVIRONMENT: 'sandbox',
      BRAINTREE_MERCHANT_ID: 'merchant',
      BRAINTREE_PUBLIC_KEY: 'public',
      BRAINTREE_PRIVATE_KEY: 'private',
      DIGITAL_RIVER_SECRET_KEY: 'sk_test_1234',
      DIGITAL_RIVER_PUBLIC_KEY: 'pk_test_1234',
    });
    const directives = contentSecurityDirectives(config);
    expect(directives['script-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://js.braintreegateway.com', 'https://songbirdstag.cardinalcommerce.com', 'https://www.paypal.com', 'https://pay.google.com', 'https://js.digitalriverws.com']),
    );
    expect(directives['frame-src']).toEqual(expect.arrayContaining(['https://assets.braintreegateway.com', 'https://*.cardinalcommerce.com', 'https://*.digitalriverws.com']));
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    const policy = "default-src 'self';script-src 'self' https://js.braintreegateway.com;object-src 'none'";
    expect(withScriptNonce(policy, 'abc')).toBe("default-src 'self';script-src 'self' https://js.braintreegateway.com 'nonce-abc';object-src 'none'");
    // Without the gateways, none of their hosts.
    const bare = contentSecurityDirectives(loadConfig({ DATABASE_URL: 'postgres://store@127.0.0.1/store' }));
    expect(bare['script-src']).toEqual(["'self'"]);
  });

  it('V14.4.4 V14.4.6 V14.4.7 V14.3.3 every answer: nosniff, no referrer, no framing by anyone, no framework banner', async () => {
    for (const [path, response] of [
      ['/en-gb/', await t.http().get('/en-gb/').set('Accept', 'text/html')],
      ['/data/catalogue/', await t.http().get('/data/catalogue/').set(XHR)],
      ['/health/live', await t.http().get('/health/live')],
      ['/no/such/thing', await t.http().get('/no/such/thing').set('Accept', 'application/json')],
    ] as const) {
      expect([path, response.headers['x-content-type-options']]).toEqual([path, 'nosniff']);
      expect([path, response.headers['referrer-policy']]).toEqual([path, 'no-referrer']);
      expect([path, response.headers['x-frame-options']]).toEqual([path, 'DENY']);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers.server).toBeUndefined();
    }
  });

  it('V14.4.5 HSTS of two years with subdomains wherever the store runs on HTTPS (production), never on a plain-http development run', async () => {
    const secure = await production.http().get('/data/catalogue/').set(XHR);
    expect(secure.headers['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(15_724_800);
    expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const development = await t.http().get('/data/catalogue/').set(XHR);
    expect(development.headers['strict-transport-security']).toBeUndefined();
  });

  it('V14.4.1 every answer names its content type and character set', async () => {
    for (const response of [
      await t.http().get('/en-gb/').set('Accept', 'text/html'),
      await t.http().get('/data/catalogue/').set(XHR),
      await auth(t, 'login', { username: 'nobody@example.com', password: 'x' }),
      await t.http().get('/data/nothing-here/').set(XHR),
    ]) {
      expect(response.headers['content-type']).toMatch(/^(text\/html|application\/json); charset=utf-8$/);
    }
  });
});
