import { newCustomerBody } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let counter = 0;
function action(name: string, body?: unknown, cookie?: string) {
  const request = t.http().post('/data/checkout/').set(XHR).type('form');
  if (cookie) request.set('Cookie', cookie);
  return request.send({ action: name, timestamp: `t${++counter}`, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

async function signedInCustomer(email: string) {
  const created = await action('CREATE_CUSTOMER', newCustomerBody(email));
  const cookie = (created.headers['set-cookie'] as unknown as string[]).find((value) => value.startsWith('afs_session='));
  return (cookie as string).split(';')[0];
}

describe('CHECKOUT_UPDATE_CUSTOMER_CATEGORY', () => {
  it('changes a signed-in customer to a business account with its name and sector', async () => {
    const cookie = await signedInCustomer('switch@example.com');
    const updated = await action('CHECKOUT_UPDATE_CUSTOMER_CATEGORY', { accountName: 'Lovelace Analytics', customerCategory: 'business.software' }, cookie);
    expect(updated.body.data.customer.account).toEqual({
      type: 'business',
      customer_category: 'business.software',
      account_name: 'Lovelace Analytics',
      has_confirmed_account_type: true,
    });
    const session = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
    expect(session.body.data.customer.account.type).toBe('business');
  });

  it('refuses visitors, unknown categories, missing names and personal with a multi-user basket, changing nothing', async () => {
    const cookie = await signedInCustomer('refuse@example.com');
    const visitor = await action('CHECKOUT_UPDATE_CUSTOMER_CATEGORY', { customerCategory: 'personal' });
    expect(visitor.body.code).toBe(100108);
    const unknown = await action('CHECKOUT_UPDATE_CUSTOMER_CATEGORY', { accountName: 'X', customerCategory: 'business.spies' }, cookie);
    expect(unknown.body.fields).toEqual({ businessSector: ['Choose a category from the list'] });
    const noName = await action('CHECKOUT_UPDATE_CUSTOMER_CATEGORY', { customerCategory: 'education.school' }, cookie);
    expect(noName.body.fields).toEqual({ educationName: ['Institution name is required'] });
    const badName = await action('CHECKOUT_UPDATE_CUSTOMER_CATEGORY', { accountName: 'A<B', customerCategory: 'education.school' }, cookie);
    expect(badName.body.fields.accountName).toEqual(['Field contains invalid characters']);
    const basket = await t.http().post('/data/basket/lines/').set(XHR).set('Cookie', cookie).send({ product_suite_reference: 'universal-v2-business' });
    const personal = await action('CHECKOUT_UPDATE_CUSTOMER_CATEGORY', { customerCategory: 'personal', basketReference: basket.body.data.reference }, cookie);
    expect(personal.body.fields).toEqual({ customerCategory: ['Choose an account type'] });
    const [row] = await t.db.dataSource.query(`SELECT account_type, account_name FROM customers WHERE email_normalised = 'refuse@example.com'`);
    expect(row).toEqual({ account_type: 'personal', account_name: null });
  });
});

describe('VALIDATE_EMAIL, OPT_IN_ALL and OPT_OUT_ALL', () => {
  it('returns a customer’s own contact preferences and lets the hash change them', async () => {
    const cookie = await signedInCustomer('prefs@example.com');
    const own = await action('VALIDATE_EMAIL', { email: 'PREFS@example.com' }, cookie);
    expect(own.body.data.contact_preferences).toMatchObject({ marketing_opt_in: false, terms_and_conditions_accepted: true });
    const hash = own.body.data.contact_preferences.hash;
    const other = await action('VALIDATE_EMAIL', { email: 'someone.else@example.com' }, cookie);
    expect(other.body.data).toEqual({ email: 'someone.else@example.com', contact_preferences: null });
    const visitor = await action('VALIDATE_EMAIL', { email: 'prefs@example.com' });
    expect(visitor.body.data.contact_preferences).toBeNull();
    expect((await action('VALIDATE_EMAIL', { email: 'nope' })).body.code).toBe(100111);

    expect((await action('OPT_IN_ALL', { hash })).body.data).toEqual({ marketing_opt_in: true });
    expect((await action('VALIDATE_EMAIL', { email: 'prefs@example.com' }, cookie)).body.data.contact_preferences.marketing_opt_in).toBe(true);
    expect((await action('OPT_OUT_ALL', { hash })).body.data).toEqual({ marketing_opt_in: false });
    const unknown = await action('OPT_IN_ALL', { hash: 'x'.repeat(43) });
    expect(unknown.body.code).toBe(404);
    expect((await action('OPT_IN_ALL', { hash: 'short' })).body.code).toBe(100100);
  });
});

describe('POST /data/compromised-password/', () => {
  it('answers 700001 for a popular password, 200 for others and for an empty one', async () => {
    const check = (password?: string) => {
      const request = t.http().post('/data/compromised-password/').set(XHR).field('__timestamp__', '42');
      return password === undefined ? request : request.field('password', password);
    };
    expect((await check('letmein')).body).toEqual({ success: true, code: 700001, data: { compromised: true }, timestamp: '42' });
    expect((await check('analytical engine 1843')).body.code).toBe(200);
    expect((await check('')).body.code).toBe(200);
    expect((await check()).body.code).toBe(200);
  });

  it('refuses files, unknown fields and missing headers', async () => {
    const file = await t.http().post('/data/compromised-password/').set(XHR).attach('password', Buffer.from('letmein'), 'p.txt');
    expect(file.status).toBe(400);
    expect(file.body.success).toBe(false);
    const extra = await t.http().post('/data/compromised-password/').set(XHR).field('password', 'x').field('admin', '1');
    expect(extra.body.code).toBe(100100);
    const noHeader = await t.http().post('/data/compromised-password/').field('password', 'x');
    expect(noHeader.body.code).toBe(800003);
  });
});
