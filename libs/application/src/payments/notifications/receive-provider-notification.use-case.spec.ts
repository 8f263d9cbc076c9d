import { aLocalPaymentNotification, FixedClock, InMemoryProviderNotificationInbox, TableNotificationReader } from '../../testing';
import { ReceiveProviderNotification } from './receive-provider-notification.use-case';

const now = new Date('2026-11-26T12:00:00Z');

function setUp() {
  const inbox = new InMemoryProviderNotificationInbox();
  const reader = new TableNotificationReader();
  const receive = new ReceiveProviderNotification(reader, inbox, new FixedClock(now));
  return { inbox, reader, receive };
}

describe('ReceiveProviderNotification', () => {
  it('keeps a signed notification, due at once', async () => {
    const { inbox, reader, receive } = setUp();
    const notification = aLocalPaymentNotification();
    reader.signs('good', notification);
    const result = await receive.execute({ signature: 'good', payload: 'payload' });
    expect(result).toEqual({ ok: true, value: { notification, stored: true } });
    expect(inbox.row(notification.id)).toMatchObject({ nextAttemptAt: now, processedAt: null, notification: { receivedAt: now, attempts: 0 } });
  });

  it('keeps a redelivery once: the second answer says it changed nothing', async () => {
    const { inbox, reader, receive } = setUp();
    reader.signs('good', aLocalPaymentNotification());
    await receive.execute({ signature: 'good', payload: 'payload' });
    const again = await receive.execute({ signature: 'good', payload: 'payload' });
    expect(again).toMatchObject({ ok: true, value: { stored: false } });
    expect(inbox.rows.size).toBe(1);
  });

  it.each([
    ['unsigned', { signature: '', payload: 'payload' }, 'WEBHOOK_UNSIGNED'],
    ['without a payload', { signature: 'good', payload: '' }, 'WEBHOOK_UNSIGNED'],
    ['mis-signed', { signature: 'forged', payload: 'payload' }, 'WEBHOOK_SIGNATURE_INVALID'],
  ] as const)('refuses a delivery %s and keeps nothing', async (_case, delivery, code) => {
    const { inbox, reader, receive } = setUp();
    reader.signs('good', aLocalPaymentNotification());
    const result = await receive.execute(delivery);
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(inbox.rows.size).toBe(0);
  });
});
