import { DomainError, minorUnitDigits, type Customer } from '@store/domain';
import type { OrderRepository } from '../orders/orders.ports';
import type { HandlingResult, ProviderNotificationHandler, StoredProviderNotification } from '../payments/notifications/provider-notifications.ports';
import type { Clock, IdGenerator } from '../shared/ports';
import type { DisputeGateway } from './back-office-gateways.ports';
import type { AuditLog, DisputeStore, Operator, StoredDisputeStatus } from './back-office.ports';
import { disputeLostNoticeMail } from './refund-mails';

/** The provider's decimal text in minor units of its currency; null when it cannot be read. */
export function decimalToMinor(amount: string | null, currency: string | null): number | null {
  if (!amount || !currency || !/^\d{1,12}(\.\d{1,4})?$/.test(amount)) return null;
  const digits = minorUnitDigits(currency);
  const [whole, fraction = ''] = amount.split('.');
  if (fraction.length > digits && /[1-9]/.test(fraction.slice(digits))) return null;
  return Number(whole) * 10 ** digits + Number((fraction + '0'.repeat(digits)).slice(0, digits) || '0');
}

const STATUS_OF_KIND: Readonly<Record<string, StoredDisputeStatus>> = {
  'dispute-opened': 'open',
  'dispute-accepted': 'accepted',
  'dispute-disputed': 'disputed',
  'dispute-won': 'won',
  'dispute-lost': 'lost',
  'dispute-expired': 'expired',
};

const providerStatus = (status: string): StoredDisputeStatus | null => {
  const known: readonly StoredDisputeStatus[] = ['open', 'accepted', 'disputed', 'won', 'lost', 'expired'];
  return (known as readonly string[]).includes(status) ? (status as StoredDisputeStatus) : null;
};

/**
 * The card gateway's dispute notifications: each opens or moves the order's dispute. A lost one,
 * or one the store accepted (the cardholder keeps the money either way), takes the order's keys
 * back and tells the shopper, once, however often the notification comes.
 */
export class DisputeNotifications implements ProviderNotificationHandler {
  constructor(
    private readonly disputes: DisputeStore,
    private readonly orders: Pick<OrderRepository, 'find'>,
    private readonly customers: { findById(id: string): Promise<Customer | null> },
    private readonly storeUrl: string,
  ) {}

  async handle(notification: StoredProviderNotification): Promise<HandlingResult> {
    const { subject } = notification;
    if (subject.type !== 'dispute') return { outcome: 'not-a-dispute' };
    const status = STATUS_OF_KIND[notification.kind] ?? providerStatus(subject.status) ?? 'other';
    const stored = await this.disputes.record({
      id: subject.id,
      gateway: notification.gateway,
      transactionId: subject.transactionId,
      status,
      reason: subject.reason,
      amountMinor: decimalToMinor(subject.amount, subject.currency),
      currency: subject.currency,
      replyBy: subject.replyByDate ?? null,
      occurredAt: notification.occurredAt,
    });
    if (!stored.orderNumber) return { outcome: 'no-order' };
    if ((stored.status !== 'lost' && stored.status !== 'accepted') || stored.keysRevoked) return { outcome: stored.status };
    const order = await this.orders.find(stored.orderNumber);
    const customer = order ? await this.customers.findById(order.customerId) : null;
    const revoked = await this.disputes.revokeForLoss(stored.id, order && customer ? disputeLostNoticeMail(order, customer, this.storeUrl) : null);
    return { outcome: revoked ? `${stored.status}-keys-revoked` : stored.status };
  }
}

/** What finance does with a dispute: evidence, then accept it or contest it; the provider decides the rest. */
export class HandleDispute {
  constructor(
    private readonly disputes: DisputeStore,
    private readonly gateway: DisputeGateway | null,
    private readonly ids: IdGenerator,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async addTextEvidence(operator: Operator, disputeId: string, text: string, requestId: string | null): Promise<void> {
    const dispute = await this.open(disputeId);
    const { evidenceId } = await this.provider().addTextEvidence(dispute.id, text);
    await this.disputes.addEvidence(dispute.id, { id: evidenceId || this.ids.next(), kind: 'text', summary: text, operatorId: operator.id });
    await this.audit.append({ operatorId: operator.id, action: 'dispute.evidence', subjectType: 'dispute', subjectId: dispute.id, after: { evidence_id: evidenceId, kind: 'text', text: text.slice(0, 500) }, requestId });
  }

  async addFileEvidence(operator: Operator, disputeId: string, file: { readonly name: string; readonly contentType: string; readonly bytes: Uint8Array }, requestId: string | null): Promise<void> {
    const dispute = await this.open(disputeId);
    const { evidenceId } = await this.provider().addFileEvidence(dispute.id, file);
    await this.disputes.addEvidence(dispute.id, { id: evidenceId || this.ids.next(), kind: 'file', summary: file.name, operatorId: operator.id });
    await this.audit.append({ operatorId: operator.id, action: 'dispute.evidence', subjectType: 'dispute', subjectId: dispute.id, after: { evidence_id: evidenceId, kind: 'file', name: file.name, bytes: file.bytes.byteLength }, requestId });
  }

  /** Accepting: the cardholder keeps the money, nothing more is argued. */
  async accept(operator: Operator, disputeId: string, requestId: string | null): Promise<void> {
    const dispute = await this.open(disputeId);
    await this.provider().accept(dispute.id);
    await this.disputes.record({ id: dispute.id, gateway: dispute.gateway, transactionId: null, status: 'accepted', reason: null, amountMinor: null, currency: null, replyBy: null, occurredAt: this.clock.now() });
    await this.audit.append({ operatorId: operator.id, action: 'dispute.accept', subjectType: 'dispute', subjectId: dispute.id, before: { status: dispute.status }, after: { status: 'accepted' }, requestId });
  }

  /** Contesting: the evidence given is submitted, and the provider decides (won or lost, by notification). */
  async contest(operator: Operator, disputeId: string, requestId: string | null): Promise<void> {
    const dispute = await this.open(disputeId);
    await this.provider().finalize(dispute.id);
    await this.disputes.record({ id: dispute.id, gateway: dispute.gateway, transactionId: null, status: 'disputed', reason: null, amountMinor: null, currency: null, replyBy: null, occurredAt: this.clock.now() });
    await this.audit.append({ operatorId: operator.id, action: 'dispute.contest', subjectType: 'dispute', subjectId: dispute.id, before: { status: dispute.status }, after: { status: 'disputed' }, requestId });
  }

  private async open(disputeId: string) {
    const dispute = await this.disputes.find(disputeId);
    if (!dispute) throw new DomainError('DISPUTE_NOT_FOUND');
    if (dispute.status !== 'open') throw new DomainError('DISPUTE_NOT_OPEN');
    return dispute;
  }

  private provider(): DisputeGateway {
    if (!this.gateway) throw new DomainError('SERVICE_UNAVAILABLE');
    return this.gateway;
  }
}
