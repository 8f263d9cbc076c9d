import type { BankDebitState } from '@store/domain';
import type { Clock } from '../../shared/ports';
import type { OutgoingMail } from '../../identity/sign-in.ports';
import { aCheckoutWorld, anOrderDraft, anOrderLine, InMemoryOrders } from '../../testing';
import { BankDebitNotifications, ReconcileBankDebits } from './bank-debit-notifications';
import { BANK_DEBIT_RETURN_WINDOW_DAYS } from './bank-debit-return-windows';
import type { BankDebit, BankDebitRepository } from './bank-debits.ports';

const DAY_MS = 24 * 60 * 60_000;

type Row = BankDebit & { createdAt: Date; updatedAt: Date; checkedAt: Date | null };

/**
 * Bank debits in memory, kept as the Postgres repository keeps them: each move guarded by the state
 * it leaves, `updatedAt` the moment of the last move (for a settled debit, its settlement), and the
 * order's currency read from the orders, as the database joins them.
 */
class InMemoryBankDebits implements BankDebitRepository {
  private readonly rows = new Map<string, Row>();

  constructor(
    private readonly clock: Clock,
    private readonly orders: InMemoryOrders,
  ) {}

  async record(debit: { transactionId: string; orderNumber: string; customerId: string; released: boolean }): Promise<void> {
    if (this.rows.has(debit.transactionId) || [...this.rows.values()].some((row) => row.orderNumber === debit.orderNumber)) return;
    const now = this.clock.now();
    const { transactionId, orderNumber, customerId } = debit;
    const row = { transactionId, orderNumber, customerId, state: 'pending', releasedAt: debit.released ? now : null, account: null, createdAt: now, updatedAt: now, checkedAt: null };
    this.rows.set(transactionId, row as Row);
  }

  private view(transactionId: string): BankDebit | null {
    const row = this.rows.get(transactionId);
    return row ? { ...row } : null;
  }

  async findByTransaction(transactionId: string) {
    return this.view(transactionId);
  }

  async findByOrder(orderNumber: string) {
    const row = [...this.rows.values()].find((candidate) => candidate.orderNumber === orderNumber);
    return row ? this.view(row.transactionId) : null;
  }

  private move(transactionId: string, moves: Partial<Record<BankDebitState, BankDebitState>>): BankDebit | null {
    const row = this.rows.get(transactionId);
    const next = row && moves[row.state];
    if (row && next) Object.assign(row, { state: next, updatedAt: this.clock.now() });
    return this.view(transactionId);
  }

  async settle(transactionId: string) {
    return this.move(transactionId, { pending: 'settled', declined: 'returned' });
  }

  async refuse(transactionId: string) {
    return this.move(transactionId, { pending: 'declined', settled: 'returned' });
  }

  async markReleased(transactionId: string): Promise<boolean> {
    const row = this.rows.get(transactionId);
    if (!row || row.releasedAt) return false;
    Object.assign(row, { releasedAt: this.clock.now(), updatedAt: this.clock.now() });
    return true;
  }

  async pendingSince(before: Date, limit: number) {
    return [...this.rows.values()].filter((row) => row.state === 'pending' && row.createdAt < before).map((row) => row.transactionId).slice(0, limit);
  }

  async dueForReturnCheck(criteria: { windows: readonly { currency: string; settledSince: Date }[]; checkedBefore: Date; limit: number }) {
    const due: { transactionId: string; cutShort: boolean; lastLook: number }[] = [];
    for (const row of this.rows.values()) {
      const order = await this.orders.find(row.orderNumber);
      const window = criteria.windows.find((candidate) => candidate.currency === order?.currency);
      const lastLook = row.checkedAt ?? row.updatedAt;
      const settledDue = row.state === 'settled' && lastLook < criteria.checkedBefore && window !== undefined && row.updatedAt >= window.settledSince;
      const cutShort = row.state === 'returned' && order?.status === 'paid';
      if (settledDue || cutShort) due.push({ transactionId: row.transactionId, cutShort, lastLook: lastLook.getTime() });
    }
    due.sort((a, b) => Number(b.cutShort) - Number(a.cutShort) || a.lastLook - b.lastLook);
    return due.slice(0, criteria.limit).map((row) => row.transactionId);
  }

  async markChecked(transactionId: string): Promise<void> {
    const row = this.rows.get(transactionId);
    if (row) row.checkedAt = this.clock.now();
  }

  async historyOf() {
    return { settledOrdersBefore: 0, refusedDebitsBefore: 0 };
  }
}

/** The provider's side: each debit's status as its transaction shows it, and every look-up made. */
class GatewayStatuses {
  readonly statuses = new Map<string, 'pending' | 'settled' | 'declined'>();
  readonly lookUps: string[] = [];
  failNext: Error | null = null;

  async debitStatus(transactionId: string) {
    this.lookUps.push(transactionId);
    const failure = this.failNext;
    this.failNext = null;
    if (failure) throw failure;
    return this.statuses.get(transactionId) ?? null;
  }
}

/** Orders whose next revocation fails, as when the database goes away in the middle of a refusal. */
class OrdersFailingOnce extends InMemoryOrders {
  failNextRevoke = false;

  override async revoke(number: string, reason: string, notice: OutgoingMail | null): Promise<boolean> {
    if (this.failNextRevoke) {
      this.failNextRevoke = false;
      throw new Error('Connection terminated unexpectedly');
    }
    return super.revoke(number, reason, notice);
  }
}

function setUp() {
  const world = aCheckoutWorld();
  const orders = new OrdersFailingOnce(world.baskets, world.clock);
  const debits = new InMemoryBankDebits(world.clock, orders);
  // The notices the refusals queue with the order's change (the receipts of the settled orders aside).
  const mail = { get mails() { return orders.outbox.filter((sent) => !sent.subject.startsWith('Your Affinity Store order')); } };
  const gateway = new GatewayStatuses();
  const notifications = new BankDebitNotifications(debits, orders, world.customers, world.keys, 'https://store.test');
  const reconcile = new ReconcileBankDebits(debits, notifications, gateway, world.clock, { pendingForMs: 7 * DAY_MS, batchSize: 2, returnCheckEveryMs: DAY_MS });
  let sequence = 0;

  /** An order paid by a bank debit in this currency whose debit settled now (its keys released at settlement). */
  async function aSettledDebit(currency: 'USD' | 'EUR' = 'USD') {
    sequence += 1;
    const { customer, basket } = await world.aShopperAtPayment({ customer: { id: `customer-${sequence}`, email: `payer${sequence}@example.com` } });
    const reserved = await orders.reserve(anOrderDraft({ customerId: customer.id, basketReference: basket.reference, currency, locale: currency === 'USD' ? 'en-US' : 'en-EU', lines: [anOrderLine()] }), basket.version);
    if (!('order' in reserved)) throw new Error('not reserved');
    const transactionId = `debit-${sequence}`;
    await debits.record({ transactionId, orderNumber: reserved.order.number, customerId: customer.id, released: false });
    gateway.statuses.set(transactionId, 'settled');
    expect(await notifications.debitSettled(transactionId)).toEqual({ outcome: 'settled-released' });
    return { transactionId, number: reserved.order.number, customer };
  }

  return { world, orders, debits, mail, gateway, notifications, reconcile, aSettledDebit };
}

describe('ReconcileBankDebits: a return after settlement whose notification was lost', () => {
  it('revokes the keys and mails the customer once; a later run and the late notification change nothing', async () => {
    const { world, orders, debits, mail, gateway, notifications, reconcile, aSettledDebit } = setUp();
    const { transactionId, number, customer } = await aSettledDebit('USD');
    expect(await orders.productKeys(number)).toHaveLength(1);
    world.clock.advance(20 * DAY_MS);
    gateway.statuses.set(transactionId, 'declined');

    expect(await reconcile.run()).toEqual([{ transactionId, outcome: 'returned-revoked' }]);
    expect(await debits.findByTransaction(transactionId)).toMatchObject({ state: 'returned' });
    expect(await orders.find(number)).toMatchObject({ status: 'refunded' });
    expect(await orders.productKeys(number)).toEqual([]);
    expect(mail.mails).toEqual([expect.objectContaining({ to: customer.email, subject: `Your payment for order ${number} was returned` })]);
    expect(mail.mails[0].text).toContain('Its product keys have been revoked');

    world.clock.advance(2 * DAY_MS);
    expect(await reconcile.run()).toEqual([]);
    expect(await notifications.debitRefused(transactionId)).toEqual({ outcome: 'already-refunded' });
    expect(mail.mails).toHaveLength(1);
    expect(gateway.lookUps).toEqual([transactionId]);
  });

  it('after the notification was handled first, finds nothing to look up', async () => {
    const { world, mail, gateway, notifications, reconcile, aSettledDebit } = setUp();
    const { transactionId } = await aSettledDebit('EUR');
    gateway.statuses.set(transactionId, 'declined');
    expect(await notifications.debitRefused(transactionId)).toEqual({ outcome: 'returned-revoked' });
    world.clock.advance(DAY_MS + 1);
    expect(await reconcile.run()).toEqual([]);
    expect(gateway.lookUps).toEqual([]);
    expect(mail.mails).toHaveLength(1);
  });

  it('looks a settled debit up at most once per interval while it is still settled, the first time an interval after it settled', async () => {
    const { world, gateway, reconcile, aSettledDebit, orders } = setUp();
    const { transactionId, number } = await aSettledDebit('USD');
    world.clock.advance(DAY_MS - 1);
    expect(await reconcile.run()).toEqual([]);
    world.clock.advance(2);
    expect(await reconcile.run()).toEqual([{ transactionId, outcome: 'still-settled' }]);
    world.clock.advance(DAY_MS - 1);
    expect(await reconcile.run()).toEqual([]);
    world.clock.advance(2);
    expect(await reconcile.run()).toEqual([{ transactionId, outcome: 'still-settled' }]);
    expect(gateway.lookUps).toEqual([transactionId, transactionId]);
    expect(await orders.find(number)).toMatchObject({ status: 'paid' });
  });

  it('stops looking once the method’s return window from settlement has passed: SEPA after 63 days, ACH after 67', async () => {
    const { world, gateway, reconcile, aSettledDebit } = setUp();
    const sepa = await aSettledDebit('EUR');
    const ach = await aSettledDebit('USD');
    expect(BANK_DEBIT_RETURN_WINDOW_DAYS).toEqual({ sepa: 63, 'us-bank-account': 67 });
    world.clock.advance(63 * DAY_MS);
    expect((await reconcile.run()).map((done) => done.transactionId).sort()).toEqual([sepa.transactionId, ach.transactionId].sort());
    world.clock.advance(DAY_MS + 1);
    expect(await reconcile.run()).toEqual([{ transactionId: ach.transactionId, outcome: 'still-settled' }]);
    // A millisecond short of 67 days after settlement: the ACH debit is still looked up.
    world.clock.advance(3 * DAY_MS - 2);
    expect(await reconcile.run()).toEqual([{ transactionId: ach.transactionId, outcome: 'still-settled' }]);
    world.clock.advance(DAY_MS + 1);
    gateway.lookUps.length = 0;
    expect(await reconcile.run()).toEqual([]);
    expect(gateway.lookUps).toEqual([]);
  });

  it('takes the due debits in batches, the least recently looked up first', async () => {
    const { world, gateway, reconcile, aSettledDebit } = setUp();
    const first = await aSettledDebit();
    world.clock.advance(1000);
    const second = await aSettledDebit();
    world.clock.advance(1000);
    const third = await aSettledDebit();
    world.clock.advance(DAY_MS + 1);
    expect((await reconcile.run()).map((done) => done.transactionId)).toEqual([first.transactionId, second.transactionId]);
    expect((await reconcile.run()).map((done) => done.transactionId)).toEqual([third.transactionId]);
    expect(await reconcile.run()).toEqual([]);
    world.clock.advance(DAY_MS + 1);
    gateway.statuses.set(third.transactionId, 'declined');
    expect(await reconcile.run()).toEqual([
      { transactionId: first.transactionId, outcome: 'still-settled' },
      { transactionId: second.transactionId, outcome: 'still-settled' },
    ]);
    expect(await reconcile.run()).toEqual([{ transactionId: third.transactionId, outcome: 'returned-revoked' }]);
  });

  it('a look-up that fails leaves the debit due, and the next run takes it up', async () => {
    const { world, gateway, reconcile, aSettledDebit, mail } = setUp();
    const { transactionId } = await aSettledDebit();
    world.clock.advance(DAY_MS + 1);
    gateway.statuses.set(transactionId, 'declined');
    gateway.failNext = new Error('socket hang up');
    expect(await reconcile.run()).toEqual([{ transactionId, outcome: 'failed', error: 'socket hang up' }]);
    expect(mail.mails).toEqual([]);
    expect(await reconcile.run()).toEqual([{ transactionId, outcome: 'returned-revoked' }]);
    expect(mail.mails).toHaveLength(1);
  });

  it('a refusal cut short after the return was recorded is carried through by the next run, with one mail', async () => {
    const { world, orders, debits, gateway, reconcile, aSettledDebit, mail } = setUp();
    const { transactionId, number } = await aSettledDebit();
    world.clock.advance(DAY_MS + 1);
    gateway.statuses.set(transactionId, 'declined');
    orders.failNextRevoke = true;
    expect(await reconcile.run()).toEqual([{ transactionId, outcome: 'failed', error: 'Connection terminated unexpectedly' }]);
    // Half-way: the return is recorded, the order still holds its keys, nobody was told.
    expect(await debits.findByTransaction(transactionId)).toMatchObject({ state: 'returned' });
    expect(await orders.find(number)).toMatchObject({ status: 'paid' });
    expect(mail.mails).toEqual([]);
    // Not settled any more, but due all the same, without waiting for the interval.
    expect(await reconcile.run()).toEqual([{ transactionId, outcome: 'returned-revoked' }]);
    expect(await orders.find(number)).toMatchObject({ status: 'refunded' });
    expect(await orders.productKeys(number)).toEqual([]);
    expect(mail.mails).toHaveLength(1);
    expect(await reconcile.run()).toEqual([]);
  });
});
