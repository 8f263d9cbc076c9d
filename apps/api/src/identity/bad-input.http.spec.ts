import { newCustomerBody } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const TABLES = ['customers', 'credentials', 'sessions', 'one_time_tokens', 'reserved_emails', 'mail_outbox', 'backup_codes', 'contact_preferences'];
async function snapshot() {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = Number((await t.db.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const credentials = await t.db.dataSource.query(`SELECT password_hash, mfa_enabled, mfa_pending_secret FROM credentials ORDER BY customer_id`);
  return { counts, credentials };
}

const email = 'bad.input@example.com';
const password = 'analytical engine 1843';

beforeAll(async () => {
  await t
    .http()
    .post('/data/checkout/')
    .set(XHR)
    .type('form')
    .send({
      action: 'CREATE_CUSTOMER',
      body: JSON.stringify(newCustomerBody(email, { password })),
    });
});

describe('every auth call refuses bad input with a catalogued code and writes nothing', () => {
  it.each([
    ['login', {}, 100100],
    ['login', { username: email, password: 'x'.repeat(256) }, 100100],
    ['login', { username: email, password, otp: '12' }, 100100],
    ['login', { username: [email], password }, 100100],
    ['update-password', { username: email, current_password: password }, 100100],
    ['update-password', { username: email, current_password: password, new_password: 'x'.repeat(300) }, 100100],
    ['update-password', { username: email, current_password: password, new_password: 'abc' }, 100112],
    ['start-password-recovery', { email: 'nope' }, 100111],
    ['start-password-recovery', { email, locale: 'xx-yy' }, 100100],
    ['verify-recovery-token', { email, token: '../../etc/passwd' }, 100100],
    ['complete-password-recovery', { email, token: 'a'.repeat(43), new_password: 'fine phrase 123', type: 'hack' }, 100100],
    ['complete-password-recovery', { email, token: 'a'.repeat(43), new_password: 'fine phrase 123' }, 100118],
    ['mfa-status', { username: email }, 100100],
    ['mfa-enable', { username: email, password }, 100100],
    ['mfa-enable', { username: email, password, provider: 'sms' }, 100100],
    ['mfa-activate', { username: email, password }, 100100],
    ['mfa-activate', { username: email, password, otp: '000000' }, 100104],
    ['mfa-disable', { username: email, password: 'wrong one here' }, 100101],
    ['mfa-generate-backup-codes', { username: email, password }, 100100],
  ])('/auth/%s %j → %i', async (path, body, code) => {
    const before = await snapshot();
    const response = await t.http().post(`/auth/${path}`).set(XHR).send(body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ success: false, code });
    const after = await snapshot();
    expect(after.credentials).toEqual(before.credentials);
    expect({ ...after.counts, customers: 0 }).toEqual({ ...before.counts, customers: 0 });
  });

  it.each([
    ['UNREGISTER_EMAIL', { email: 42 }],
    ['UNREGISTER_EMAIL', { email: 'x@example.com', extra: 1 }],
    ['SIGN_OUT', { everyone: true }],
    ['CHECKOUT_UPDATE_CUSTOMER_CATEGORY', { customerCategory: 'admin' }],
    ['OPT_IN_ALL', {}],
    ['VALIDATE_EMAIL', { email: '' }],
    ['CREATE_CUSTOMER', 'not an object'],
  ])('the checkout action %s refuses %j', async (action, body) => {
    const before = await snapshot();
    const response = await t.http().post('/data/checkout/').set(XHR).type('form').send({ action, body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 100100 });
    expect(await snapshot()).toEqual(before);
  });
});
