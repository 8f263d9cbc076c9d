import { checkoutAction, cookieOf, freshEmail, newCustomerBody } from '../testing/shopper';
import { createTestApp, XHR, type TestApp } from '../testing/test-app';

// An account can be suspended (by support) while one of its requests is already past the session
// check. The write then finds no account it may change: the shopper is told the update failed
// (100107), nothing is written, and the next request finds the session gone.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Never saw ${what}`);
}

describe('CHECKOUT_UPDATE_CUSTOMER_CATEGORY racing a suspension', () => {
  it('answers 100107, changes nothing, and the session is over afterwards', async () => {
    const email = freshEmail('suspended.mid.request');
    const created = await checkoutAction(t, 'CREATE_CUSTOMER', newCustomerBody(email));
    const cookie = cookieOf(created, 'afs_session');
    const id = created.body.data.customer.public_id as string;
    const [{ id: customerId }] = await t.db.dataSource.query('SELECT id FROM customers WHERE public_id = $1', [id]);

    // Support suspends the account in a transaction still open when the shopper's request writes.
    const support = t.db.dataSource.createQueryRunner();
    await support.connect();
    await support.startTransaction();
    try {
      await support.query(`UPDATE customers SET status = 'suspended' WHERE id = $1`, [customerId]);
      const pending = checkoutAction(t, 'CHECKOUT_UPDATE_CUSTOMER_CATEGORY', { accountName: 'Lovelace Analytics', customerCategory: 'business.software' }, cookie).then((r) => r);
      await waitUntil(
        async () =>
          (
            await t.db.dataSource.query(
              `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE customers SET account_type%'`,
            )
          ).length > 0,
        'the account update waiting for the suspension',
      );
      await support.commitTransaction();
      const answer = await pending;
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        success: false,
        code: 100107,
        message: 'There was a problem updating your account details. Please try again.',
      });
    } finally {
      if (support.isTransactionActive) await support.rollbackTransaction();
      await support.release();
    }

    const [row] = await t.db.dataSource.query('SELECT account_type, account_name, status FROM customers WHERE id = $1', [customerId]);
    expect(row).toEqual({ account_type: 'personal', account_name: null, status: 'suspended' });
    expect((await t.http().get('/data/session/').set(XHR).set('Cookie', cookie)).body.data.customer).toBeNull();
  });
});
