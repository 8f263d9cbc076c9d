import type { PayingGateway } from '@store/domain';

/**
 * A refund asked of the gateway that took the order's money. `reference` is ours (the refund's id
 * in the store), given to the provider with the refund so that a refund whose answer was lost can
 * be found again by it instead of being made twice.
 */
export interface GatewayRefundRequest {
  /** The provider's id of what was charged: the card gateway's sale, the merchant of record's order. */
  readonly transactionId: string;
  readonly reference: string;
  readonly amountMinor: number;
  readonly currency: string;
  /** Everything still charged is given back (a whole order, or the lines left after earlier refunds). */
  readonly whole: boolean;
  /** The order's lines refunded, as the provider knows them: the merchant of record refunds per item. */
  readonly items: readonly { readonly productReference: string; readonly quantity: number; readonly amountMinor: number }[];
}

/**
 * What the provider did: the money given back by a refund (after settlement), a void or a
 * cancellation (before it: nothing was ever taken), or a refund it accepted and will finish later
 * (the merchant of record's refunds are pending at first). Refused for sure: declined.
 */
export type GatewayRefundResult =
  | { readonly outcome: 'refunded' | 'voided' | 'pending'; readonly providerRefundId: string }
  | { readonly outcome: 'declined'; readonly reason: string };

/**
 * One paying gateway's refunds. `refund` throws a DomainError REFUND_NOT_SETTLED for a part of a
 * payment that cannot be refunded yet, and anything else (unreachable, a timeout) when the outcome
 * is unknown; `findRefund` then says whether the provider holds a refund under the reference.
 */
export interface RefundGateway {
  readonly gateway: PayingGateway;
  refund(request: GatewayRefundRequest): Promise<GatewayRefundResult>;
  /** The refund (or void, or cancellation) made under `reference` for this charge, or null if none. */
  findRefund(transactionId: string, reference: string): Promise<GatewayRefundResult | null>;
}
export const REFUND_GATEWAYS = Symbol('RefundGateways');
export type RefundGateways = Partial<Record<PayingGateway, RefundGateway>>;

export type ProviderDisputeStatus = 'open' | 'accepted' | 'disputed' | 'won' | 'lost' | 'expired' | 'other';

/** A dispute (chargeback) as the card gateway holds it. Amounts stay the provider's decimal text. */
export interface ProviderDispute {
  readonly id: string;
  readonly status: ProviderDisputeStatus;
  readonly reason: string | null;
  readonly amount: string;
  readonly currency: string;
  /** The last day to answer (YYYY-MM-DD), null when the provider gives none. */
  readonly replyByDate: string | null;
  readonly receivedDate: string | null;
  readonly transactionId: string;
  readonly evidence: readonly { readonly id: string; readonly comment: string | null; readonly url: string | null; readonly createdAt: string | null }[];
}

/**
 * The card gateway's disputes API. Calls on a dispute that is not open any more throw the DomainError
 * DISPUTE_NOT_OPEN; evidence the provider refuses throws DISPUTE_EVIDENCE_REFUSED; anything else is
 * thrown as is.
 */
export interface DisputeGateway {
  find(disputeId: string): Promise<ProviderDispute | null>;
  accept(disputeId: string): Promise<void>;
  addTextEvidence(disputeId: string, text: string): Promise<{ readonly evidenceId: string }>;
  /** Uploads the file to the provider and attaches it as evidence. */
  addFileEvidence(disputeId: string, file: { readonly name: string; readonly contentType: string; readonly bytes: Uint8Array }): Promise<{ readonly evidenceId: string }>;
  /** Submits the evidence: the dispute is contested, and the provider decides. */
  finalize(disputeId: string): Promise<void>;
}
export const DISPUTE_GATEWAY = Symbol('DisputeGateway');
