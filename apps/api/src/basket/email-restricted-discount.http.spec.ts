import { createHash } from 'node:crypto';
import { MailDeliveryService } from '../identity/mail-delivery.service';
import { checkoutAction, cookieOf, newCustomerBody } from '../testing/shopper';
import { storeWithSmtpCapture, type CapturedMail } from '../testing/smtp-capture';
import { XHR } from '../testing/test-app';

// PARTNER15 (the demo catalogue) is reserved for partner@example.com.
const PARTNER = 'partner@example.com';

const store = storeWithSmtpCapture();

const auth = (path: string, body: object, cookie = '') => store.t.http().post(`/auth/${path}`).set(XHR).set('Cookie', cookie).send(body);

/** Delivers the outbox now, and answers the mails the capture got for `to` since `since`. */
async function mailsTo(to: string, since: number): Promise<CapturedMail[]> {
  const service = store.t.app.get(MailDeliveryService);
  for (let attempt = 0; attempt < 40; attempt++) {
    await service.tick();
    const mails = store.smtp.mails.slice(since).filter((mail) => mail.envelopeTo.includes(to));
    if (mails.length > 0) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

/** A signed-in partner with a UK basket, as the checkout has them before a code is typed. */
async function partnerWithBasket() {
  const created = await checkoutAction(store.t, 'CREATE_CUSTOMER', newCustomerBody(PARTNER));
  expect(created.body.success).toBe(true);
  expect(created.body.data.customer.email_verified).toBe(false);
  let cookie = cookieOf(created, 'afs_session');
  const added = await store.t.http().post('/data/basket/lines/').set(XHR).set('Cookie', cookie).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
  expect(added.status).toBe(200);
  cookie = `${cookie}; ${cookieOf(added, 'afs_basket')}`;
  return { cookie, reference: added.body.data.reference as string };
}

const applyCode = (shopper: { cookie: string; reference: string }, code = 'PARTNER15') =>
  checkoutAction(store.t, 'APPLY_DISCOUNT_CODE', { basketReference: shopper.reference, code }, shopper.cookie);

const linkIn = (mail: CapturedMail) => new URL(/(http\S+verify-email\S*)/.exec(mail.text)?.[1] as string);

describe('a discount code reserved for an email address', () => {
  it('is refused until the customer follows the mailed link, then accepted', async () => {
    const since = store.smtp.mails.length;
    const shopper = await partnerWithBasket();

    const refused = await applyCode(shopper);
    expect(refused.body).toMatchObject({
      success: false,
      code: 101201,
      message: "Please verify your email address to use this code. We've sent you a link.",
    });
    const [{ discount_code }] = await store.t.db.dataSource.query('SELECT discount_code FROM baskets WHERE reference = $1', [shopper.reference]);
    expect(discount_code).toBeNull();

    const mails = await mailsTo(PARTNER, since);
    expect(mails).toHaveLength(1);
    expect(mails[0].envelopeTo).toEqual([PARTNER]);
    const link = linkIn(mails[0]);
    expect(`${link.origin}${link.pathname}`).toBe('http://store.test/en-gb/verify-email/');
    const token = link.searchParams.get('token') as string;
    expect(link.searchParams.get('email')).toBe(PARTNER);

    // The token is stored as a digest only.
    const stored = await store.t.db.dataSource.query(`SELECT digest FROM one_time_tokens WHERE purpose = 'verify-email'`);
    expect(stored).toEqual([{ digest: createHash('sha256').update(token).digest('hex') }]);

    // Opening the page (as a mail scanner prefetching the link would) changes nothing.
    const page = await store.t.http().get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect((await applyCode(shopper)).body.code).toBe(101201);

    const confirmed = await auth('confirm-email', { email: PARTNER, token });
    expect(confirmed.body).toEqual({ success: true, code: 200, payload: { email_verified: true } });
    const session = await store.t.http().get('/data/session/').set(XHR).set('Cookie', shopper.cookie);
    expect(session.body.data.customer.email_verified).toBe(true);

    const applied = await applyCode(shopper);
    expect(applied.body.success).toBe(true);
    expect(applied.body.data.basket.pricing.applied_discount).toMatchObject({ code: 'PARTNER15', percentage: 15 });

    // Single use: the same link does not work twice.
    expect((await auth('confirm-email', { email: PARTNER, token })).body).toMatchObject({ success: false, code: 101202 });
  });

  it('refuses an expired link, a link for another address, and a made-up token', async () => {
    const email = 'expiring@example.com';
    const since = store.smtp.mails.length;
    const created = await checkoutAction(store.t, 'CREATE_CUSTOMER', newCustomerBody(email));
    const cookie = cookieOf(created, 'afs_session');
    const sent = await auth('send-email-verification', { locale: 'en-gb' }, cookie);
    expect(sent.body).toEqual({ success: true, code: 200, payload: { email_verified: false } });
    const [mail] = await mailsTo(email, since);
    const token = linkIn(mail).searchParams.get('token') as string;

    expect((await auth('confirm-email', { email: PARTNER, token })).body.code).toBe(101202);
    expect((await auth('confirm-email', { email, token: 'x'.repeat(43) })).body.code).toBe(101202);
    await store.t.db.dataSource.query(`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'verify-email' AND used_at IS NULL`);
    expect((await auth('confirm-email', { email, token })).body.code).toBe(101202);
    const [{ email_verified }] = await store.t.db.dataSource.query('SELECT email_verified FROM customers WHERE email_normalised = $1', [email]);
    expect(email_verified).toBe(false);
  });

  it('resends the link only to a signed-in customer; any link sent works once, and none after the address is verified', async () => {
    expect((await auth('send-email-verification', { locale: 'en-gb' })).body.code).toBe(100108);
    const email = 'resend@example.com';
    const created = await checkoutAction(store.t, 'CREATE_CUSTOMER', newCustomerBody(email));
    const cookie = cookieOf(created, 'afs_session');
    let since = store.smtp.mails.length;
    await auth('send-email-verification', { locale: 'en-gb' }, cookie);
    const first = linkIn((await mailsTo(email, since))[0]).searchParams.get('token') as string;
    since = store.smtp.mails.length;
    await auth('send-email-verification', { locale: 'en-gb' }, cookie);
    const second = linkIn((await mailsTo(email, since))[0]).searchParams.get('token') as string;
    expect(first).not.toBe(second);
    expect((await auth('confirm-email', { email, token: first })).body.payload).toEqual({ email_verified: true });
    expect((await auth('confirm-email', { email, token: second })).body.code).toBe(101202);
    const again = await auth('send-email-verification', { locale: 'en-gb' }, cookie);
    expect(again.body.payload).toEqual({ email_verified: true });
  });
});
