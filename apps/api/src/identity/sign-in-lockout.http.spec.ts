import { cookieOf, freshEmail, newCustomerBody } from '../testing/shopper';
import { storeWithSmtpCapture, type CapturedMail } from '../testing/smtp-capture';
import { XHR } from '../testing/test-app';
import { MailDeliveryService } from './mail-delivery.service';

// The store delivers to a real SMTP server of the test's, so the test reads the mail the store sent.
const store = storeWithSmtpCapture({ PUBLIC_URL: 'https://store.example' });

const PASSWORD = 'analytical engine 1843';
const OWNER = '203.0.113.10';
const ATTACKER = '198.51.100.66';

async function createAccount(email: string) {
  const response = await store.t.http().post('/data/checkout/').set(XHR).type('form').send({ action: 'CREATE_CUSTOMER', body: JSON.stringify(newCustomerBody(email)) });
  expect(response.body.success).toBe(true);
}

const login = (username: string, password: string, address: string, cookie = '') =>
  store.t.http().post('/auth/login').set(XHR).set('X-Forwarded-For', address).set('Cookie', cookie).send({ username, password });

/** Signs in once from the owner's browser and returns the device cookie that sign-in left there. */
async function trustedDevice(email: string): Promise<string> {
  const first = await login(email, PASSWORD, OWNER);
  expect(first.body.success).toBe(true);
  const cookie = cookieOf(first, 'afs_device');
  expect(cookie).toMatch(/^afs_device=.{40,}/);
  return cookie;
}

/** Delivers the outbox now, then returns the mail the SMTP server received for one address. */
async function mailTo(email: string): Promise<CapturedMail[]> {
  const delivery = store.t.app.get(MailDeliveryService);
  await delivery.tick();
  await delivery.tick();
  return store.smtp.mails.filter((mail) => mail.envelopeTo.includes(email));
}

const lockoutMails = (mails: readonly CapturedMail[]) => mails.filter((mail) => /locked/i.test(mail.subject));

describe('sign-in lockout with device cookies', () => {
  it('issues an HttpOnly, SameSite device cookie naming the account on a successful sign-in only', async () => {
    const email = freshEmail('cookie');
    await createAccount(email);
    const wrong = await login(email, 'not the password', OWNER);
    expect(cookieOf(wrong, 'afs_device')).toBe('');
    const right = await login(email, PASSWORD, OWNER);
    const header = ((right.headers['set-cookie'] as unknown as string[]) ?? []).find((value) => value.startsWith('afs_device=')) as string;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Expires=/);
    expect(header).not.toMatch(/Secure/);
  });

  it('lets the owner sign in from a device that signed in before while an attacker who locked the account stays locked out, and mails the owner once', async () => {
    const email = freshEmail('owner');
    await createAccount(email);
    const device = await trustedDevice(email);

    const answers: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) answers.push((await login(email, `guess number ${attempt}`, ATTACKER)).body.code);
    expect(answers).toEqual([...Array(9).fill(100101), 100105]);
    const attackerWithPassword = await login(email, PASSWORD, '198.51.100.67');
    expect(attackerWithPassword.status).toBe(403);
    expect(attackerWithPassword.body).toMatchObject({ code: 100105, message: 'This account is locked. Please reset your password to continue.' });
    // The owner's first sign-in, made without a device cookie, and the attacker's eleven make twelve
    // of the twenty attempts the account allows clients without one in fifteen minutes.
    const more: number[] = [];
    for (let attempt = 1; attempt <= 9; attempt++) more.push((await login(email, `more guesses ${attempt}`, ATTACKER)).body.code);
    expect(more).toEqual([...Array(8).fill(100105), 429]);
    const [{ status }] = await store.t.db.dataSource.query(`SELECT status FROM customers WHERE email_normalised = $1`, [email]);
    expect(status).toBe('locked');

    const owner = await login(email, PASSWORD, OWNER, device);
    expect(owner.status).toBe(200);
    const opened = await store.t.http().post('/data/session/').set(XHR).send({ token: owner.body.payload.token });
    expect(opened.body.success).toBe(true);
    // A trusted sign-in does not lift the lock for everyone else.
    expect((await store.t.db.dataSource.query(`SELECT status FROM customers WHERE email_normalised = $1`, [email]))[0].status).toBe('locked');

    const mails = lockoutMails(await mailTo(email));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/ten wrong passwords/i);
    expect(mails[0].text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(mails[0].text).toContain('https://store.example/en-gb/reset-password/');
    // Still once after more refused attempts and further deliveries.
    await login(email, 'yet another guess', '198.51.100.69');
    expect(lockoutMails(await mailTo(email))).toHaveLength(1);
  });

  it('locks only the device cookie after ten wrong passwords sent with it', async () => {
    const email = freshEmail('device');
    await createAccount(email);
    const device = await trustedDevice(email);

    const answers: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt++) answers.push((await login(email, `typo ${attempt}`, OWNER, device)).body.code);
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(100101));
    expect(answers.slice(9)).toEqual([100105, 100105]);
    expect((await login(email, PASSWORD, OWNER, device)).body.code).toBe(100105);

    const [{ status, failed_sign_ins }] = await store.t.db.dataSource.query(`SELECT status, failed_sign_ins FROM customers WHERE email_normalised = $1`, [email]);
    expect({ status, failed_sign_ins }).toEqual({ status: 'active', failed_sign_ins: 0 });
    const elsewhere = await login(email, PASSWORD, '203.0.113.11');
    expect(elsewhere.body.success).toBe(true);
    const mails = lockoutMails(await mailTo(email));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/device/i);
  });

  it('ends both lockouts with a new password set through the reset link', async () => {
    const email = freshEmail('reset');
    await createAccount(email);
    const device = await trustedDevice(email);
    for (let attempt = 1; attempt <= 10; attempt++) await login(email, `typo ${attempt}`, OWNER, device);
    for (let attempt = 1; attempt <= 10; attempt++) await login(email, `guess ${attempt}`, ATTACKER);
    expect((await login(email, PASSWORD, OWNER, device)).body.code).toBe(100105);

    await store.t.http().post('/auth/start-password-recovery').set(XHR).set('X-Forwarded-For', OWNER).send({ email });
    const [{ text_body }] = await store.t.db.dataSource.query(`SELECT text_body FROM mail_outbox WHERE recipient = $1 AND subject LIKE 'Reset%'`, [email]);
    const token = new URL(/(http\S+token=\S+)/.exec(text_body)?.[1] as string).searchParams.get('token');
    const done = await store.t.http().post('/auth/complete-password-recovery').set(XHR).send({ email, token, new_password: 'difference engine 1822' });
    expect(done.body.success).toBe(true);

    expect((await login(email, 'difference engine 1822', OWNER, device)).body.success).toBe(true);
    expect((await login(email, 'difference engine 1822', '203.0.113.12')).body.success).toBe(true);
  });

  it('treats a forged, altered or another account\u2019s device cookie as no device cookie', async () => {
    const email = freshEmail('victim');
    const other = freshEmail('other');
    await createAccount(email);
    await createAccount(other);
    const device = await trustedDevice(email);
    const othersDevice = await trustedDevice(other);
    const value = device.slice('afs_device='.length);
    const altered = `afs_device=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const cookie of [altered, othersDevice, 'afs_device=v1.nonsense']) {
      for (let attempt = 1; attempt <= 4; attempt++) await login(email, `guess ${attempt}`, ATTACKER, cookie);
    }
    const [{ status }] = await store.t.db.dataSource.query(`SELECT status FROM customers WHERE email_normalised = $1`, [email]);
    expect(status).toBe('locked');
    expect((await login(email, PASSWORD, OWNER, device)).body.success).toBe(true);
  });
});
