import braintree from 'braintree';
import { BraintreeNotificationReader, notificationIdOf } from './braintree-notification-reader';

// The store's keys, and the SDK's own signing (webhookTesting) standing in for the provider.
const keys = { merchantId: 'store_merchant', publicKey: 'store_public', privateKey: 'store_private' };
const sdk = new braintree.BraintreeGateway({ environment: braintree.Environment.Sandbox, ...keys });
const stranger = new braintree.BraintreeGateway({ environment: braintree.Environment.Sandbox, ...keys, privateKey: 'someone_elses_private' });
const otherKey = new braintree.BraintreeGateway({ environment: braintree.Environment.Sandbox, ...keys, publicKey: 'another_public' });
const reader = new BraintreeNotificationReader(sdk);

const sample = async (kind: string, id = 'tx_1', gateway = sdk) => {
  // Typed as a promise, answered at once: awaiting suits both.
  const signed = await gateway.webhookTesting.sampleNotification(kind as braintree.WebhookNotificationKind, id);
  return { signature: signed.bt_signature, payload: signed.bt_payload };
};
/** The SDK's sample XML for `kind` with `edit` applied, signed by the SDK with the store's keys. */
const signedXml = (xml: string) => {
  const payload = `${Buffer.from(xml).toString('base64')}\n`;
  return { signature: (sdk.webhookTesting as unknown as { sampleSignature(p: string): string }).sampleSignature(payload), payload };
};

describe('BraintreeNotificationReader', () => {
  it('reads a completed local payment in our words, with its id a digest of the signed content', async () => {
    const delivery = await sample('local_payment_completed');
    const read = await reader.read(delivery);
    expect(read).toEqual({
      ok: true,
      value: {
        id: notificationIdOf(delivery.payload),
        gateway: 'braintree',
        kind: 'local-payment-completed',
        providerKind: 'local_payment_completed',
        occurredAt: expect.any(Date),
        subject: {
          type: 'local-payment',
          paymentId: 'a-payment-id',
          payerId: 'a-payer-id',
          paymentMethodNonce: 'ee257d98-de40-47e8-96b3-a6954ea7a9a4',
          transaction: { id: '1', status: 'authorizing', amount: '10.00', currency: null, orderId: 'order1234' },
        },
      },
    });
    expect(read.ok && read.value.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the BLIK one-click aliases a completed payment names, leaving out one without a key', async () => {
    const aliases =
      '<blik-aliases type="array"><blik-alias><key>12345678901234567890</key><label>Test shop</label></blik-alias>' +
      '<blik-alias><label>no key</label></blik-alias><blik-alias><key>42</key></blik-alias></blik-aliases>';
    const read = await reader.read(
      signedXml(
        `<notification><timestamp type="datetime">2026-11-26T10:00:00Z</timestamp><kind>local_payment_completed</kind><subject><local-payment><payment-id>PAY-1</payment-id><payer-id>p</payer-id>${aliases}</local-payment></subject></notification>`,
      ),
    );
    expect(read).toMatchObject({
      ok: true,
      value: { subject: { type: 'local-payment', paymentId: 'PAY-1', blikAliases: [{ key: '12345678901234567890', label: 'Test shop' }, { key: '42', label: '42' }] } },
    });
    const none = await reader.read(
      signedXml('<notification><timestamp type="datetime">2026-11-26T10:00:00Z</timestamp><kind>local_payment_completed</kind><subject><local-payment><payment-id>PAY-2</payment-id><blik-aliases type="array"/></local-payment></subject></notification>'),
    );
    expect(none).toMatchObject({ ok: true, value: { subject: { paymentId: 'PAY-2' } } });
    expect(none.ok && 'blikAliases' in none.value.subject).toBe(false);
  });

  it.each([
    ['local_payment_expired', 'local-payment-expired', { type: 'local-payment', paymentId: 'a-payment-id', payerId: null, paymentMethodNonce: null, transaction: null }],
    ['local_payment_reversed', 'local-payment-reversed', { type: 'local-payment', paymentId: 'a-payment-id', payerId: null, paymentMethodNonce: null, transaction: null }],
    [
      'local_payment_funded',
      'local-payment-funded',
      { type: 'local-payment', paymentId: 'a-payment-id', payerId: null, paymentMethodNonce: null, transaction: { id: '1', status: 'settled', amount: '10.00', currency: null, orderId: 'order1234' } },
    ],
    ['transaction_settled', 'transaction-settled', { type: 'transaction', id: 'tx_1', status: 'settled', amount: '100', currency: 'USD', orderId: null }],
    ['transaction_settlement_declined', 'transaction-settlement-declined', { type: 'transaction', id: 'tx_1', status: 'settlement_declined', amount: '100', currency: 'USD', orderId: null }],
    ['dispute_opened', 'dispute-opened', { type: 'dispute', id: 'tx_1', status: 'open', reason: 'fraud', amount: '250.00', currency: 'USD', transactionId: 'tx_1' }],
    ['check', 'check', { type: 'check' }],
    ['subscription_canceled', 'other', { type: 'other' }],
  ])('reads %s as %s', async (providerKind, kind, subject) => {
    const read = await reader.read(await sample(providerKind));
    expect(read).toMatchObject({ ok: true, value: { kind, providerKind, subject } });
  });

  it.each([
    ['dispute_opened', 'dispute-opened', 'open'],
    ['dispute_accepted', 'dispute-accepted', 'accepted'],
    ['dispute_disputed', 'dispute-disputed', 'disputed'],
    ['dispute_won', 'dispute-won', 'won'],
    ['dispute_lost', 'dispute-lost', 'lost'],
    ['dispute_expired', 'dispute-expired', 'expired'],
  ])('reads %s as %s, with the dispute, its transaction and reply-by date', async (providerKind, kind, status) => {
    const read = await reader.read(await sample(providerKind, 'dp_1'));
    expect(read).toMatchObject({
      ok: true,
      value: { kind, providerKind, subject: { type: 'dispute', id: 'dp_1', status, reason: 'fraud', amount: '250.00', currency: 'USD', transactionId: 'dp_1', replyByDate: '2014-03-21' } },
    });
  });

  it('gives a redelivery the same id, with or without the line break after the payload, and another notification another', async () => {
    const delivery = await sample('check');
    const first = await reader.read(delivery);
    const again = await reader.read({ ...delivery, payload: delivery.payload.trimEnd() });
    expect(again.ok && again.value.id).toBe(first.ok && first.value.id);
    const xml = Buffer.from(delivery.payload, 'base64').toString('utf8').replace(/<timestamp([^>]*)>[^<]+</, '<timestamp$1>2020-01-01T00:00:00Z<');
    const other = await reader.read(signedXml(xml));
    expect(other.ok && other.value.id).not.toBe(first.ok && first.value.id);
    expect(other.ok && other.value.occurredAt).toEqual(new Date('2020-01-01T00:00:00Z'));
  });

  it.each([
    ['without a signature', async () => ({ ...(await sample('check')), signature: '' }), 'WEBHOOK_UNSIGNED'],
    ['without a payload', async () => ({ ...(await sample('check')), payload: '' }), 'WEBHOOK_UNSIGNED'],
    ['signed with another private key', () => sample('check', 'x', stranger), 'WEBHOOK_SIGNATURE_INVALID'],
    ['signed for another public key', () => sample('check', 'x', otherKey), 'WEBHOOK_SIGNATURE_INVALID'],
    [
      'tampered with after signing',
      async () => {
        const delivery = await sample('local_payment_completed');
        const xml = Buffer.from(delivery.payload, 'base64').toString('utf8').replace('a-payment-id', 'PAY-STOLEN');
        return { ...delivery, payload: `${Buffer.from(xml).toString('base64')}\n` };
      },
      'WEBHOOK_SIGNATURE_INVALID',
    ],
    ['with characters outside base64', async () => ({ ...(await sample('check')), payload: '<notification/>' }), 'WEBHOOK_PAYLOAD_MALFORMED'],
    ['signed but not XML', () => signedXml('not xml at all <'), 'WEBHOOK_PAYLOAD_MALFORMED'],
    ['signed but not a notification', () => signedXml('<foo>1</foo>'), 'WEBHOOK_PAYLOAD_MALFORMED'],
    ['signed but without its kind', () => signedXml('<notification><timestamp type="datetime">2026-11-26T10:00:00Z</timestamp><subject><check type="boolean">true</check></subject></notification>'), 'WEBHOOK_PAYLOAD_MALFORMED'],
    [
      'signed, a completed local payment without its payment id',
      () => signedXml('<notification><timestamp type="datetime">2026-11-26T10:00:00Z</timestamp><kind>local_payment_completed</kind><subject><local-payment><payer-id>p</payer-id></local-payment></subject></notification>'),
      'WEBHOOK_PAYLOAD_MALFORMED',
    ],
    [
      'signed, with a timestamp that is not a date',
      () => signedXml('<notification><timestamp>soon</timestamp><kind>check</kind><subject><check type="boolean">true</check></subject></notification>'),
      'WEBHOOK_PAYLOAD_MALFORMED',
    ],
  ])('refuses a delivery %s', async (_case, delivery, code) => {
    const read = await reader.read(await delivery());
    expect(read).toMatchObject({ ok: false, error: { code, reason: expect.any(String) } });
  });
});
