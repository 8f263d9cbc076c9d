import { NOTIFICATION_RETRY, notificationRetryDelayMs, notificationSubjectKey } from './provider-notifications';

describe('provider notifications', () => {
  it('waits 5 s before the first retry, twice as long each time after, never more than an hour', () => {
    expect([1, 2, 3, 4].map(notificationRetryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(notificationRetryDelayMs(11)).toBe(NOTIFICATION_RETRY.maxDelayMs);
    expect(notificationRetryDelayMs(5_000)).toBe(NOTIFICATION_RETRY.maxDelayMs);
  });

  it('groups notifications by what they are about, within their gateway', () => {
    const base = { id: 'n-1', gateway: 'braintree' as const };
    const localPayment = { type: 'local-payment' as const, paymentId: 'PAY-1', payerId: null, paymentMethodNonce: null, transaction: null };
    expect(notificationSubjectKey({ ...base, subject: localPayment })).toBe('braintree:local-payment:PAY-1');
    expect(notificationSubjectKey({ ...base, id: 'n-2', subject: localPayment })).toBe('braintree:local-payment:PAY-1');
    expect(notificationSubjectKey({ ...base, subject: { type: 'transaction', id: 'tx-1', status: 'settled', amount: '1.00', currency: 'EUR', orderId: null } })).toBe(
      'braintree:transaction:tx-1',
    );
    expect(notificationSubjectKey({ ...base, subject: { type: 'dispute', id: 'd-1', status: 'open', reason: null, amount: null, currency: null, transactionId: null } })).toBe(
      'braintree:dispute:d-1',
    );
    // A ping is about nothing else: a subject of its own.
    expect(notificationSubjectKey({ ...base, subject: { type: 'check' } })).toBe('braintree:notification:n-1');
  });
});
