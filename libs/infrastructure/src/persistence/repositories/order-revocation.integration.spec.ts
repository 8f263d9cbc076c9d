import type { OutgoingMail } from '@store/application';
import { anOrderDraft } from '@store/application/testing';
import { emptyBasket } from '@store/domain';
import { randomUUID } from 'node:crypto';
import { insertCustomer } from '../../testing/customers';
import { orderStorage } from '../../testing/order-storage';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';

// An order taken back (its bank debit returned) or failed out of the shopper's sight carries its
// mail in the same transaction: the shopper is told exactly when it happened, never twice, and a
// mail that cannot be queued leaves the order as it was.

let db: TestDatabase;
let storage: ReturnType<typeof orderStorage>;

beforeAll(async () => {
  db = await createTestDatabase();
  storage = orderStorage(db);
}, 60_000);
afterAll(() => db?.drop());

/** A reserved order, then (for 'paid') paid with one product key. */
async function anOrder(status: 'pending' | 'paid') {
  const customer = await insertCustomer(db.dataSource);
  const basket = { ...emptyBasket(randomUUID(), 'US'), customerId: customer.id, version: 1 };
  await storage.baskets.save(basket);
  const reserved = await storage.orders.reserve(anOrderDraft({ customerId: customer.id, basketReference: basket.reference, currency: 'USD', locale: 'en-US' }), basket.version);
  if (!('order' in reserved)) throw new Error(`not reserved: ${reserved.refused}`);
  const { number } = reserved.order;
  if (status === 'paid') {
    await db.dataSource.query(`UPDATE orders SET status = 'paid', paid_at = now() WHERE number = $1`, [number]);
    await db.dataSource.query(`INSERT INTO product_keys (key, order_number, line_position, product_reference) VALUES ($1, $2, 0, 'photo-2')`, [`KEY-${randomUUID().slice(0, 18)}`, number]);
  }
  return { number, email: customer.email };
}

const notice = (to: string, subject: string): OutgoingMail => ({ to, subject, text: `${subject}.` });
const stateOf = async (number: string) => {
  const [order] = await db.dataSource.query(`SELECT status FROM orders WHERE number = $1`, [number]);
  const [keys] = await db.dataSource.query(`SELECT count(*) FILTER (WHERE revoked_at IS NOT NULL)::int AS revoked FROM product_keys WHERE order_number = $1`, [number]);
  const mails = await db.dataSource.query(`SELECT recipient, subject FROM mail_outbox WHERE subject LIKE $1`, [`%${number}%`]);
  return { status: order.status as string, revokedKeys: keys.revoked as number, mails };
};

describe('revoking and failing an order with its mail, on Postgres', () => {
  it('a revocation queues its notice once: again, it changes nothing and mails nothing', async () => {
    const { number, email } = await anOrder('paid');
    expect(await storage.orders.revoke(number, 'The bank returned the debit', notice(email, `Your payment for order ${number} was returned`))).toBe(true);
    expect(await storage.orders.revoke(number, 'The bank returned the debit', notice(email, `Your payment for order ${number} was returned`))).toBe(false);
    expect(await stateOf(number)).toEqual({ status: 'refunded', revokedKeys: 1, mails: [{ recipient: email, subject: `Your payment for order ${number} was returned` }] });
  });

  it('a notice that cannot be queued leaves the order paid and its keys working', async () => {
    const { number } = await anOrder('paid');
    // The outbox refuses a recipient over 255 characters: the whole revocation must go with it.
    const unqueueable = notice(`${'x'.repeat(300)}@example.com`, `Your payment for order ${number} was returned`);
    await expect(storage.orders.revoke(number, 'The bank returned the debit', unqueueable)).rejects.toThrow();
    expect(await stateOf(number)).toEqual({ status: 'paid', revokedKeys: 0, mails: [] });
  });

  it('a failure queues its notice with it, or, when the notice cannot be queued, does not happen', async () => {
    const failed = await anOrder('pending');
    await storage.orders.fail(failed.number, 0, 'The bank declined the debit', notice(failed.email, `Your order ${failed.number} was not paid`));
    await storage.orders.fail(failed.number, 0, 'The bank declined the debit', notice(failed.email, `Your order ${failed.number} was not paid`));
    expect(await stateOf(failed.number)).toEqual({ status: 'failed', revokedKeys: 0, mails: [{ recipient: failed.email, subject: `Your order ${failed.number} was not paid` }] });

    const kept = await anOrder('pending');
    await expect(storage.orders.fail(kept.number, 0, 'The bank declined the debit', notice(`${'x'.repeat(300)}@example.com`, `Your order ${kept.number} was not paid`))).rejects.toThrow();
    expect(await stateOf(kept.number)).toEqual({ status: 'pending', revokedKeys: 0, mails: [] });
  });
});
