import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { propertyParameters } from '../testing/hostile-input';
import { checkoutAction, freshEmail, newCustomerBody } from '../testing/shopper';
import { storeWithSmtpCapture } from '../testing/smtp-capture';
import { XHR } from '../testing/test-app';
import { MailDeliveryService } from './mail-delivery.service';

const store = storeWithSmtpCapture();

const randomAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const auth = (path: string, body: object) => store.t.http().post(`/auth/${path}`).set(XHR).set('X-Forwarded-For', randomAddress()).send(body);

/** Where an email enters the store, and the field that carries it. */
const ENTRIES: Array<[string, (email: string) => Promise<{ status: number; body: any }>, string]> = [
  ['registration (CREATE_CUSTOMER)', (email) => checkoutAction(store.t, 'CREATE_CUSTOMER', newCustomerBody(email)), 'email'],
  ['PREREGISTER_EMAIL', (email) => checkoutAction(store.t, 'PREREGISTER_EMAIL', { email }), 'email'],
  ['VALIDATE_EMAIL', (email) => checkoutAction(store.t, 'VALIDATE_EMAIL', { email }), 'email'],
  ['password reset', (email) => auth('start-password-recovery', { email, locale: 'en-gb' }), 'email'],
  ['sign-in', (email) => auth('login', { username: email, password: 'analytical engine 1843' }), 'username'],
];

const SEVERAL_MAILBOXES = ['x,victim@example.org', 'a@b.co, d@e.org', '"x" <v@e.org>', 'a@b.co;d@e.org', 'victim@example.org (x)', 'x <victim@example.org>'];

/** What the entry answers for an address that is plainly not one: the catalogued invalid-email answer. */
async function invalidEmailAnswer(entry: (email: string) => Promise<{ status: number; body: any }>, field: string) {
  const refused = await entry('not an address');
  expect(refused.body.success).toBe(false);
  return { status: refused.status, code: refused.body.code, message: refused.body.fields?.[field] ?? refused.body.errors?.[field] };
}

async function countRows(sql: string, params: unknown[]) {
  const [{ count }] = await store.t.db.dataSource.query(sql, params);
  return count as number;
}

/** Delivers the outbox now rather than on the service's next tick. */
async function deliver() {
  const service = store.t.app.get(MailDeliveryService);
  for (let attempt = 0; attempt < 20 && (await service.tick()) === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('an email address is one mailbox', () => {
  describe.each(ENTRIES)('%s', (_name, entry, field) => {
    it.each(SEVERAL_MAILBOXES)('refuses %j with the invalid-email answer, storing and mailing nothing', async (address) => {
      const expected = await invalidEmailAnswer(entry, field);
      const before = store.smtp.mails.length;
      const answered = await entry(address);
      expect({ status: answered.status, code: answered.body.code, message: answered.body.fields?.[field] ?? answered.body.errors?.[field] }).toEqual(expected);
      expect(await countRows('SELECT count(*)::int AS count FROM customers WHERE email ILIKE $1', [`%${address.replace(/[%_]/g, '')}%`])).toBe(0);
      expect(await countRows('SELECT count(*)::int AS count FROM mail_outbox WHERE sent_at IS NULL', [])).toBe(0);
      expect(store.smtp.mails.length).toBe(before);
    });
  });

  it('refuses any list naming more than one mailbox or a display name, however it is joined (property)', async () => {
    const expected = await invalidEmailAnswer((email) => checkoutAction(store.t, 'PREREGISTER_EMAIL', { email }), 'email');
    // What comes before the last address: other addresses, or bare words a parser reads as names or local parts.
    const before = fc.array(fc.oneof(fc.emailAddress({ size: 'small' }), fc.stringMatching(/^[a-z0-9._+-]{1,12}$/)), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(before, fc.emailAddress({ size: 'small' }), fc.constantFrom(',', ', ', ';', '; ', ' ,', ' '), async (others, last, separator) => {
        const joined = [...others, last].join(separator);
        fc.pre(joined.length <= 255);
        const answered = await checkoutAction(store.t, 'PREREGISTER_EMAIL', { email: joined });
        expect({ status: answered.status, code: answered.body.code, message: answered.body.fields?.email }).toEqual(expected);
      }),
      propertyParameters<[string[], string, string]>([
        [['x'], 'victim@example.org', ','],
        [['a@b.co'], 'd@e.org', ';'],
      ]),
    );
  });

  it('mails a password reset to exactly the one recipient of the account, over SMTP', async () => {
    const email = freshEmail('one.recipient');
    expect((await checkoutAction(store.t, 'CREATE_CUSTOMER', newCustomerBody(email))).body.success).toBe(true);
    expect((await auth('start-password-recovery', { email, locale: 'en-gb' })).body.success).toBe(true);
    await deliver();
    const mails = store.smtp.mails.filter((mail) => mail.headerTo.includes(email) || mail.envelopeTo.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0].envelopeTo).toEqual([email]);
    expect(mails[0].headerTo).toEqual([email]);
    expect(mails[0].subject).toBe('Reset your Affinity Store password');
  });

  it('sends nothing, to anyone, for a queued mail whose recipient names several mailboxes, and keeps it as failed', async () => {
    const id = randomUUID();
    const before = store.smtp.mails.length;
    await store.t.db.dataSource.query(`INSERT INTO mail_outbox (id, recipient, subject, text_body) VALUES ($1, $2, 'Reset your password', 'link')`, [
      id,
      'legacy,victim@example.org',
    ]);
    await store.t.app.get(MailDeliveryService).tick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(store.smtp.mails.length).toBe(before);
    const [row] = await store.t.db.dataSource.query(`SELECT sent_at, last_error, attempts FROM mail_outbox WHERE id = $1`, [id]);
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toMatch(/one mailbox/i);
    // Not retried: the address will not become one mailbox by waiting.
    const [{ due }] = await store.t.db.dataSource.query(`SELECT count(*)::int AS due FROM mail_outbox WHERE id = $1 AND attempts < 8`, [id]);
    expect(due).toBe(0);
  });
});
