import { bankDebitReturnWindows } from '@store/application';
import { anOrderDraft } from '@store/application/testing';
import { emptyBasket, type BankDebitState } from '@store/domain';
import { randomUUID } from 'node:crypto';
import { insertCustomer } from '../../testing/customers';
import { orderStorage } from '../../testing/order-storage';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresBankDebitRepository } from './postgres-bank-debit.repository';

// Which bank debits reconciliation looks up for a return whose notification was lost: settled ones
// inside their method's return window, each at most once per interval, in batches; and returns
// recorded whose order still holds its keys.

let db: TestDatabase;
let storage: ReturnType<typeof orderStorage>;
let debits: PostgresBankDebitRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  storage = orderStorage(db);
  debits = new PostgresBankDebitRepository(db.dataSource);
}, 60_000);
afterAll(() => db?.drop());
beforeEach(() => db.dataSource.query('DELETE FROM bank_debits'));

const DAY_MS = 24 * 60 * 60_000;

/** An order in this currency and status, paid by a debit in this state whose last move (for a settled one, its settlement) was `days` ago. */
async function aDebit(currency: 'EUR' | 'USD', state: BankDebitState, options: { days: number; checkedDaysAgo?: number; orderStatus?: 'paid' | 'refunded' | 'pending' | 'failed' }) {
  const customer = await insertCustomer(db.dataSource);
  const basket = { ...emptyBasket(randomUUID(), currency === 'EUR' ? 'EU' : 'US'), customerId: customer.id, version: 1 };
  await storage.baskets.save(basket);
  const reserved = await storage.orders.reserve(anOrderDraft({ customerId: customer.id, basketReference: basket.reference, currency, locale: currency === 'EUR' ? 'en-EU' : 'en-US' }), basket.version);
  if (!('order' in reserved)) throw new Error(`not reserved: ${reserved.refused}`);
  const number = reserved.order.number;
  await db.dataSource.query(`UPDATE orders SET status = $2::text, paid_at = CASE WHEN $2::text IN ('paid', 'refunded') THEN now() END WHERE number = $1`, [number, options.orderStatus ?? 'paid']);
  const transactionId = `debit-${randomUUID()}`;
  await debits.record({ transactionId, orderNumber: number, customerId: customer.id, released: true });
  await db.dataSource.query(
    `UPDATE bank_debits SET state = $2, updated_at = now() - $3::float8 * interval '1 day', checked_at = now() - $4::float8 * interval '1 day' WHERE transaction_id = $1`,
    [transactionId, state, options.days, options.checkedDaysAgo ?? null],
  );
  return transactionId;
}

const due = (limit = 50, now = new Date()) => debits.dueForReturnCheck({ windows: bankDebitReturnWindows(now), checkedBefore: new Date(now.getTime() - DAY_MS), limit });

describe('settled bank debits due a look for a return, on Postgres', () => {
  it('takes settled debits inside their method’s window (SEPA 63 days, ACH 67) not looked up (or settled) for a day, cut-short returns first', async () => {
    const sepaRecent = await aDebit('EUR', 'settled', { days: 10 });
    const sepaLate = await aDebit('EUR', 'settled', { days: 62 });
    await aDebit('EUR', 'settled', { days: 64 });
    const achLate = await aDebit('USD', 'settled', { days: 66 });
    await aDebit('USD', 'settled', { days: 68 });
    const checkedLongAgo = await aDebit('USD', 'settled', { days: 5, checkedDaysAgo: 2 });
    await aDebit('USD', 'settled', { days: 5, checkedDaysAgo: 0.5 });
    await aDebit('USD', 'pending', { days: 20 });
    await aDebit('USD', 'declined', { days: 20, orderStatus: 'failed' });
    await aDebit('USD', 'returned', { days: 20, orderStatus: 'refunded' });
    const cutShort = await aDebit('EUR', 'returned', { days: 3, orderStatus: 'paid' });

    expect(await due()).toEqual([cutShort, achLate, sepaLate, sepaRecent, checkedLongAgo]);
    expect(await due(2)).toEqual([cutShort, achLate]);
  });

  it('once marked checked, a debit is not due again until the interval has passed, and keeps its settlement time', async () => {
    const settled = await aDebit('USD', 'settled', { days: 3 });
    const [{ updated_at: settledAt }] = await db.dataSource.query('SELECT updated_at FROM bank_debits WHERE transaction_id = $1', [settled]);
    expect(await due()).toEqual([settled]);
    await debits.markChecked(settled);
    expect(await due()).toEqual([]);
    const [row] = await db.dataSource.query('SELECT updated_at, checked_at FROM bank_debits WHERE transaction_id = $1', [settled]);
    expect(row.updated_at).toEqual(settledAt);
    expect(row.checked_at).toEqual(expect.any(Date));
    // A day and a bit later it is due again.
    expect(await due(50, new Date(Date.now() + DAY_MS + 60_000))).toEqual([settled]);
  });

  it('a settlement sets the moment the window starts from, and the return leaves the debit out', async () => {
    const pending = await aDebit('EUR', 'pending', { days: 100 });
    expect(await due()).toEqual([]);
    expect(await debits.settle(pending)).toMatchObject({ state: 'settled' });
    // Settled just now: first looked up a day later.
    expect(await due()).toEqual([]);
    expect(await due(50, new Date(Date.now() + DAY_MS + 60_000))).toEqual([pending]);
    expect(await debits.refuse(pending, null)).toMatchObject({ state: 'returned' });
    // Returned while its order is still paid: due until the refusal is carried through.
    expect(await due()).toEqual([pending]);
    await db.dataSource.query(`UPDATE orders SET status = 'refunded' WHERE number = (SELECT order_number FROM bank_debits WHERE transaction_id = $1)`, [pending]);
    expect(await due()).toEqual([]);
  });
});
