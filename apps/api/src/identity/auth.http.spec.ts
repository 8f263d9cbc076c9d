import { generate } from 'otplib';
import { freshEmail, newCustomerBody } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const PASSWORD = 'analytical engine 1843';

async function createAccount(email: string, password = PASSWORD) {
  const response = await t
    .http()
    .post('/data/checkout/')
    .set(XHR)
    .type('form')
    .send({
      action: 'CREATE_CUSTOMER',
      body: JSON.stringify(newCustomerBody(email, { password })),
    });
  expect(response.body.success).toBe(true);
}

// Each call comes from its own address unless a test says otherwise, so the per-address limit
// only bites where a test means it to.
const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const auth = (path: string, body: unknown, address = randomAddress()) =>
  t.http().post(`/auth/${path}`).set(XHR).set('X-Forwarded-For', address).send(body as object);

describe('/auth/login and the session call', () => {
  it('issues a single-use token that opens a session once', async () => {
    const email = freshEmail('login');
    await createAccount(email);
    const login = await auth('login', { username: email.toUpperCase(), password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, code: 200, payload: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });

    const opened = await t.http().post('/data/session/').set(XHR).send({ token: login.body.payload.token, redirect_to: '/en-gb/checkout/' });
    expect(opened.body.data).toEqual({ redirect_to: '/en-gb/checkout/' });
    const cookie = ((opened.headers['set-cookie'] as unknown as string[]) ?? []).find((value) => value.startsWith('afs_session='));
    expect(cookie).toMatch(/HttpOnly/);
    const session = await t.http().get('/data/session/').set(XHR).set('Cookie', (cookie as string).split(';')[0]);
    expect(session.body.data.customer.email).toBe(email);

    const replay = await t.http().post('/data/session/').set(XHR).send({ token: login.body.payload.token });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(100108);

    const closed = await t.http().delete('/data/session/').set(XHR).set('Cookie', (cookie as string).split(';')[0]);
    expect(closed.body.success).toBe(true);
    const after = await t.http().get('/data/session/').set(XHR).set('Cookie', (cookie as string).split(';')[0]);
    expect(after.body.data.customer).toBeNull();
  });

  it.each([
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/en-gb/checkout/?stage=billing', '/en-gb/checkout/?stage=billing'],
  ])('keeps redirect_to %s only as a path of our own (%s)', async (target, expected) => {
    const email = freshEmail('redirect');
    await createAccount(email);
    const login = await auth('login', { username: email, password: PASSWORD });
    const opened = await t.http().post('/data/session/').set(XHR).send({ token: login.body.payload.token, redirect_to: target });
    expect(opened.body.data.redirect_to).toBe(expected);
  });

  it('answers each failure with its code and problem type, writing no token', async () => {
    const email = freshEmail('failures');
    await createAccount(email);
    const tokensBefore = Number((await t.db.dataSource.query(`SELECT count(*)::int AS n FROM one_time_tokens`))[0].n);
    const unknown = await auth('login', { username: freshEmail('nobody'), password: PASSWORD });
    // The same answer as a wrong password, so sign-in does not tell who has an account.
    expect(unknown.body).toMatchObject({ code: 100101, type: 'invalid-credentials' });
    const wrong = await auth('login', { username: email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 100101, type: 'invalid-credentials', message: 'The sign-in details you have entered are incorrect.' });
    const bad = await auth('login', { username: 'not-an-email', password: '' });
    expect(bad.body.code).toBe(100100);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['password', 'username']);
    const extra = await auth('login', { username: email, password: PASSWORD, admin: true });
    expect(extra.body.fields).toEqual({ admin: ['property admin should not exist'] });
    const noHeader = await t.http().post('/auth/login').send({ username: email, password: PASSWORD });
    expect(noHeader.body.code).toBe(800003);
    expect(Number((await t.db.dataSource.query(`SELECT count(*)::int AS n FROM one_time_tokens`))[0].n)).toBe(tokensBefore);
  });

  it('locks the account after ten wrong passwords and answers 429 after twenty attempts', async () => {
    const email = freshEmail('locked');
    await createAccount(email);
    const answers = [];
    for (let attempt = 1; attempt <= 21; attempt++) {
      const response = await auth('login', { username: email, password: `wrong password ${attempt}` }, '198.51.100.7');
      answers.push(response.body.code);
    }
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(100101));
    expect(answers.slice(9, 20)).toEqual(Array(11).fill(100105));
    expect(answers[20]).toBe(429);
    const right = await auth('login', { username: email, password: PASSWORD }, '198.51.100.8');
    expect(right.body.code).toBe(429);
    const [{ status }] = await t.db.dataSource.query(`SELECT status FROM customers WHERE email_normalised = $1`, [email]);
    expect(status).toBe('locked');
  });

  it('counts wrong passwords from many requests at once without losing any', async () => {
    const email = freshEmail('concurrent');
    await createAccount(email);
    await Promise.all(Array.from({ length: 10 }, (_, index) => auth('login', { username: email, password: 'nope nope' }, `192.0.2.${index}`)));
    const [{ failed_sign_ins, status }] = await t.db.dataSource.query(`SELECT failed_sign_ins, status FROM customers WHERE email_normalised = $1`, [email]);
    expect(failed_sign_ins).toBe(10);
    expect(status).toBe('locked');
  });
});

describe('password recovery', () => {
  it('mails a single-use link that sets a new password, unlocks the account and ends sessions', async () => {
    const email = freshEmail('recover');
    await createAccount(email);
    await t.db.dataSource.query(`UPDATE customers SET status = 'locked' WHERE email_normalised = $1`, [email]);
    const started = await auth('start-password-recovery', { email, locale: 'en-us' });
    expect(started.body).toEqual({ success: true, code: 200, payload: {} });
    const [mail] = await t.db.dataSource.query(`SELECT recipient, subject, text_body FROM mail_outbox WHERE recipient = $1`, [email]);
    expect(mail.subject).toBe('Reset your Affinity Store password');
    const link = new URL(/(http\S+)/.exec(mail.text_body)?.[1] as string);
    expect(link.pathname).toBe('/en-us/reset-password/');
    const token = link.searchParams.get('token') as string;
    expect((await auth('verify-recovery-token', { email, token })).body.payload).toEqual({ valid: true });
    expect((await auth('verify-recovery-token', { email: freshEmail('other'), token })).body.code).toBe(100118);

    const popular = await auth('complete-password-recovery', { email, token, new_password: 'password' });
    expect(popular.body).toMatchObject({ code: 700001, type: 'unacceptable-password' });
    const done = await auth('complete-password-recovery', { email, token, new_password: 'difference engine 1822' });
    expect(done.body.success).toBe(true);
    const reused = await auth('complete-password-recovery', { email, token, new_password: 'another one 1833' });
    expect(reused.body.code).toBe(100118);

    expect((await auth('login', { username: email, password: PASSWORD })).body.code).toBe(100101);
    expect((await auth('login', { username: email, password: 'difference engine 1822' })).body.success).toBe(true);
  });

  it('refuses unknown accounts and bad tokens with catalogued codes', async () => {
    expect((await auth('start-password-recovery', { email: freshEmail('unknown') })).body.code).toBe(100102);
    expect((await auth('verify-recovery-token', { email: freshEmail('x'), token: 'x'.repeat(43) })).body.code).toBe(100118);
    expect((await auth('verify-recovery-token', { email: freshEmail('x'), token: 'short' })).body.code).toBe(100100);
  });
});

describe('two-step verification', () => {
  it('enrols with a TOTP secret, then asks for a code at sign-in, refuses replays and accepts a backup code once', async () => {
    const email = freshEmail('mfa');
    await createAccount(email);
    const credentials = { username: email, password: PASSWORD };
    expect((await auth('mfa-status', credentials)).body.payload).toEqual({ enabled: false });
    const enabled = await auth('mfa-enable', { ...credentials, provider: 'totp' });
    const { secret, uri } = enabled.body.payload;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Affinity%20Store:/);
    expect((await auth('mfa-activate', { ...credentials, otp: '000000' })).body.code).toBe(100104);
    const activated = await auth('mfa-activate', { ...credentials, otp: await generate({ secret }) });
    expect(activated.body.payload.enabled).toBe(true);
    const backupCodes: string[] = activated.body.payload.backupCodes;
    expect(backupCodes).toHaveLength(10);

    const challenge = await auth('login', credentials);
    expect(challenge.body).toMatchObject({ code: 100114, type: 'mfa-challenge' });
    const wrongCode = await auth('login', { ...credentials, otp: '123456' });
    expect(wrongCode.body).toMatchObject({ code: 100104, type: 'mfa-invalid-code' });

    const nextStep = new Date(Math.ceil(Date.now() / 30000) * 30000);
    const code = await generate({ secret, epoch: Math.floor(nextStep.getTime() / 1000) });
    const first = await auth('login', { ...credentials, otp: code });
    expect(first.body.success).toBe(true);
    const replay = await auth('login', { ...credentials, otp: code });
    expect(replay.body.code).toBe(100104);

    const backup = await auth('login', { ...credentials, otp: backupCodes[0] });
    expect(backup.body.success).toBe(true);
    expect((await auth('login', { ...credentials, otp: backupCodes[0] })).body.code).toBe(100104);
    const stored = await t.db.dataSource.query(`SELECT code_digest FROM backup_codes`);
    expect(JSON.stringify(stored)).not.toContain(backupCodes[1]);

    const disabled = await auth('mfa-disable', { ...credentials, otp: backupCodes[1] });
    expect(disabled.body.payload).toEqual({ enabled: false });
    expect((await auth('login', credentials)).body.success).toBe(true);
  });
});

describe('/auth/update-password', () => {
  it('changes the password with the current one and refuses a wrong current password or the same one', async () => {
    const email = freshEmail('update');
    await createAccount(email);
    const wrong = await auth('update-password', { username: email, current_password: 'not it at all', new_password: 'brand new phrase 1' });
    expect(wrong.body).toMatchObject({ code: 100115, type: 'current-password-incorrect' });
    const same = await auth('update-password', { username: email, current_password: PASSWORD, new_password: PASSWORD });
    expect(same.body.fields).toEqual({ new_password: ['The new value matches the previous one'] });
    const changed = await auth('update-password', { username: email, current_password: PASSWORD, new_password: 'brand new phrase 1' });
    expect(changed.body.success).toBe(true);
    expect((await auth('login', { username: email, password: 'brand new phrase 1' })).body.success).toBe(true);
  });
});
