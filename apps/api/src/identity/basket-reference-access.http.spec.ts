import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkoutAction, cookieOf, newCustomerBody } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

let t: TestApp;
const logDir = mkdtempSync(join(tmpdir(), 'store-access-log-'));
const logFile = join(logDir, 'api.log');
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info', LOG_FILE: logFile } });
});
afterAll(async () => {
  await t?.close();
  rmSync(logDir, { recursive: true, force: true });
});

let counter = 0;
const uniqueEmail = (name: string) => `${name}.${++counter}.${Date.now()}@example.com`;

/** An anonymous shopper with a basket holding one product, known by its cookie. */
async function anonymousBasket() {
  const added = await t.http().post('/data/basket/lines/').set(XHR).send({ product_suite_reference: 'photo-2', locale: 'en-gb' });
  expect(added.status).toBe(200);
  return { cookie: cookieOf(added, 'afs_basket'), reference: added.body.data.reference as string };
}

async function storedBasket(reference: string) {
  const [basket] = await t.db.dataSource.query('SELECT customer_id, version FROM baskets WHERE reference = $1', [reference]);
  return basket as { customer_id: string | null; version: number };
}

/** What an action already guarded by the basket rule answers for a basket the caller may not use. */
async function refusalOfAnotherAction(reference: string, cookie = '') {
  const refused = await checkoutAction(t, 'APPLY_DISCOUNT_CODE', { basketReference: reference, code: 'WELCOME10' }, cookie);
  expect(refused.body.success).toBe(false);
  return { status: refused.status, code: refused.body.code };
}

/** Log lines are written asynchronously: waits until the request's own lines are in the file. */
async function logLinesOf(requestId: string): Promise<string[]> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes(requestId));
    if (lines.some((line) => line.includes('"responseTime"') || line.includes('request completed'))) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No completed access log line for ${requestId}`);
}

describe('basket references named by identity actions', () => {
  it("refuses another shopper's basket in CREATE_CUSTOMER, leaving the basket unclaimed and still its owner's", async () => {
    const owner = await anonymousBasket();
    const before = await storedBasket(owner.reference);
    const expected = await refusalOfAnotherAction(owner.reference);

    const email = uniqueEmail('intruder');
    const created = await checkoutAction(t, 'CREATE_CUSTOMER', newCustomerBody(email, { basketReference: owner.reference }));
    expect({ status: created.status, code: created.body.code }).toEqual(expected);
    expect(created.body.data?.basket ?? null).toBeNull();
    expect(cookieOf(created, 'afs_session')).toBe('');

    expect(await storedBasket(owner.reference)).toEqual(before);
    const [{ count }] = await t.db.dataSource.query('SELECT count(*)::int AS count FROM customers WHERE email_normalised = $1', [email]);
    expect(count).toBe(0);
    const ownerRead = await t.http().get(`/data/baskets/${owner.reference}`).set(XHR).set('Cookie', owner.cookie);
    expect(ownerRead.status).toBe(200);
    expect(ownerRead.body.data.lines).toHaveLength(1);
  });

  it('still claims the basket of the browser creating the account', async () => {
    const shopper = await anonymousBasket();
    const created = await checkoutAction(t, 'CREATE_CUSTOMER', newCustomerBody(uniqueEmail('owner'), { basketReference: shopper.reference }), shopper.cookie);
    expect(created.body.success).toBe(true);
    expect(created.body.data.basket.reference).toBe(shopper.reference);
    expect((await storedBasket(shopper.reference)).customer_id).not.toBeNull();
  });

  it("refuses another shopper's basket in CHECKOUT_UPDATE_CUSTOMER_CATEGORY, leaving the basket unchanged", async () => {
    const owner = await anonymousBasket();
    const before = await storedBasket(owner.reference);
    const signedUp = await checkoutAction(t, 'CREATE_CUSTOMER', newCustomerBody(uniqueEmail('category')));
    const session = cookieOf(signedUp, 'afs_session');
    const expected = await refusalOfAnotherAction(owner.reference, session);

    const updated = await checkoutAction(
      t,
      'CHECKOUT_UPDATE_CUSTOMER_CATEGORY',
      { basketReference: owner.reference, customerCategory: 'business.design-agency', accountName: 'Intruder Ltd' },
      session,
    );
    expect({ status: updated.status, code: updated.body.code }).toEqual(expected);
    expect(await storedBasket(owner.reference)).toEqual(before);
    const ownerRead = await t.http().get(`/data/baskets/${owner.reference}`).set(XHR).set('Cookie', owner.cookie);
    expect(ownerRead.status).toBe(200);
  });

  it('writes no basket reference into the access log lines of a request naming a basket in its path, query or body', async () => {
    const owner = await anonymousBasket();
    const requests = [
      t.http().get(`/data/baskets/${owner.reference}`).set(XHR).set('Cookie', owner.cookie),
      t.http().get(`/data/session/?basket_ref=${owner.reference}`).set(XHR).set('Cookie', owner.cookie),
      t.http().get(`/data/session/?locale=en-gb&basket%5Fref=${owner.reference}`).set(XHR).set('Cookie', owner.cookie),
      checkoutAction(t, 'APPLY_DISCOUNT_CODE', { basketReference: owner.reference, code: 'NOSUCHCODE' }, owner.cookie),
    ];
    for (const pending of requests) {
      const response = await pending;
      const requestId = response.headers['x-request-id'] as string;
      const lines = await logLinesOf(requestId);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).not.toContain(owner.reference);
    }
  });
});
