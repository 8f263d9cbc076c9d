import type { GatewayRefundRequest, GatewayRefundResult, RefundGateway } from '@store/application';
import { CARD_GATEWAY, DomainError } from '@store/domain';
import type braintree from 'braintree';
import { gatewayAmount, type SdkTransaction } from './braintree-card-gateway';

/** A sale the gateway has not settled yet: all of it is given back by a void, none of it by a refund. */
const NOT_SETTLED = new Set(['authorized', 'authorizing', 'submitted_for_settlement', 'settlement_pending']);
/** A settled (or settling) sale: money was taken, a refund gives it back. */
const SETTLED = new Set(['settled', 'settling', 'settlement_confirmed']);
/** A refund (a credit) that was accepted: it goes on to settle like a sale. */
const REFUND_ACCEPTED = new Set(['authorized', 'authorizing', 'submitted_for_settlement', 'settling', 'settled', 'settlement_pending', 'settlement_confirmed']);

type SdkResult = { success: boolean; message?: string; transaction?: SdkTransaction; errors?: { deepErrors(): { code: string }[] } };

const notFound = (error: unknown) => (error as { type?: string }).type === 'notFoundError';

/**
 * Refunds at the card gateway through its server SDK. A sale not yet settled can only be given
 * back whole, by a void (nothing was taken); a part of it waits for settlement (REFUND_NOT_SETTLED).
 * A settled sale is refunded, and the refund carries our reference as its order id, so a refund
 * whose answer was lost is found again among the sale's refunds instead of being made twice.
 */
export class BraintreeRefunds implements RefundGateway {
  readonly gateway = CARD_GATEWAY.key;

  constructor(private readonly sdk: braintree.BraintreeGateway) {}

  async refund(request: GatewayRefundRequest): Promise<GatewayRefundResult> {
    const sale = await this.transaction(request.transactionId);
    if (!sale || (sale.type ?? 'sale') !== 'sale') return { outcome: 'declined', reason: `The card gateway has no sale ${request.transactionId}` };
    // Made already under this reference (an earlier try whose answer was lost): that one stands.
    const earlier = await this.madeFor(sale, request.reference, request.whole);
    if (earlier) return earlier;
    if (NOT_SETTLED.has(sale.status)) {
      if (!request.whole) throw new DomainError('REFUND_NOT_SETTLED');
      const voided = (await this.sdk.transaction.void(sale.id)) as unknown as SdkResult;
      if (voided.success) return { outcome: 'voided', providerRefundId: sale.id };
      // It may have settled meanwhile: read again and give it back the way it now allows.
      const now = await this.transaction(sale.id);
      if (now && SETTLED.has(now.status)) return this.refundSettled(now, request);
      return { outcome: 'declined', reason: `The card gateway refused to void ${sale.id}: ${describe(voided)}` };
    }
    if (!SETTLED.has(sale.status)) return { outcome: 'declined', reason: `The sale ${sale.id} is ${sale.status}: nothing was taken to give back` };
    return this.refundSettled(sale, request);
  }

  async findRefund(transactionId: string, reference: string): Promise<GatewayRefundResult | null> {
    const sale = await this.transaction(transactionId);
    return sale ? this.madeFor(sale, reference, true) : null;
  }

  private async refundSettled(sale: SdkTransaction, request: GatewayRefundRequest): Promise<GatewayRefundResult> {
    const result = (await this.sdk.transaction.refund(sale.id, { amount: gatewayAmount(request.amountMinor, request.currency), orderId: request.reference } as never)) as unknown as SdkResult;
    if (result.success && result.transaction) return { outcome: 'refunded', providerRefundId: result.transaction.id };
    // A declined refund (the issuer refused the credit) or a refusal of the request (more than is
    // left, refunded already): refused for sure either way, nothing was given back.
    return { outcome: 'declined', reason: describe(result) };
  }

  /**
   * The refund made under the reference: among the sale's refunds, the one whose order id is the
   * reference; else, when a void would do, a sale that was voided (a void takes no reference, and
   * gives the whole sale back).
   */
  private async madeFor(sale: SdkTransaction, reference: string, voidWouldDo: boolean): Promise<GatewayRefundResult | null> {
    for (const id of [...(sale.refundIds ?? [])].reverse()) {
      const refund = await this.transaction(id);
      if (refund?.orderId !== reference) continue;
      if (REFUND_ACCEPTED.has(refund.status)) return { outcome: 'refunded', providerRefundId: refund.id };
      return { outcome: 'declined', reason: `${refund.status}: ${refund.processorResponseCode ?? ''} ${refund.processorResponseText ?? ''}`.trim() };
    }
    return voidWouldDo && sale.status === 'voided' ? { outcome: 'voided', providerRefundId: sale.id } : null;
  }

  private async transaction(id: string): Promise<SdkTransaction | null> {
    try {
      return (await this.sdk.transaction.find(id)) as unknown as SdkTransaction;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }
}

function describe(result: SdkResult): string {
  const transaction = result.transaction;
  if (transaction) return `${transaction.status}: ${transaction.processorResponseCode ?? ''} ${transaction.processorResponseText ?? ''}`.trim();
  const codes = result.errors?.deepErrors().map((error) => String(error.code)) ?? [];
  return `${result.message ?? 'refused'}${codes.length > 0 ? ` (${codes.join(', ')})` : ''}`;
}
