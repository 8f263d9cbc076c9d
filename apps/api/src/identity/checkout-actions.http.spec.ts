import { newCustomerBody } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const count = async (table: string) => Number((await t.db.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

function action(name: string, body?: unknown, cookie?: string) {
  const request = t.http().post('/data/checkout/').set(XHR).type('form');
  if (cookie) request.set('Cookie', cookie);
  return request.send({ action: name, timestamp: '1700000000001', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const cookies = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  const cookie = cookies.find((value) => value.startsWith('afs_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0];
}

const newCustomer = (email: string, overrides: Record<string, unknown> = {}) => newCustomerBody(email, { password: 'analytical engine', ...overrides });

describe('the checkout data API envelope', () => {
  it('refuses calls without X-Requested-With', async () => {
    const response = await t.http().post('/data/checkout/').type('form').send({ action: 'SIGN_OUT' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe(800003);
  });

  it('answers unknown actions, malformed bodies and bad envelopes with catalogued codes, echoing the timestamp', async () => {
    const unknown = await action('DROP_TABLES', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 404, timestamp: '1700000000001' });
    const malformed = await t.http().post('/data/checkout/').set(XHR).type('form').send({ action: 'PREREGISTER_EMAIL', body: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe(800001);
    const noAction = await t.http().post('/data/checkout/').set(XHR).type('form').send({ body: '{}' });
    expect(noAction.body.code).toBe(100100);
    const extra = await t.http().post('/data/checkout/').set(XHR).type('form').send({ action: 'SIGN_OUT', evil: '1' });
    expect(extra.body).toMatchObject({ code: 100100, fields: { evil: ['property evil should not exist'] } });
    const notObject = await action('PREREGISTER_EMAIL', ['a']);
    expect(notObject.body.code).toBe(100100);
  });
});

describe('PREREGISTER_EMAIL and UNREGISTER_EMAIL', () => {
  it('reserves a new email and answers 100200 for an existing account', async () => {
    const fresh = await action('PREREGISTER_EMAIL', { email: 'New.Shopper@Example.com' });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ success: true, code: 200, data: { email: 'New.Shopper@Example.com' }, timestamp: '1700000000001' });
    expect(await t.db.dataSource.query(`SELECT email_normalised FROM reserved_emails`)).toEqual([{ email_normalised: 'new.shopper@example.com' }]);
    const released = await action('UNREGISTER_EMAIL', { email: 'new.shopper@example.com' });
    expect(released.body.success).toBe(true);
    expect(await count('reserved_emails')).toBe(0);

    await action('CREATE_CUSTOMER', newCustomer('taken@example.com'));
    const taken = await action('PREREGISTER_EMAIL', { email: 'TAKEN@example.com' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      success: false,
      code: 100200,
      message: 'This account already exists. Please enter a different email address or sign in to your existing account.',
    });
  });

  it('refuses a bad email and unknown fields, reserving nothing', async () => {
    const before = await count('reserved_emails');
    const bad = await action('PREREGISTER_EMAIL', { email: 'not-an-email' });
    expect(bad.body).toMatchObject({ code: 100111, message: 'The email address you entered is not valid.', fields: { email: ['Enter a valid email address'] } });
    const extra = await action('PREREGISTER_EMAIL', { email: 'a@example.com', admin: true });
    expect(extra.body.fields).toEqual({ admin: ['property admin should not exist'] });
    expect(await count('reserved_emails')).toBe(before);
  });
});

describe('CREATE_CUSTOMER and SIGN_OUT', () => {
  it('creates a personal account, signs it in with a secure cookie and signs it out', async () => {
    const created = await action('CREATE_CUSTOMER', newCustomer('ada@example.com', { marketingSignUp: true }));
    expect(created.status).toBe(200);
    expect(created.body.data.customer).toMatchObject({
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      signed_in: true,
      account: { type: 'personal', customer_category: 'personal', account_name: null, has_confirmed_account_type: true },
    });
    expect(JSON.stringify(created.body)).not.toMatch(/argon2|password/i);
    const setCookie = (created.headers['set-cookie'] as unknown as string[]).join(';');
    expect(setCookie).toMatch(/afs_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = sessionCookie(created);

    const session = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
    expect(session.body.data.customer.email).toBe('ada@example.com');
    expect(session.body.data.contact_preferences).toMatchObject({ marketing_opt_in: true, terms_and_conditions_accepted: true });
    expect(session.body.data.customer_categories.business_categories.length).toBeGreaterThan(3);

    const again = await action('CREATE_CUSTOMER', newCustomer('second@example.com'), cookie);
    expect(again.body.code).toBe(100109);

    const out = await action('SIGN_OUT', undefined, cookie);
    expect(out.body.success).toBe(true);
    expect((out.headers['set-cookie'] as unknown as string[]).join(';')).toMatch(/afs_session=;/);
    const after = await t.http().get('/data/session/').set(XHR).set('Cookie', cookie);
    expect(after.body.data.customer).toBeNull();
  });

  it.each([
    ['business', { customerCategory: 'business.design-agency', accountName: 'Serif (Europe) Ltd' }],
    ['education', { customerCategory: 'education.university', accountName: 'University of Nottingham' }],
  ])('creates a %s account with its name and category', async (type, extra) => {
    const created = await action('CREATE_CUSTOMER', newCustomer(`${type}@example.com`, extra));
    expect(created.body.data.customer.account).toMatchObject({ type, customer_category: extra.customerCategory, account_name: extra.accountName });
  });

  it.each([
    ['a popular password', { password: 'password1' }, 700001, null],
    // A problem of one kind the spec words on its own gets that code; a mix keeps the general one.
    ['a short password', { password: 'abc' }, 100112, 'password'],
    ['a name with invalid characters', { firstName: 'Ada!' }, 100110, 'firstName'],
    ['both names with invalid characters', { firstName: 'Ada!', lastName: 'Love<lace>' }, 100110, 'lastName'],
    ['an email that is not an address', { email: 'ada.example.com' }, 100111, 'email'],
    ['a bad name and a bad email', { firstName: 'Ada!', email: 'ada.example.com' }, 100100, 'email'],
    ['a missing name', { firstName: '' }, 100100, 'firstName'],
    ['no terms', { termsAndConditions: false }, 100100, 'termsAndConditions'],
    ['an unknown category', { customerCategory: 'business.spies' }, 100100, 'businessSector'],
    ['a business without its name', { customerCategory: 'business.software' }, 100100, 'companyName'],
    ['an unknown country', { country: 'XX' }, 100100, 'country'],
    ['a country in lower case', { country: 'gb' }, 100100, 'country'],
    ['an extra field', { isAdmin: true }, 100100, 'isAdmin'],
    ['a wrong type', { marketingSignUp: 'yes' }, 100100, 'marketingSignUp'],
    // Marketing consent is never assumed: no choice is not a yes.
    ['no marketing choice', { marketingSignUp: undefined }, 100100, 'marketingSignUp'],
  ])('refuses %s and stores nothing', async (_name, overrides, code, field) => {
    const before = await count('customers');
    const response = await action('CREATE_CUSTOMER', newCustomer(`refused.${Math.random().toString(36).slice(2)}@example.com`, overrides));
    expect(response.body.success).toBe(false);
    expect(response.body.code).toBe(code);
    if (field) expect(Object.keys(response.body.fields)).toContain(field);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await count('customers')).toBe(before);
  });

  it('refuses a personal account for a basket with a multi-user product', async () => {
    const added = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'universal-v2-business' });
    // The browser names its own basket, holding its cookie.
    const basketCookie = ((added.headers['set-cookie'] as unknown as string[]).find((value) => value.startsWith('afs_basket=')) as string).split(';')[0];
    const response = await action('CREATE_CUSTOMER', newCustomer('team@example.com', { basketReference: added.body.data.reference }), basketCookie);
    expect(response.body).toMatchObject({ code: 100100, fields: { accountType: ['Choose an account type'] } });
    const business = await action(
      'CREATE_CUSTOMER',
      newCustomer('team@example.com', { basketReference: added.body.data.reference, customerCategory: 'business.software', accountName: 'Team Ltd' }),
      basketCookie,
    );
    expect(business.body.data.basket.reference).toBe(added.body.data.reference);
  });

  it('creates one account when the same email signs up 10 times at once', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => action('CREATE_CUSTOMER', newCustomer('twice@example.com'))));
    expect(responses.filter((response) => response.body.success)).toHaveLength(1);
    expect(responses.filter((response) => response.body.code === 100200)).toHaveLength(9);
    const rows = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM customers WHERE email_normalised = 'twice@example.com'`);
    expect(rows[0].n).toBe(1);
  });
});
