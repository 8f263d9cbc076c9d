import type { DisputeGateway, ProviderDispute, ProviderDisputeStatus } from '@store/application';
import { DomainError } from '@store/domain';
import type braintree from 'braintree';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The provider's codes for an action on a dispute that is no longer open (its Dispute validation errors). */
const NOT_OPEN = new Set(['95701', '95702', '95704', '95705']);

/** The provider's statuses in the store's words; auto_accepted is an acceptance the account's settings made. */
const STATUSES: Readonly<Record<string, ProviderDisputeStatus>> = {
  open: 'open',
  accepted: 'accepted',
  auto_accepted: 'accepted',
  disputed: 'disputed',
  won: 'won',
  lost: 'lost',
  expired: 'expired',
};

/** The file types the provider takes as evidence, by content type, with the extension its SDK reads the type from. */
const EVIDENCE_EXTENSIONS: Readonly<Record<string, string>> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

type SdkEvidence = { id?: string; comment?: string | null; url?: string | null; createdAt?: string | null };
type SdkDispute = {
  id: string;
  status?: string;
  reason?: string | null;
  amount?: string | null;
  amountDisputed?: string | null;
  currencyIsoCode?: string | null;
  replyByDate?: string | null;
  receivedDate?: string | null;
  transaction?: { id?: string } | null;
  transactionDetails?: { id?: string } | null;
  evidence?: SdkEvidence[] | null;
};
type SdkResult = { success: boolean; message?: string; errors?: { deepErrors(): { code: string }[] }; evidence?: { id: string }; documentUpload?: { id: string } };

const notFound = (error: unknown) => (error as { type?: string }).type === 'notFoundError';
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/**
 * The card gateway's disputes (chargebacks) through its server SDK. The provider's refusals become
 * the store's errors: an action on a dispute that is not open any more DISPUTE_NOT_OPEN, evidence it
 * will not take DISPUTE_EVIDENCE_REFUSED, an unknown dispute DISPUTE_NOT_FOUND; anything else
 * (unreachable, a timeout) is thrown as it came.
 */
export class BraintreeDisputes implements DisputeGateway {
  constructor(private readonly sdk: braintree.BraintreeGateway) {}

  async find(disputeId: string): Promise<ProviderDispute | null> {
    let dispute: SdkDispute;
    try {
      // The SDK answers `{success, dispute}` here, whatever its typings say.
      dispute = ((await this.sdk.dispute.find(disputeId)) as unknown as { dispute: SdkDispute }).dispute;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
    return {
      id: dispute.id,
      status: STATUSES[dispute.status ?? ''] ?? 'other',
      reason: text(dispute.reason),
      amount: text(dispute.amountDisputed) ?? text(dispute.amount) ?? '0.00',
      currency: text(dispute.currencyIsoCode) ?? '',
      replyByDate: text(dispute.replyByDate),
      receivedDate: text(dispute.receivedDate),
      transactionId: text(dispute.transactionDetails?.id) ?? text(dispute.transaction?.id) ?? '',
      evidence: (dispute.evidence ?? []).map((evidence) => ({ id: String(evidence.id), comment: text(evidence.comment), url: text(evidence.url), createdAt: text(evidence.createdAt) })),
    };
  }

  async accept(disputeId: string): Promise<void> {
    checked(await this.act(() => this.sdk.dispute.accept(disputeId)));
  }

  async finalize(disputeId: string): Promise<void> {
    checked(await this.act(() => this.sdk.dispute.finalize(disputeId)));
  }

  async addTextEvidence(disputeId: string, content: string): Promise<{ readonly evidenceId: string }> {
    // The SDK refuses empty text itself (InvalidKeysError) before asking the provider.
    if (content.trim() === '') throw new DomainError('DISPUTE_EVIDENCE_REFUSED', { data: { provider: 'the text is empty' } });
    const result = checked(await this.act(() => this.sdk.dispute.addTextEvidence(disputeId, { content })));
    return { evidenceId: String(result.evidence?.id) };
  }

  /**
   * Uploads the file (`documentUpload.create`, which reads it from disk by its path, so it is written
   * to a private temporary folder for the upload and removed after), then attaches it as evidence.
   */
  async addFileEvidence(disputeId: string, file: { readonly name: string; readonly contentType: string; readonly bytes: Uint8Array }): Promise<{ readonly evidenceId: string }> {
    const extension = EVIDENCE_EXTENSIONS[file.contentType.toLowerCase()];
    if (!extension) throw new DomainError('DISPUTE_EVIDENCE_REFUSED', { data: { provider: `the provider takes PDF, PNG and JPEG files, not ${file.contentType}` } });
    const folder = await mkdtemp(join(tmpdir(), 'dispute-evidence-'));
    // Only a safe name goes to the provider (it shows it to the bank); the extension says the type.
    const stem = file.name.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || `evidence-${randomBytes(4).toString('hex')}`;
    const path = join(folder, `${stem}.${extension}`);
    let stream: ReturnType<typeof createReadStream> | null = null;
    try {
      await writeFile(path, file.bytes, { mode: 0o600 });
      // The SDK wants a stream but reads the file by its path; the stream is only closed again.
      stream = createReadStream(path).on('error', () => undefined);
      const uploaded = (await (this.sdk as unknown as { documentUpload: { create(options: unknown): Promise<SdkResult> } }).documentUpload.create({ kind: 'evidence_document', file: stream })) as SdkResult;
      const document = checked(uploaded);
      const attached = checked(await this.act(() => this.sdk.dispute.addFileEvidence(disputeId, { documentId: String(document.documentUpload?.id) })));
      return { evidenceId: String(attached.evidence?.id) };
    } finally {
      stream?.destroy();
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Runs one call on a dispute; an unknown dispute is the store's DISPUTE_NOT_FOUND. */
  private async act(call: () => Promise<unknown>): Promise<SdkResult> {
    try {
      return (await call()) as SdkResult;
    } catch (error) {
      if (notFound(error)) throw new DomainError('DISPUTE_NOT_FOUND');
      throw error;
    }
  }
}

/** A successful result, or the store's error for the provider's refusal. */
function checked(result: SdkResult): SdkResult {
  if (result.success) return result;
  const codes = result.errors?.deepErrors().map((error) => String(error.code)) ?? [];
  const provider = `${result.message ?? 'refused'} (${codes.join(', ')})`;
  if (codes.some((code) => NOT_OPEN.has(code))) throw new DomainError('DISPUTE_NOT_OPEN', { data: { provider } });
  // Any other Dispute (957xx) or DocumentUpload (849xx) validation error is about the evidence.
  if (codes.some((code) => code.startsWith('957') || code.startsWith('849'))) throw new DomainError('DISPUTE_EVIDENCE_REFUSED', { data: { provider } });
  throw new Error(`The card gateway refused the dispute call: ${provider}`);
}
