import { ProcessProviderNotifications, ProviderNotificationHandlers, type ProviderNotificationHandler, type StoredProviderNotification } from '@store/application';
import { FixedClock } from '@store/application/testing';
import type { ProviderNotification } from '@store/domain';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresProviderNotificationInbox } from './postgres-provider-notification-inbox';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(() => db?.drop());
beforeEach(() => db.dataSource.query('DELETE FROM provider_notifications'));

const received = new Date('2026-11-26T12:00:00Z');
let ids = 0;
/** A notification with an id of the shape the readers make (a hex digest). */
function notification(paymentId: string, minute: number, kind: ProviderNotification['kind'] = 'local-payment-completed'): ProviderNotification {
  ids += 1;
  return {
    id: ids.toString(16).padStart(64, '0'),
    gateway: 'braintree',
    kind,
    providerKind: kind.replace(/-/g, '_'),
    occurredAt: new Date(Date.UTC(2026, 10, 26, 10, minute)),
    subject: { type: 'local-payment', paymentId, payerId: 'PAYER-1', paymentMethodNonce: 'nonce', transaction: { id: 'tx-1', status: 'authorizing', amount: '10.00', currency: null, orderId: 'A1' } },
  };
}

const rows = () => db.dataSource.query(`SELECT id, kind, subject_key, subject, attempts, processed_at, outcome, last_error FROM provider_notifications ORDER BY occurred_at`);

describe('PostgresProviderNotificationInbox', () => {
  it('keeps a notification once, as it was given, however many deliveries race to keep it', async () => {
    const inbox = new PostgresProviderNotificationInbox(db.dataSource);
    const one = notification('PAY-1', 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => inbox.record(one, received)));
    expect(answers.filter((answer) => answer === 'stored')).toHaveLength(1);
    expect(answers.filter((answer) => answer === 'duplicate')).toHaveLength(5);
    const [row] = await rows();
    expect(await rows()).toHaveLength(1);
    expect(row).toMatchObject({ id: one.id, kind: 'local-payment-completed', subject_key: 'braintree:local-payment:PAY-1', subject: one.subject, attempts: 0, processed_at: null });
  });

  it('gives back a kept notification whole, and records a processed outcome or a retry', async () => {
    const inbox = new PostgresProviderNotificationInbox(db.dataSource);
    const one = notification('PAY-2', 2);
    await inbox.record(one, received);
    const retryAt = new Date(received.getTime() + 5000);
    const failed = await inbox.handleNextDue(received, (stored) => {
      expect(stored).toEqual({ ...one, receivedAt: received, attempts: 0 });
      return Promise.resolve({ processed: false, error: 'not yet', retryAt });
    });
    expect(failed?.notification.attempts).toBe(1);
    expect(await inbox.handleNextDue(new Date(retryAt.getTime() - 1), () => Promise.reject(new Error('not due')))).toBeNull();
    const done = await inbox.handleNextDue(retryAt, () => Promise.resolve({ processed: true, outcome: 'ok' }));
    expect(done?.disposition).toEqual({ processed: true, outcome: 'ok' });
    expect(await rows()).toEqual([expect.objectContaining({ attempts: 1, processed_at: retryAt, outcome: 'ok', last_error: null })]);
  });

  it('with two workers at once: each notification handled once, one subject at a time, oldest first', async () => {
    const inbox = new PostgresProviderNotificationInbox(db.dataSource);
    // Delivered newest first: three notifications for each of four payments.
    const all = ['PAY-A', 'PAY-B', 'PAY-C', 'PAY-D'].flatMap((payment) => [3, 2, 1].map((minute) => notification(payment, minute)));
    for (const each of all) await inbox.record(each, received);
    const handledOrder: string[] = [];
    const busy = new Set<string>();
    let overlaps = 0;
    const handler: ProviderNotificationHandler = {
      async handle(stored: StoredProviderNotification) {
        const key = stored.subject.type === 'local-payment' ? stored.subject.paymentId : stored.id;
        if (busy.has(key)) overlaps += 1;
        busy.add(key);
        await new Promise((resolve) => setTimeout(resolve, 15));
        busy.delete(key);
        handledOrder.push(`${key}@${stored.occurredAt.getUTCMinutes()}`);
        return { outcome: 'ok' };
      },
    };
    const handlers = new ProviderNotificationHandlers();
    handlers.register('local-payment-completed', handler);
    const clock = new FixedClock(received);
    const workers = [new ProcessProviderNotifications(inbox, handlers, clock), new ProcessProviderNotifications(new PostgresProviderNotificationInbox(db.dataSource), handlers, clock)];
    const results = await Promise.all(workers.map((worker) => worker.execute()));
    // A worker that found every remaining row held by the other may stop early; a later run takes the rest.
    for (let run = 0; run < 12 && handledOrder.length < all.length; run++) results.push(await workers[0].execute());
    expect(handledOrder).toHaveLength(all.length);
    expect(new Set(results.flat().map((handled) => handled.id)).size).toBe(all.length);
    expect(overlaps).toBe(0);
    for (const payment of ['PAY-A', 'PAY-B', 'PAY-C', 'PAY-D']) {
      expect(handledOrder.filter((entry) => entry.startsWith(payment))).toEqual([`${payment}@1`, `${payment}@2`, `${payment}@3`]);
    }
    expect((await rows()).every((row: { outcome: string }) => row.outcome === 'ok')).toBe(true);
  });
});
