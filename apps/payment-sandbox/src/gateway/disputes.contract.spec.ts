import braintree from 'braintree';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningBraintreeSandbox } from '../index';
import { sandboxWithSdk } from '../sandbox-with-sdk';

/**
 * Disputes as the provider runs them, through the real `braintree` SDK: the issuer's side through
 * the sandbox's controls, the merchant's through `gateway.dispute` and `gateway.documentUpload`, and
 * every change told by a signed webhook that the SDK's own `webhookNotification.parse` reads.
 */

interface Received {
  readonly signature: string;
  readonly payload: string;
}

let sandbox: RunningBraintreeSandbox;
let gateway: braintree.BraintreeGateway;
/** The same SDK, untyped: its typings miss documentUpload and answer shapes it really has (`{success, dispute}`). */
let api: any;
let server: Server;
const received: Received[] = [];
let files: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      received.push({ signature: form.get('bt_signature') ?? '', payload: form.get('bt_payload') ?? '' });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  ({ sandbox, gateway } = await sandboxWithSdk({ config: { webhookUrl, webhookRetryBaseMs: 50 } }));
  api = gateway;
  files = mkdtempSync(join(tmpdir(), 'disputes-'));
});
afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(files, { recursive: true, force: true });
});
beforeEach(async () => {
  received.length = 0;
  await control('POST', 'webhooks/settings', { held: false, delayNextMs: 0, duplicateNext: 0, dropNext: 0 });
});

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

async function until(wanted: number, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (received.length < wanted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(received.length).toBe(wanted);
}

const parse = async (delivery: Received): Promise<any> => gateway.webhookNotification.parse(delivery.signature, delivery.payload);

async function settledSale(amount = '42.00'): Promise<string> {
  const sold = await gateway.transaction.sale({ amount, paymentMethodNonce: 'fake-valid-visa-nonce', orderId: 'order-dispute', options: { submitForSettlement: true } });
  expect(sold.success).toBe(true);
  await gateway.testing.settle(sold.transaction.id);
  return sold.transaction.id;
}

/** Opens a dispute on a new settled sale and takes its dispute_opened notification. */
async function opened(fields: Record<string, unknown> = {}): Promise<{ id: string; transactionId: string }> {
  const transactionId = await settledSale();
  const answer = await control('POST', 'disputes', { transactionId, ...fields });
  expect(answer.status).toBe(201);
  await until(1);
  received.length = 0;
  return { id: answer.body.id, transactionId };
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

function file(name: string, content: string | Buffer): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

describe('a dispute opened by the issuer', () => {
  it('is found by the SDK, listed on its transaction, and told by a signed dispute_opened the SDK parses', async () => {
    const transactionId = await settledSale();
    const answer = await control('POST', 'disputes', { transactionId, reason: 'product_not_received', amount: '40.00' });
    expect(answer).toMatchObject({ status: 201, body: { status: 'open', transactionId, amount: '40.00', receivedDate: day(0), replyByDate: day(20) } });

    await until(1);
    const notification = await parse(received[0]);
    expect(notification.kind).toBe('dispute_opened');
    expect(notification.dispute).toMatchObject({ id: answer.body.id, status: 'open', reason: 'product_not_received', amountDisputed: '40.00', currencyIsoCode: 'GBP', kind: 'chargeback' });
    expect(notification.dispute.transactionDetails).toMatchObject({ id: transactionId, amount: '42.00', orderId: 'order-dispute' });

    const found: any = (await api.dispute.find(answer.body.id)).dispute;
    expect(found).toBeInstanceOf(braintree.Dispute);
    expect(found).toMatchObject({ id: answer.body.id, status: 'open', amountDisputed: '40.00', amountWon: '0.00', replyByDate: day(20), receivedDate: day(0), evidence: [] });
    expect(found.statusHistory).toEqual([expect.objectContaining({ status: 'open', effectiveDate: day(0) })]);

    const transaction: any = await gateway.transaction.find(transactionId);
    expect(transaction.disputes.map((dispute: any) => [dispute.id, dispute.status])).toEqual([[answer.body.id, 'open']]);
  });

  it('is refused by the control for an unknown sale, a sale with no money taken, a bad reason or amount', async () => {
    expect((await control('POST', 'disputes', { transactionId: 'nosuch' })).status).toBe(404);
    const authorized = await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-valid-visa-nonce' });
    expect((await control('POST', 'disputes', { transactionId: authorized.transaction.id })).status).toBe(409);
    const transactionId = await settledSale();
    expect((await control('POST', 'disputes', { transactionId, reason: 'bored' })).status).toBe(400);
    expect((await control('POST', 'disputes', { transactionId, amount: '42.01' })).status).toBe(400);
    expect((await control('POST', 'disputes', { transactionId, amount: '-1' })).status).toBe(400);
    expect(Object.values(sandbox.context.store.state.disputes).filter((dispute) => dispute.transactionId === transactionId)).toEqual([]);
    expect(received).toEqual([]);
  });

  it('answers NotFoundError for an unknown dispute', async () => {
    await expect(api.dispute.find('nosuch')).rejects.toMatchObject({ type: 'notFoundError' });
    await expect(api.dispute.accept('nosuch')).rejects.toMatchObject({ type: 'notFoundError' });
    await expect(api.dispute.finalize('nosuch')).rejects.toMatchObject({ type: 'notFoundError' });
  });
});

describe('answering a dispute', () => {
  it('takes text and document evidence, removes evidence, finalizes (disputed), and the bank decides it won', async () => {
    const { id } = await opened();
    const text: any = await api.dispute.addTextEvidence(id, { content: 'The licence key was downloaded on the day of purchase.', category: 'DEVICE_ID', sequenceNumber: '1' } as any);
    expect(text).toMatchObject({ success: true, evidence: { id: expect.any(String), comment: 'The licence key was downloaded on the day of purchase.', sequenceNumber: 1 } });

    const upload: any = await api.documentUpload.create({ kind: 'evidence_document', file: createReadStream(file('receipt.pdf', '%PDF-1.4\n% receipt\n')) } as any);
    expect(upload).toMatchObject({ success: true, documentUpload: { id: expect.any(String), kind: 'evidence_document', contentType: 'application/pdf', name: 'receipt.pdf', size: 19 } });
    const document: any = await api.dispute.addFileEvidence(id, upload.documentUpload.id);
    expect(document).toMatchObject({ success: true, evidence: { url: expect.stringContaining(upload.documentUpload.id), comment: null } });

    const extra: any = await api.dispute.addTextEvidence(id, 'a note added by mistake');
    expect(await api.dispute.removeEvidence(id, extra.evidence.id)).toMatchObject({ success: true });
    await expect(api.dispute.removeEvidence(id, extra.evidence.id)).rejects.toMatchObject({ type: 'notFoundError' });

    let found: any = (await api.dispute.find(id)).dispute;
    expect(found.evidence.map((evidence: any) => evidence.id)).toEqual([text.evidence.id, document.evidence.id]);
    expect(found.evidence[0].sentToProcessorAt).toBeNull();

    expect(await api.dispute.finalize(id)).toMatchObject({ success: true });
    found = (await api.dispute.find(id)).dispute;
    expect(found.status).toBe('disputed');
    expect(found.evidence[0].sentToProcessorAt).toBe(day(0));
    await until(1);
    expect(await parse(received[0])).toMatchObject({ kind: 'dispute_disputed', dispute: { id, status: 'disputed' } });

    expect((await control('POST', `disputes/${id}/decide`, { outcome: 'won' })).body.status).toBe('won');
    await until(2);
    expect(await parse(received[1])).toMatchObject({ kind: 'dispute_won', dispute: { id, status: 'won', amountWon: '42.00' } });
    found = (await api.dispute.find(id)).dispute;
    expect(found).toMatchObject({ status: 'won', dateWon: day(0) });
    expect(found.statusHistory.map((entry: any) => entry.status)).toEqual(['open', 'disputed', 'won']);
  });

  it('refuses every action on a dispute that is not open with the provider codes, and changes nothing', async () => {
    const { id } = await opened();
    const evidence: any = await api.dispute.addTextEvidence(id, 'kept');
    expect(await api.dispute.accept(id)).toMatchObject({ success: true });
    await until(1);
    expect(await parse(received[0])).toMatchObject({ kind: 'dispute_accepted', dispute: { id, status: 'accepted' } });

    const codes = async (result: Promise<any>) => ((await result).errors.for('dispute').deepErrors() as any[]).map((error) => error.code);
    expect(await codes(api.dispute.accept(id))).toEqual(['95704']);
    expect(await codes(api.dispute.finalize(id))).toEqual(['95705']);
    expect(await codes(api.dispute.addTextEvidence(id, 'late'))).toEqual(['95701']);
    expect(await codes(api.dispute.removeEvidence(id, evidence.evidence.id))).toEqual(['95702']);
    const refused: any = await api.dispute.accept(id);
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/Open state/);

    expect((await api.dispute.find(id)).dispute).toMatchObject({ status: 'accepted', evidence: [expect.objectContaining({ id: evidence.evidence.id })] });
    expect((await control('POST', `disputes/${id}/decide`, { outcome: 'won' })).status).toBe(409);
    expect((await control('POST', `disputes/${id}/expire`)).status).toBe(409);
    expect(received).toHaveLength(1);
  });

  it('is lost unanswered, or expires past its reply-by date; a won needs a disputed one', async () => {
    const lost = await opened();
    expect((await control('POST', `disputes/${lost.id}/decide`, { outcome: 'won' })).status).toBe(409);
    expect((await control('POST', `disputes/${lost.id}/decide`, { outcome: 'maybe' })).status).toBe(400);
    expect((await control('POST', `disputes/${lost.id}/decide`, { outcome: 'lost' })).body.status).toBe('lost');
    await until(1);
    expect(await parse(received[0])).toMatchObject({ kind: 'dispute_lost', dispute: { id: lost.id, status: 'lost', amountWon: '0.00' } });

    received.length = 0;
    const expired = await opened();
    expect((await control('POST', `disputes/${expired.id}/expire`)).body.status).toBe('expired');
    await until(1);
    expect(await parse(received[0])).toMatchObject({ kind: 'dispute_expired', dispute: { id: expired.id, status: 'expired' } });
    expect((await control('POST', 'disputes/nosuch/expire')).status).toBe(404);
  });
});

describe('document uploads', () => {
  it('refuses a file of another type, an empty one, a PDF that is not one, and another kind, with the provider codes', async () => {
    const upload = async (name: string, content: string, kind: string = 'evidence_document') => {
      const result: any = await api.documentUpload.create({ kind, file: createReadStream(file(name, content)) } as any);
      expect(result.success).toBe(false);
      return (result.errors.for('documentUpload').deepErrors() as any[]).map((error) => error.code);
    };
    expect(await upload('notes.txt', 'hello')).toEqual(['84903']);
    expect(await upload('empty.pdf', '')).toEqual(['84906']);
    expect(await upload('fake.pdf', 'not a pdf')).toEqual(['84904']);
    expect(await upload('receipt.png', 'png', 'identity_document')).toEqual(['84901']);
  });

  it('refuses evidence naming a document that was never uploaded', async () => {
    const { id } = await opened();
    const result: any = await api.dispute.addFileEvidence(id, 'doc_nosuch');
    expect(result.success).toBe(false);
    expect((result.errors.for('dispute').deepErrors() as any[]).map((error) => error.code)).toEqual(['95703']);
  });
});

describe('search and webhook delivery', () => {
  it('finds disputes by transaction id and status', async () => {
    const first = await opened();
    await control('POST', `disputes/${first.id}/expire`);
    await until(1);
    received.length = 0;
    const second = await opened();
    const found: any[] = [];
    await new Promise<void>((resolve, reject) => {
      const stream = api.dispute.search((search: any) => {
        search.transactionId().is(first.transactionId);
      });
      stream.on('data', (dispute: any) => found.push(dispute));
      stream.on('error', reject);
      stream.on('end', () => resolve());
    });
    expect(found.map((dispute) => [dispute.id, dispute.status])).toEqual([[first.id, 'expired']]);
    const open: any[] = [];
    await new Promise<void>((resolve, reject) => {
      const stream = api.dispute.search((search: any) => {
        search.status().in(['open']);
      });
      stream.on('data', (dispute: any) => open.push(dispute.id));
      stream.on('error', reject);
      stream.on('end', () => resolve());
    });
    expect(open).toContain(second.id);
    expect(open).not.toContain(first.id);
  });

  it('keeps the delivery controls: a held, duplicated dispute notification, sent again on demand', async () => {
    const { id } = await opened();
    await control('POST', 'webhooks/settings', { held: true, duplicateNext: 1 });
    expect(await api.dispute.finalize(id)).toMatchObject({ success: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(0);
    await control('POST', 'webhooks/settings', { held: false });
    await until(2);
    const [first, copy] = await Promise.all(received.map(parse));
    expect(first).toEqual(copy);
    expect(first).toMatchObject({ kind: 'dispute_disputed', dispute: { id } });

    const sent = await control('POST', 'webhooks/send', { kind: 'dispute_disputed', id });
    expect(sent).toMatchObject({ status: 201, body: { kind: 'dispute_disputed', subjectId: id } });
    await until(3);
    expect(await parse(received[2])).toMatchObject({ kind: 'dispute_disputed', dispute: { id, status: 'disputed' } });
    expect((await control('POST', 'webhooks/send', { kind: 'dispute_won', id: 'nosuch' })).status).toBe(404);
  });
});
