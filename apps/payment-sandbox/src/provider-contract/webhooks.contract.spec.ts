import braintree from 'braintree';
import type { LocalPaymentRecord, TransactionRecord } from '../store';
import { localPaymentSubject, signedNotification, transactionSubject, type WebhookKind } from '../webhooks/notifications';
import { describeSandboxOnly, futureExpiry, uniqueId } from './target';
import { useContractTarget } from './suite';

/**
 * Webhooks as the SDK reads them: `webhookTesting.sampleNotification(kind, id)` parsed by
 * `webhookNotification.parse` (both targets: the SDK signs its samples with the target's keys), and
 * the sandbox's own notifications, signed with its keys, parsed into the same shape as the SDK's
 * samples for each kind the store handles.
 */

const { target, gateway } = useContractTarget();

type Loose = Record<string, unknown>;

/** The notification's subject under the SDK's name for the kind. */
const SUBJECT_OF: Readonly<Record<string, string>> = {
  transaction_settled: 'transaction',
  transaction_settlement_declined: 'transaction',
  dispute_opened: 'dispute',
  local_payment_completed: 'localPaymentCompleted',
  local_payment_expired: 'localPaymentExpired',
  local_payment_funded: 'localPaymentFunded',
  local_payment_reversed: 'localPaymentReversed',
};

async function parse(signed: { bt_signature: string; bt_payload: string } | { btSignature: string; btPayload: string }): Promise<Loose> {
  const [signature, payload] = 'bt_signature' in signed ? [signed.bt_signature, signed.bt_payload] : [signed.btSignature, signed.btPayload];
  return (await gateway.webhookNotification.parse(signature, payload)) as unknown as Loose;
}

// The SDK answers the sample at once; its typings say a promise, which awaiting covers either way.
const sample = async (kind: string, id: string) => parse(await gateway.webhookTesting.sampleNotification(kind as braintree.WebhookNotificationKind, id));

describe("the SDK's samples", () => {
  it('parse with the target keys: a settled transaction names its id and status', async () => {
    const id = uniqueId('txn');
    const notification = await sample('transaction_settled', id);
    expect(notification.kind).toBe('transaction_settled');
    expect(notification.timestamp).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect(notification.transaction).toMatchObject({ id, status: 'settled' });
  });

  it('refuse a payload signed with other keys', async () => {
    const signed = await gateway.webhookTesting.sampleNotification('transaction_settled' as braintree.WebhookNotificationKind, 'x');
    await expect(gateway.webhookNotification.parse(signed.bt_signature.replace(/\|.*/, '|0000'), signed.bt_payload)).rejects.toMatchObject({ type: 'invalidSignatureError' });
  });
});

/**
 * Every key of the SDK sample's subject is in ours, with a value of the same kind where both have
 * one (the values themselves differ: the samples are canned).
 */
function expectSameShape(ours: Loose, theirs: Loose, path: string): void {
  for (const [key, value] of Object.entries(theirs)) {
    if (typeof value === 'function') continue;
    expect({ path: `${path}.${key}`, present: key in ours }).toEqual({ path: `${path}.${key}`, present: true });
    const mine = ours[key];
    if (value === null || value === undefined || mine === null || mine === undefined) continue;
    expect({ path: `${path}.${key}`, kind: Array.isArray(mine) ? 'array' : typeof mine }).toEqual({ path: `${path}.${key}`, kind: Array.isArray(value) ? 'array' : typeof value });
    if (value instanceof Date) expect(mine).toBeInstanceOf(Date);
    else if (typeof value === 'object' && !Array.isArray(value) && ['transaction'].includes(key)) expectSameShape(mine as Loose, value as Loose, `${path}.${key}`);
  }
}

describeSandboxOnly("the sandbox's own notifications", () => {
  const context = () => {
    const sandbox = target.sandbox;
    if (!sandbox) throw new Error('the local sandbox is not running');
    return sandbox.context;
  };

  async function settledSale(): Promise<TransactionRecord> {
    const sold = await gateway.transaction.sale({ amount: '10.00', creditCard: { number: '4111111111111111', expirationDate: futureExpiry().date }, options: { submitForSettlement: true } });
    await gateway.testing.settle(sold.transaction.id);
    return context().store.state.transactions[sold.transaction.id];
  }

  /** A US bank account debit the bank settled: what the SDK's transaction samples describe. */
  async function settledBankDebit(): Promise<TransactionRecord> {
    const sold = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-us-bank-account-nonce', merchantAccountId: 'store_USD' });
    expect(sold.transaction.status).toBe('settlement_pending');
    await gateway.testing.settle(sold.transaction.id);
    return context().store.state.transactions[sold.transaction.id];
  }

  function localPayment(transaction: TransactionRecord | null, status: LocalPaymentRecord['status']): LocalPaymentRecord {
    const now = new Date().toISOString();
    return {
      paymentId: uniqueId('PAY'),
      token: uniqueId('EC'),
      paymentType: 'mbway',
      deferred: true,
      amount: '10.00',
      currency: 'EUR',
      merchantAccountId: 'store_EUR',
      displayName: 'Contract',
      payerEmail: null,
      givenName: 'Contract',
      surname: 'Payer',
      returnUrl: null,
      cancelUrl: null,
      customerId: null,
      createdAt: now,
      status,
      payerId: 'SBXLOCALPAYER',
      nonce: 'tokencc_sb_contract',
      transactionId: transaction?.id ?? null,
      updatedAt: now,
    };
  }

  it.each(['transaction_settled', 'transaction_settlement_declined', 'dispute_opened'] as const)('%s parses into the shape of the SDK sample', async (kind) => {
    const transaction = kind === 'dispute_opened' ? await settledSale() : await settledBankDebit();
    const ours = await parse(signedNotification(context().config, kind, transactionSubject(context(), kind, transaction)));
    const theirs = await sample(kind, transaction.id);
    expect(ours.kind).toBe(kind);
    expect(ours.timestamp).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    const field = SUBJECT_OF[kind];
    expectSameShape(ours[field] as Loose, theirs[field] as Loose, field);
    if (kind === 'dispute_opened') expect(ours.dispute).toMatchObject({ status: 'open', kind: 'chargeback', transaction: expect.objectContaining({ id: transaction.id }) });
    else expect(ours.transaction).toMatchObject({ id: transaction.id, status: kind === 'transaction_settled' ? 'settled' : 'settlement_declined', amount: '10.00' });
  });

  it.each(['local_payment_completed', 'local_payment_expired', 'local_payment_funded', 'local_payment_reversed'] as const)('%s parses into the shape of the SDK sample', async (kind: WebhookKind) => {
    const transaction = kind === 'local_payment_completed' || kind === 'local_payment_funded' ? await settledSale() : null;
    const payment = localPayment(transaction, 'sold');
    const ours = await parse(signedNotification(context().config, kind, localPaymentSubject(context(), kind, payment)));
    const theirs = await sample(kind, payment.paymentId);
    expect(ours.kind).toBe(kind);
    const field = SUBJECT_OF[kind];
    expectSameShape(ours[field] as Loose, theirs[field] as Loose, field);
    expect(ours[field]).toMatchObject({ paymentId: payment.paymentId });
  });
});
