import { DomainError, type Customer } from '@store/domain';
import { storeIssuesInvoice } from '../orders/get-invoice.use-case';
import type { Order, OrderRepository } from '../orders/orders.ports';
import type { IdGenerator } from '../shared/ports';
import type { RefundGateways } from './back-office-gateways.ports';
import type { AuditLog, Operator, RefundLedger, StoredRefund } from './back-office.ports';
import { refundAmounts, refundLineShares, refundPositionsProblem } from './refund-amounts';
import { refundNoticeMail } from './refund-mails';

export interface RefundRequest {
  /** The order's lines to refund; null: every line not refunded yet. */
  readonly positions: readonly number[] | null;
  readonly reason: string;
  /** Made once by the page per refund it confirms: a double click or a retry sends the same one. */
  readonly requestKey: string;
}

/** The credit note's number, for an order whose invoice the store issued (the merchant of record issues its own). */
export const creditNoteNumber = (order: Pick<Order, 'number' | 'gateway'>, sequence: number): string | null =>
  storeIssuesInvoice(order.gateway) ? `${order.number}-CN${sequence}` : null;

/**
 * Refunds an order, whole or by lines, through the gateway that took its money, exactly once:
 * the refund is claimed in the ledger (its lines held) before the provider is asked, under an id
 * the provider is given, so a refund whose answer was lost is found again by that id rather than
 * made twice. The same request key always reaches the same refund.
 */
export class RefundOrder {
  constructor(
    private readonly orders: Pick<OrderRepository, 'find'>,
    private readonly ledger: RefundLedger,
    private readonly gateways: RefundGateways,
    private readonly customers: { findById(id: string): Promise<Customer | null> },
    private readonly ids: IdGenerator,
    private readonly audit: AuditLog,
    private readonly settings: { readonly storeUrl: string; readonly staleClaimMs: number },
  ) {}

  async execute(operator: Operator, orderNumber: string, request: RefundRequest, requestId: string | null): Promise<StoredRefund> {
    const order = await this.orders.find(orderNumber);
    if (!order) throw new DomainError('ORDER_NOT_FOUND_FOR_STAFF');

    const earlier = await this.ledger.byRequestKey(order.number, request.requestKey);
    if (earlier) return this.resume(operator, order, earlier, requestId);

    if (order.status !== 'paid') throw new DomainError('REFUND_NOT_PAID');
    if (order.gateway === 'complimentary' || !order.transactionId) throw new DomainError('REFUND_NOTHING_CHARGED');
    const refunded = await this.ledger.refundedPositions(order.number);
    const asked = request.positions ?? order.lines.map((_, position) => position).filter((position) => !refunded.includes(position));
    const problem = refundPositionsProblem(order, asked, refunded);
    // Nothing asked for (every line refunded already, or an empty choice) reads as refunded already.
    if (problem === 'no-lines' || problem === 'already-refunded') throw new DomainError('REFUND_LINES_ALREADY_REFUNDED');
    if (problem) throw new DomainError('REFUND_LINES_UNKNOWN');
    const positions = withTheirBonusLines(order, asked, refunded);
    const amounts = refundAmounts(order, positions, refunded);
    if (amounts.chargedMinor === 0) throw new DomainError('REFUND_NOTHING_CHARGED');

    const claim = {
      id: this.ids.next(),
      orderNumber: order.number,
      requestKey: request.requestKey,
      gateway: order.gateway,
      transactionId: order.transactionId,
      positions: [...positions].sort((a, b) => a - b),
      whole: amounts.whole,
      netMinor: amounts.netMinor,
      taxMinor: amounts.taxMinor,
      grossMinor: amounts.grossMinor,
      chargedMinor: amounts.chargedMinor,
      reason: request.reason.trim(),
      operatorId: operator.id,
    };
    const claimed = await this.ledger.claim(claim);
    if (claimed === 'lines-taken') throw new DomainError('REFUND_LINES_ALREADY_REFUNDED');
    if (claimed === 'key-taken') {
      const other = await this.ledger.byRequestKey(order.number, request.requestKey);
      if (!other) throw new DomainError('REFUND_IN_PROGRESS');
      return this.resume(operator, order, other, requestId);
    }
    await this.audit.append({
      operatorId: operator.id,
      action: 'order.refund-requested',
      subjectType: 'order',
      subjectId: order.number,
      before: { status: order.status, refunded_positions: refunded },
      after: { refund_id: claim.id, positions: claim.positions, amount: claim.chargedMinor, whole: claim.whole, reason: claim.reason },
      requestId,
    });
    const stored = await this.ledger.find(claim.id);
    if (!stored) throw new Error(`The refund ${claim.id} was claimed and then not found`);
    return this.ask(operator, order, stored, false, requestId);
  }

  /**
   * Every refund left without an answer (the provider did not answer, or its caller died) finished,
   * and every refund the provider was finishing (pending) looked at again: what the refunds job
   * does each minute. A refund the provider still cannot say anything about is left for the next run.
   */
  async finishUnfinished(): Promise<{ readonly finished: readonly string[]; readonly confirmed: readonly string[]; readonly deferred: readonly { readonly id: string; readonly reason: string }[] }> {
    const finished: string[] = [];
    const confirmed: string[] = [];
    const deferred: { id: string; reason: string }[] = [];
    for (const refund of await this.ledger.unfinished(this.settings.staleClaimMs, 50)) {
      try {
        if (refund.state === 'pending') {
          const gateway = this.gateways[refund.gateway];
          const found = gateway ? await gateway.findRefund(refund.transactionId, refund.id) : null;
          if (found?.outcome === 'refunded' && (await this.ledger.confirmed(refund.id))) confirmed.push(refund.id);
          continue;
        }
        await this.finish(null, refund.id, null);
        finished.push(refund.id);
      } catch (error) {
        deferred.push({ id: refund.id, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return { finished, confirmed, deferred };
  }

  /**
   * A refund left without an answer (the provider did not answer, or its caller died), finished now
   * by asking the provider whether it holds it, from the list of what needs a person (or by the
   * refunds job: no operator then).
   */
  async finish(operator: Operator | null, refundId: string, requestId: string | null): Promise<StoredRefund> {
    const refund = await this.ledger.find(refundId);
    if (!refund) throw new DomainError('ATTENTION_ITEM_NOT_FOUND');
    const order = await this.orders.find(refund.orderNumber);
    if (!order) throw new DomainError('ORDER_NOT_FOUND_FOR_STAFF');
    return this.resume(operator, order, refund, requestId);
  }

  /** A refund asked for before under the same key: its answer, or it finished now when it was left unknown. */
  private async resume(operator: Operator | null, order: Order, refund: StoredRefund, requestId: string | null): Promise<StoredRefund> {
    if (refund.state === 'declined') throw new DomainError('REFUND_DECLINED');
    if (refund.state !== 'in-flight' && refund.state !== 'unknown') return refund;
    if (!(await this.ledger.takeOver(refund.id, this.settings.staleClaimMs))) throw new DomainError('REFUND_IN_PROGRESS');
    return this.ask(operator, order, refund, true, requestId);
  }

  /** Asks the provider (first whether it holds the refund already, when an earlier try may have made it) and writes the answer down. */
  private async ask(operator: Operator | null, order: Order, refund: StoredRefund, earlierTryPossible: boolean, requestId: string | null): Promise<StoredRefund> {
    const gateway = this.gateways[refund.gateway];
    if (!gateway) throw new DomainError('REFUND_PROVIDER_UNAVAILABLE');
    let result;
    try {
      result = earlierTryPossible ? await gateway.findRefund(refund.transactionId, refund.id) : null;
      result ??= await gateway.refund({
        transactionId: refund.transactionId,
        reference: refund.id,
        amountMinor: refund.chargedMinor,
        currency: order.currency,
        whole: refund.whole,
        // Each line's part of what was charged, so the items add up to the refund's amount.
        items: refund.positions.map((position) => ({
          productReference: order.lines[position].productReference,
          quantity: order.lines[position].quantity,
          amountMinor: refundLineShares(order)[position].chargedMinor,
        })),
      });
    } catch (error) {
      if (error instanceof DomainError && error.errorName === 'REFUND_NOT_SETTLED') {
        // Nothing was asked of the provider: no refund stands, and the same key may ask again later.
        await this.ledger.withdrawn(refund.id);
        await this.audit.append({ operatorId: operator?.id ?? null, action: 'order.refund-refused', subjectType: 'order', subjectId: order.number, after: { refund_id: refund.id, reason: 'not settled' }, requestId });
        throw error;
      }
      await this.ledger.unknown(refund.id);
      await this.audit.append({
        operatorId: operator?.id ?? null,
        action: 'order.refund-unknown',
        subjectType: 'order',
        subjectId: order.number,
        after: { refund_id: refund.id, error: error instanceof Error ? error.message.slice(0, 300) : String(error) },
        requestId,
      });
      throw new DomainError('REFUND_PROVIDER_UNAVAILABLE');
    }
    if (result.outcome === 'declined') {
      await this.ledger.declined(refund.id, result.reason);
      await this.audit.append({ operatorId: operator?.id ?? null, action: 'order.refund-declined', subjectType: 'order', subjectId: order.number, after: { refund_id: refund.id, reason: result.reason }, requestId });
      throw new DomainError('REFUND_DECLINED', { message: `The payment provider declined the refund: ${result.reason}` });
    }
    const customer = await this.customers.findById(order.customerId);
    const notice = (sequence: number) =>
      customer
        ? refundNoticeMail(
            order,
            customer,
            {
              creditNoteNumber: creditNoteNumber(order, sequence),
              positions: refund.positions,
              grossMinor: refund.grossMinor,
              chargedMinor: refund.chargedMinor,
              whole: refund.whole,
              pending: result.outcome === 'pending',
            },
            this.settings.storeUrl,
          )
        : null;
    const settled = await this.ledger.settled(refund.id, result.outcome, result.providerRefundId, notice);
    await this.audit.append({
      operatorId: operator?.id ?? null,
      action: 'order.refund',
      subjectType: 'order',
      subjectId: order.number,
      before: { status: order.status },
      after: { refund_id: refund.id, state: settled.state, provider_refund_id: settled.providerRefundId, positions: refund.positions, amount: refund.chargedMinor, whole: refund.whole },
      requestId,
    });
    return settled;
  }
}

/**
 * The lines asked for, with the bonus products that came free with them (the same suite's bonus
 * lines not refunded yet): a refunded product's free companions stop working with it.
 */
export function withTheirBonusLines(order: Pick<Order, 'lines'>, asked: readonly number[], refunded: readonly number[]): number[] {
  const suites = new Set(asked.filter((position) => !order.lines[position].isBonus).map((position) => order.lines[position].suiteReference));
  const bonus = order.lines
    .map((line, position) => ({ line, position }))
    .filter(({ line, position }) => line.isBonus && suites.has(line.suiteReference) && !asked.includes(position) && !refunded.includes(position))
    .map(({ position }) => position);
  return [...asked, ...bonus].sort((a, b) => a - b);
}
