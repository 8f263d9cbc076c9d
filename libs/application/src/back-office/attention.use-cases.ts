import { DomainError, type AttentionJson, type AttentionKind } from '@store/domain';
import type { Clock } from '../shared/ports';
import type { AttentionActions, AuditLog, BackOfficeReads, Operator } from './back-office.ports';

/** Asks the order's gateway what became of its payment now, settling the order as reconciliation would. */
export interface OrderCheck {
  order(orderNumber: string): Promise<unknown>;
}

/** Finishes a refund left without an answer, asking its provider. */
export interface RefundFinisher {
  finish(operator: Operator, refundId: string, requestId: string | null): Promise<{ readonly state: string }>;
}

/**
 * The lists of what needs a person (uncertain charges, pending orders past their window, failed
 * provider notifications, unverified tax IDs, certificates awaiting review) and the action that
 * resolves each.
 */
export class Attention {
  constructor(
    private readonly reads: BackOfficeReads,
    private readonly actions: AttentionActions,
    private readonly check: OrderCheck,
    private readonly refunds: RefundFinisher,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly pendingWindowMs: number,
  ) {}

  list(): Promise<AttentionJson> {
    return this.reads.attention(this.clock.now(), this.pendingWindowMs);
  }

  async act(operator: Operator, kind: AttentionKind, id: string, action: string, requestId: string | null): Promise<{ readonly outcome: string }> {
    const now = this.clock.now();
    let outcome: string;
    switch (`${kind}:${action}`) {
      case 'uncertain-charge:check':
      case 'pending-order:check': {
        // A refund without an answer is listed with the charges, named `refund:<its id>`.
        if (id.startsWith('refund:')) {
          outcome = (await this.refunds.finish(operator, id.slice('refund:'.length), requestId)).state;
          break;
        }
        try {
          const result = (await this.check.order(id)) as { outcome?: string } | null;
          outcome = result?.outcome ?? 'checked';
        } catch (error) {
          throw new DomainError('REFUND_PROVIDER_UNAVAILABLE', { message: `The payment provider could not say yet: ${error instanceof Error ? error.message : String(error)}` });
        }
        break;
      }
      case 'failed-webhook:retry':
        if (!(await this.actions.retryNotification(id, now))) throw new DomainError('ATTENTION_ITEM_NOT_FOUND');
        outcome = 'retry-due';
        break;
      case 'tax-id:check-again':
        if (!(await this.actions.retryTaxIdCheck(id, now))) throw new DomainError('ATTENTION_ITEM_NOT_FOUND');
        outcome = 'check-due';
        break;
      case 'certificate:approve':
      case 'certificate:reject':
        if (!(await this.actions.reviewCertificate(id, action === 'approve' ? 'approved' : 'rejected', operator.id))) throw new DomainError('ATTENTION_ITEM_NOT_FOUND');
        outcome = action === 'approve' ? 'approved' : 'rejected';
        break;
      default:
        throw new DomainError('VALIDATION_FAILED', { fields: { action: [`${action} is not an action on ${kind}`] } });
    }
    await this.audit.append({ operatorId: operator.id, action: `attention.${kind}`, subjectType: kind, subjectId: id, after: { action, outcome }, requestId });
    return { outcome };
  }
}
