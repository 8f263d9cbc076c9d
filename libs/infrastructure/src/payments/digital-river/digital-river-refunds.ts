import type { GatewayRefundRequest, GatewayRefundResult, RefundGateway } from '@store/application';
import { DomainError, MERCHANT_OF_RECORD_GATEWAY } from '@store/domain';
import { callDigitalRiver, DigitalRiverUnavailable, majorUnits, minorUnits, type DigitalRiverSettings, type ProviderAnswer } from './digital-river-gateway';

type Json = Record<string, unknown>;
type OrderItem = { id: string; quantity: number; productReference: string | null; availableToRefund: number };

const asNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

/** Splits `total` over the lines by their weights, largest remainder first, so the parts always add up to the total. */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((weight) => (sum > 0 ? (total * weight) / sum : total / weights.length));
  const parts = shares.map(Math.floor);
  const order = shares.map((share, index) => ({ index, remainder: share - Math.floor(share) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let left = total - parts.reduce((a, b) => a + b, 0), i = 0; left > 0; left -= 1, i += 1) parts[order[i % order.length].index] += 1;
  return parts;
}

/**
 * Refunds at the merchant of record (Digital River), over its REST API. What the provider has not
 * captured yet (the order's items not fulfilled) was never taken from the shopper: it is cancelled
 * through the Fulfillments API, with our reference as the fulfillment's `upstreamId`. What was
 * captured is refunded through the Refunds API with our reference in `metadata.reference`; such a
 * refund is pending until the provider has given the money back. Either way `findRefund` finds it
 * again by the reference, so a refund whose answer was lost is not made twice.
 */
export class DigitalRiverRefunds implements RefundGateway {
  readonly gateway = MERCHANT_OF_RECORD_GATEWAY.key;

  constructor(private readonly settings: DigitalRiverSettings) {}

  async refund(request: GatewayRefundRequest): Promise<GatewayRefundResult> {
    const order = await this.order(request.transactionId);
    if (!order) return { outcome: 'declined', reason: `Digital River has no order ${request.transactionId}` };
    const earlier = await this.findRefund(request.transactionId, request.reference);
    if (earlier) return earlier;

    const items = this.itemsOf(order);
    const open = await this.openQuantities(request.transactionId, items);
    const lines: { item: OrderItem; quantity: number }[] = [];
    for (const line of request.items) {
      const item = items.find((candidate) => candidate.productReference === line.productReference);
      if (!item) return { outcome: 'declined', reason: `The order ${request.transactionId} has no item ${line.productReference}` };
      lines.push({ item, quantity: line.quantity });
    }
    const captured = asNumber(order.capturedAmount) > 0;

    // Nothing captured: the whole order, or the lines asked for, are cancelled (if they are still open).
    if (request.whole && !captured) {
      const everything = items.filter((item) => (open.get(item.id) ?? 0) > 0).map((item) => ({ itemId: item.id, cancelQuantity: open.get(item.id) ?? 0 }));
      return everything.length > 0 ? this.cancel(request, everything) : { outcome: 'declined', reason: `The order ${request.transactionId} has nothing left to cancel` };
    }
    if (lines.length > 0 && lines.every((line) => line.quantity <= (open.get(line.item.id) ?? 0))) {
      return this.cancel(
        request,
        lines.map((line) => ({ itemId: line.item.id, cancelQuantity: line.quantity })),
      );
    }
    // A part of an order that is neither captured nor cancellable line by line waits for the capture.
    if (!captured) throw new DomainError('REFUND_NOT_SETTLED');

    // The money is split over the lines by what the provider still holds for each (what was charged
    // for them, tax included, less earlier refunds), so no line is asked more than it has and the
    // parts add up to the amount, whatever the store's own line amounts were net of.
    const amounts = lines.length > 0 ? splitByWeight(request.amountMinor, lines.map((line) => minorUnits(line.item.availableToRefund, request.currency))) : [];
    const made = await this.call('POST', '/refunds', {
      orderId: request.transactionId,
      currency: request.currency,
      ...(lines.length > 0
        ? { items: lines.map((line, index) => ({ itemId: line.item.id, quantity: line.quantity, amount: majorUnits(amounts[index], request.currency) })) }
        : { amount: majorUnits(request.amountMinor, request.currency) }),
      reason: 'Refunded by the store',
      metadata: { reference: request.reference },
    });
    if (made.ok) return refundResult(made.body);
    // The provider refused the request itself (more than is left to refund, an unknown item): nothing was made.
    return { outcome: 'declined', reason: `Digital River: ${made.describe()}` };
  }

  async findRefund(transactionId: string, reference: string): Promise<GatewayRefundResult | null> {
    const orderId = encodeURIComponent(transactionId);
    const refunds = await this.call('GET', `/refunds?orderId=${orderId}&limit=100`);
    if (!refunds.ok) throw new DigitalRiverUnavailable(`Digital River refunds of ${transactionId}: ${refunds.describe()}`);
    const refund = ((refunds.body.data as Json[] | undefined) ?? []).find((candidate) => (candidate.metadata as Json | undefined)?.reference === reference);
    if (refund) return refundResult(refund);
    const fulfillments = await this.call('GET', `/fulfillments?orderId=${orderId}`);
    if (!fulfillments.ok) throw new DigitalRiverUnavailable(`Digital River fulfillments of ${transactionId}: ${fulfillments.describe()}`);
    const cancellation = ((fulfillments.body.data as Json[] | undefined) ?? []).find((candidate) => candidate.upstreamId === reference);
    return cancellation ? { outcome: 'voided', providerRefundId: String(cancellation.id) } : null;
  }

  /**
   * Tells the provider that the order's open items are fulfilled (their keys were issued), so that
   * it captures their share of the charge, under `reference` as the fulfillment's upstreamId. An
   * order not accepted yet (in review, waiting for its payment) is left for later; one with nothing
   * open (captured already, say after a lost answer, or cancelled) has nothing to capture.
   */
  async capture(orderId: string, reference: string): Promise<'captured' | 'nothing-open' | 'not-accepted' | 'no-order'> {
    const order = await this.order(orderId);
    if (!order) return 'no-order';
    if (order.state === 'in_review' || order.state === 'pending_payment' || order.state === 'payment_pending') return 'not-accepted';
    const items = this.itemsOf(order);
    const open = await this.openQuantities(orderId, items);
    const lines = items.filter((item) => (open.get(item.id) ?? 0) > 0).map((item) => ({ itemId: item.id, quantity: open.get(item.id) ?? 0 }));
    if (lines.length === 0) return 'nothing-open';
    const fulfilled = await this.call('POST', '/fulfillments', { orderId, upstreamId: reference, items: lines });
    if (!fulfilled.ok) throw new DigitalRiverUnavailable(`Digital River refused the capture of ${orderId}: ${fulfilled.describe()}`);
    return 'captured';
  }

  private async cancel(request: GatewayRefundRequest, items: readonly { itemId: string; cancelQuantity: number }[]): Promise<GatewayRefundResult> {
    const cancelled = await this.call('POST', '/fulfillments', { orderId: request.transactionId, upstreamId: request.reference, items });
    if (cancelled.ok) return { outcome: 'voided', providerRefundId: String(cancelled.body.id) };
    return { outcome: 'declined', reason: `Digital River refused the cancellation: ${cancelled.describe()}` };
  }

  private async order(orderId: string): Promise<Json | null> {
    const found = await this.call('GET', `/orders/${encodeURIComponent(orderId)}`);
    if (found.status === 404) return null;
    if (!found.ok) throw new DigitalRiverUnavailable(`Digital River order ${orderId}: ${found.describe()}`);
    return found.body;
  }

  /** The order's items, named by our product reference (the checkout put it in their metadata and part number). */
  private itemsOf(order: Json): OrderItem[] {
    return ((order.items as Json[] | undefined) ?? []).map((item) => {
      const metadata = (item.metadata ?? {}) as Json;
      const details = (item.productDetails ?? {}) as Json;
      const reference = metadata.productReference ?? details.partNumber;
      return { id: String(item.id), quantity: asNumber(item.quantity), productReference: reference === undefined ? null : String(reference), availableToRefund: asNumber(item.availableToRefundAmount) };
    });
  }

  /** Each item's quantity neither fulfilled (captured) nor cancelled yet, from the order's fulfillments. */
  private async openQuantities(orderId: string, items: readonly OrderItem[]): Promise<Map<string, number>> {
    const answer = await this.call('GET', `/fulfillments?orderId=${encodeURIComponent(orderId)}`);
    if (!answer.ok) throw new DigitalRiverUnavailable(`Digital River fulfillments of ${orderId}: ${answer.describe()}`);
    const open = new Map(items.map((item) => [item.id, item.quantity]));
    for (const fulfillment of (answer.body.data as Json[] | undefined) ?? []) {
      for (const line of (fulfillment.items as Json[] | undefined) ?? []) {
        const id = String(line.itemId);
        open.set(id, (open.get(id) ?? 0) - asNumber(line.quantity) - asNumber(line.cancelQuantity));
      }
    }
    return open;
  }

  private call(method: string, path: string, body?: unknown): Promise<ProviderAnswer> {
    return callDigitalRiver(this.settings, method, path, body);
  }
}

/** The provider's refund in the store's words: pending until the money is back, then refunded; failed is declined. */
function refundResult(refund: Json): GatewayRefundResult {
  const id = String(refund.id);
  if (refund.state === 'succeeded') return { outcome: 'refunded', providerRefundId: id };
  if (refund.state === 'failed') return { outcome: 'declined', reason: `Digital River: the refund failed${refund.failureReason ? ` (${String(refund.failureReason)})` : ''}` };
  return { outcome: 'pending', providerRefundId: id };
}
