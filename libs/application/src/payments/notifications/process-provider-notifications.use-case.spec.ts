import { NOTIFICATION_RETRY, type ProviderNotification } from '@store/domain';
import { aLocalPaymentNotification, FixedClock, InMemoryProviderNotificationInbox } from '../../testing';
import { ProcessProviderNotifications } from './process-provider-notifications.use-case';
import { checkNotificationHandler, ProviderNotificationHandlers } from './provider-notification-handlers';
import type { HandlingResult, ProviderNotificationHandler, StoredProviderNotification } from './provider-notifications.ports';

const start = new Date('2026-11-26T12:00:00Z');
const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute));

/** A handler that records what it was given and answers from a script (done by default). */
class RecordingHandler implements ProviderNotificationHandler {
  readonly seen: string[] = [];
  constructor(private readonly answer: (notification: StoredProviderNotification) => Promise<HandlingResult> = () => Promise.resolve({ outcome: 'ok' })) {}
  handle(notification: StoredProviderNotification): Promise<HandlingResult> {
    this.seen.push(notification.id);
    return this.answer(notification);
  }
}

async function setUp(notifications: ProviderNotification[]) {
  const inbox = new InMemoryProviderNotificationInbox();
  const clock = new FixedClock(start);
  for (const notification of notifications) await inbox.record(notification, start);
  const handlers = new ProviderNotificationHandlers();
  return { inbox, clock, handlers, process: new ProcessProviderNotifications(inbox, handlers, clock) };
}

describe('ProcessProviderNotifications', () => {
  it('hands each notification to the handler of its kind once and records its outcome', async () => {
    const completed = aLocalPaymentNotification({ id: 'n-completed' });
    const { inbox, handlers, process } = await setUp([completed]);
    const handler = new RecordingHandler(() => Promise.resolve({ outcome: 'order-paid' }));
    handlers.register('local-payment-completed', handler);
    expect(await process.execute()).toEqual([{ id: 'n-completed', kind: 'local-payment-completed', providerKind: 'local_payment_completed', disposition: { processed: true, outcome: 'order-paid' } }]);
    expect(await process.execute()).toEqual([]);
    expect(handler.seen).toEqual(['n-completed']);
    expect(inbox.row('n-completed')).toMatchObject({ processedAt: start, outcome: 'order-paid' });
  });

  it('marks a kind without a handler, and one the store does not know, ignored', async () => {
    const { inbox, handlers, process } = await setUp([
      aLocalPaymentNotification({ id: 'n-expired', kind: 'local-payment-expired' }),
      { ...aLocalPaymentNotification({ id: 'n-other' }), kind: 'other', providerKind: 'subscription_canceled', subject: { type: 'other' } },
    ]);
    handlers.register('local-payment-completed', new RecordingHandler());
    expect((await process.execute()).map((handled) => [handled.id, handled.disposition])).toEqual([
      ['n-expired', { processed: true, outcome: 'ignored' }],
      ['n-other', { processed: true, outcome: 'ignored' }],
    ]);
    expect(inbox.row('n-other')).toMatchObject({ outcome: 'ignored' });
  });

  it('keeps a notification whose handler failed, retries it after a doubling delay, and never twice at once', async () => {
    const { inbox, clock, handlers, process } = await setUp([aLocalPaymentNotification({ id: 'n-1' })]);
    let failures = 2;
    const handler = new RecordingHandler(async () => {
      if (failures-- > 0) throw new Error('The orders table is locked');
      return { outcome: 'ok' };
    });
    handlers.register('local-payment-completed', handler);
    const [first] = await process.execute();
    expect(first.disposition).toEqual({ processed: false, error: 'The orders table is locked', retryAt: new Date(start.getTime() + NOTIFICATION_RETRY.firstDelayMs) });
    expect(inbox.row('n-1')).toMatchObject({ processedAt: null, lastError: 'The orders table is locked', notification: { attempts: 1 } });
    // Not due yet: nothing is tried.
    expect(await process.execute()).toEqual([]);
    clock.advance(NOTIFICATION_RETRY.firstDelayMs);
    const [second] = await process.execute();
    expect(second.disposition).toMatchObject({ processed: false, retryAt: new Date(clock.now().getTime() + 2 * NOTIFICATION_RETRY.firstDelayMs) });
    clock.advance(2 * NOTIFICATION_RETRY.firstDelayMs);
    expect((await process.execute())[0].disposition).toEqual({ processed: true, outcome: 'ok' });
    expect(handler.seen).toEqual(['n-1', 'n-1', 'n-1']);
    expect(inbox.row('n-1')).toMatchObject({ outcome: 'ok', notification: { attempts: 2 } });
  });

  it('retries later a notification its handler is not ready for (it came before what it is about)', async () => {
    const { inbox, handlers, process } = await setUp([aLocalPaymentNotification({ id: 'n-early' })]);
    handlers.register('local-payment-completed', new RecordingHandler(() => Promise.resolve({ retry: 'No order for this payment yet' })));
    expect((await process.execute())[0].disposition).toMatchObject({ processed: false, error: 'No order for this payment yet' });
    expect(inbox.row('n-early')).toMatchObject({ processedAt: null, notification: { attempts: 1 } });
  });

  it('handles the notifications of one payment in the order they happened, whatever order they arrived in', async () => {
    const { handlers, process } = await setUp([
      aLocalPaymentNotification({ id: 'n-funded', kind: 'local-payment-funded', occurredAt: at(30) }),
      aLocalPaymentNotification({ id: 'n-other-payment', paymentId: 'PAY-2', occurredAt: at(20) }),
      aLocalPaymentNotification({ id: 'n-completed', kind: 'local-payment-completed', occurredAt: at(10) }),
    ]);
    const order: string[] = [];
    const handler: ProviderNotificationHandler = { handle: (notification) => (order.push(notification.id), Promise.resolve({ outcome: 'ok' })) };
    handlers.register('local-payment-completed', handler);
    handlers.register('local-payment-funded', handler);
    await process.execute();
    expect(order).toEqual(['n-completed', 'n-other-payment', 'n-funded']);
  });

  it('holds a later notification of a subject behind an earlier one that is waiting for its retry', async () => {
    const { clock, handlers, process } = await setUp([
      aLocalPaymentNotification({ id: 'n-completed', occurredAt: at(10) }),
      aLocalPaymentNotification({ id: 'n-funded', kind: 'local-payment-funded', occurredAt: at(30) }),
      aLocalPaymentNotification({ id: 'n-elsewhere', paymentId: 'PAY-9', occurredAt: at(40) }),
    ]);
    let fail = true;
    handlers.register('local-payment-completed', new RecordingHandler(async (notification) => {
      if (notification.id === 'n-completed' && fail) throw new Error('not now');
      return { outcome: 'ok' };
    }));
    const funded = new RecordingHandler();
    handlers.register('local-payment-funded', funded);
    expect((await process.execute()).map((handled) => handled.id)).toEqual(['n-completed', 'n-elsewhere']);
    expect(funded.seen).toEqual([]);
    fail = false;
    clock.advance(NOTIFICATION_RETRY.firstDelayMs);
    expect((await process.execute()).map((handled) => handled.id)).toEqual(['n-completed', 'n-funded']);
  });

  it('takes one handler per kind, and none for kinds the store does not know', () => {
    const handlers = new ProviderNotificationHandlers();
    handlers.register('check', checkNotificationHandler);
    expect(() => handlers.register('check', new RecordingHandler())).toThrow(/registered already/);
    expect(() => handlers.register('other', new RecordingHandler())).toThrow(/only kept/);
    expect(handlers.for('check')).toBe(checkNotificationHandler);
  });

  it('answers the provider’s check ping with ok', async () => {
    expect(await checkNotificationHandler.handle({ ...aLocalPaymentNotification(), kind: 'check', subject: { type: 'check' }, receivedAt: start, attempts: 0 })).toEqual({ outcome: 'ok' });
  });
});
