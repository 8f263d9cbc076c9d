import { DomainError } from '@store/domain';
import { gatewayFor, startBraintreeSandbox, type RunningBraintreeSandbox } from '@store/payment-sandbox';
import type braintree from 'braintree';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { BraintreeDisputes } from './braintree-disputes';
import { BraintreeNotificationReader } from './braintree-notification-reader';

// Our adapter through the real braintree SDK against the project's card sandbox, in-process: the
// issuer's side (opening and deciding disputes) through the sandbox's controls.
let sandbox: RunningBraintreeSandbox;
let sdk: braintree.BraintreeGateway;
let disputes: BraintreeDisputes;

beforeAll(async () => {
  sandbox = await startBraintreeSandbox();
  sdk = gatewayFor(sandbox);
  disputes = new BraintreeDisputes(sdk);
});
afterAll(() => sandbox?.close());

async function control(path: string, body: unknown = {}): Promise<{ status: number; body: { id: string; status: string } }> {
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { id: string; status: string } };
}

async function openDispute(): Promise<{ disputeId: string; transactionId: string }> {
  const sold = await sdk.transaction.sale({ amount: '59.99', paymentMethodNonce: 'fake-valid-visa-nonce', options: { submitForSettlement: true } });
  await sdk.testing.settle(sold.transaction.id);
  const opened = await control('disputes', { transactionId: sold.transaction.id, reason: 'product_not_received' });
  expect(opened.status).toBe(201);
  return { disputeId: opened.body.id, transactionId: sold.transaction.id };
}

const errorName = (error: unknown) => (error instanceof DomainError ? error.errorName : error);
const today = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const pdf = new TextEncoder().encode('%PDF-1.4\n% delivery receipt\n');

describe('BraintreeDisputes', () => {
  it('reads an open dispute in the store words, and null for an unknown one', async () => {
    const { disputeId, transactionId } = await openDispute();
    expect(await disputes.find(disputeId)).toEqual({
      id: disputeId,
      status: 'open',
      reason: 'product_not_received',
      amount: '59.99',
      currency: 'GBP',
      replyByDate: today(20),
      receivedDate: today(),
      transactionId,
      evidence: [],
    });
    expect(await disputes.find('nosuchdispute')).toBeNull();
  });

  it('adds text and file evidence, finalizes, and the dispute reads disputed then won', async () => {
    const { disputeId } = await openDispute();
    const text = await disputes.addTextEvidence(disputeId, 'The licence was activated on 3 devices.');
    const leftovers = () => readdirSync(tmpdir()).filter((name) => name.startsWith('dispute-evidence-')).length;
    const before = leftovers();
    const file = await disputes.addFileEvidence(disputeId, { name: 'Delivery receipt (final).pdf', contentType: 'application/pdf', bytes: pdf });
    // The file written for the SDK's upload is gone again.
    expect(leftovers()).toBe(before);
    const found = await disputes.find(disputeId);
    expect(found?.evidence).toEqual([
      { id: text.evidenceId, comment: 'The licence was activated on 3 devices.', url: null, createdAt: expect.any(String) },
      { id: file.evidenceId, comment: null, url: expect.stringContaining('/document-uploads/'), createdAt: expect.any(String) },
    ]);
    const upload = Object.values(sandbox.context.store.state.documentUploads).at(-1);
    expect(upload).toMatchObject({ name: 'Delivery-receipt-final.pdf', contentType: 'application/pdf', size: pdf.length });

    await disputes.finalize(disputeId);
    expect((await disputes.find(disputeId))?.status).toBe('disputed');
    expect((await control(`disputes/${disputeId}/decide`, { outcome: 'won' })).status).toBe(200);
    expect((await disputes.find(disputeId))?.status).toBe('won');
  });

  it('turns the provider refusals into DISPUTE_NOT_OPEN, DISPUTE_EVIDENCE_REFUSED and DISPUTE_NOT_FOUND', async () => {
    const { disputeId } = await openDispute();
    await disputes.accept(disputeId);
    expect((await disputes.find(disputeId))?.status).toBe('accepted');
    expect(errorName(await disputes.accept(disputeId).catch((error: unknown) => error))).toBe('DISPUTE_NOT_OPEN');
    expect(errorName(await disputes.finalize(disputeId).catch((error: unknown) => error))).toBe('DISPUTE_NOT_OPEN');
    expect(errorName(await disputes.addTextEvidence(disputeId, 'too late').catch((error: unknown) => error))).toBe('DISPUTE_NOT_OPEN');
    expect(errorName(await disputes.addFileEvidence(disputeId, { name: 'late.pdf', contentType: 'application/pdf', bytes: pdf }).catch((error: unknown) => error))).toBe('DISPUTE_NOT_OPEN');

    const open = await openDispute();
    // A type the provider does not take, a file it cannot read, text over its limit, and no text.
    expect(errorName(await disputes.addFileEvidence(open.disputeId, { name: 'notes.txt', contentType: 'text/plain', bytes: pdf }).catch((error: unknown) => error))).toBe('DISPUTE_EVIDENCE_REFUSED');
    expect(errorName(await disputes.addFileEvidence(open.disputeId, { name: 'fake.pdf', contentType: 'application/pdf', bytes: new TextEncoder().encode('not a pdf') }).catch((error: unknown) => error))).toBe('DISPUTE_EVIDENCE_REFUSED');
    expect(errorName(await disputes.addTextEvidence(open.disputeId, 'x'.repeat(3001)).catch((error: unknown) => error))).toBe('DISPUTE_EVIDENCE_REFUSED');
    expect(errorName(await disputes.addTextEvidence(open.disputeId, '   ').catch((error: unknown) => error))).toBe('DISPUTE_EVIDENCE_REFUSED');
    expect((await disputes.find(open.disputeId))?.evidence).toEqual([]);

    expect(errorName(await disputes.accept('nosuchdispute').catch((error: unknown) => error))).toBe('DISPUTE_NOT_FOUND');
    expect(errorName(await disputes.addTextEvidence('nosuchdispute', 'hello').catch((error: unknown) => error))).toBe('DISPUTE_NOT_FOUND');
  });

  it("has every notification of a dispute's life read by the store's reader in the store's words", async () => {
    const reader = new BraintreeNotificationReader(sdk);
    const { disputeId, transactionId } = await openDispute();
    await disputes.finalize(disputeId);
    await control(`disputes/${disputeId}/decide`, { outcome: 'lost' });
    const deliveries = Object.values(sandbox.context.store.state.webhooks)
      .filter((delivery) => delivery.subjectId === disputeId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const read = await Promise.all(deliveries.map((delivery) => reader.read({ signature: delivery.btSignature, payload: delivery.btPayload })));
    expect(read.map((result) => (result.ok ? [result.value.kind, result.value.subject] : result.error))).toEqual(
      (['dispute-opened', 'dispute-disputed', 'dispute-lost'] as const).map((kind, index) => [
        kind,
        { type: 'dispute', id: disputeId, status: ['open', 'disputed', 'lost'][index], reason: 'product_not_received', amount: '59.99', currency: 'GBP', transactionId, replyByDate: today(20) },
      ]),
    );
  });

  it('reads lost and expired disputes', async () => {
    const lost = await openDispute();
    await control(`disputes/${lost.disputeId}/decide`, { outcome: 'lost' });
    expect((await disputes.find(lost.disputeId))?.status).toBe('lost');
    const expired = await openDispute();
    await control(`disputes/${expired.disputeId}/expire`);
    expect((await disputes.find(expired.disputeId))?.status).toBe('expired');
  });
});
