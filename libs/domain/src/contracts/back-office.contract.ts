import type { OperatorAbility, OperatorRole } from '../back-office/operator-roles';
import type { OrderStatus } from '../orders/orders';
import type { PaymentGateway } from '../payments/payment-gateways';

/**
 * The back office's data calls, all under /data/admin/ (JSON in the usual envelope, with
 * X-Requested-With). Only the sign-in calls answer without a staff session; every other call
 * answers 403 OPERATOR_SIGN_IN_REQUIRED without one (a shopper's session is not one), and 403
 * OPERATOR_ROLE_FORBIDDEN when the role lacks the ability. Amounts are minor units.
 */
export const BACK_OFFICE_PATHS = {
  session: '/data/admin/session',
  orders: '/data/admin/orders',
  order: (number: string) => `/data/admin/orders/${encodeURIComponent(number)}`,
  refunds: (number: string) => `/data/admin/orders/${encodeURIComponent(number)}/refunds`,
  receipt: (number: string) => `/data/admin/orders/${encodeURIComponent(number)}/receipt`,
  reissueKey: (number: string) => `/data/admin/orders/${encodeURIComponent(number)}/keys/reissue`,
  disputes: '/data/admin/disputes',
  dispute: (id: string) => `/data/admin/disputes/${encodeURIComponent(id)}`,
  disputeEvidence: (id: string) => `/data/admin/disputes/${encodeURIComponent(id)}/evidence`,
  /** Multipart, the file in `file`: PDF, PNG or JPEG, 4 MB at most. */
  disputeEvidenceFile: (id: string) => `/data/admin/disputes/${encodeURIComponent(id)}/evidence-file`,
  disputeAccept: (id: string) => `/data/admin/disputes/${encodeURIComponent(id)}/accept`,
  disputeContest: (id: string) => `/data/admin/disputes/${encodeURIComponent(id)}/contest`,
  attention: '/data/admin/attention',
  attentionAction: (kind: AttentionKind, id: string) => `/data/admin/attention/${kind}/${encodeURIComponent(id)}`,
  operators: '/data/admin/operators',
  operator: (id: string) => `/data/admin/operators/${encodeURIComponent(id)}`,
  audit: '/data/admin/audit',
} as const;

/** A member of staff, as the back office shows them (and spec 1 §3's administrator in the page state). */
export interface OperatorJson {
  readonly id: string;
  readonly email: string;
  readonly badge_number: number;
  readonly first_name: string;
  readonly last_name: string;
  readonly full_name: string;
  readonly role: OperatorRole;
  readonly abilities: readonly OperatorAbility[];
  readonly disabled: boolean;
  readonly created_at: string;
}

/** POST session: all three at once; a wrong one of them is the same OPERATOR_SIGN_IN_FAILED. */
export interface OperatorSignInBody {
  readonly email: string;
  readonly password: string;
  readonly otp: string;
}

/** GET session: the signed-in member of staff, or null. */
export interface OperatorSessionJson {
  readonly operator: OperatorJson | null;
  /** When the session ends at the latest (ISO), null when signed out. */
  readonly expires_at: string | null;
}

/** GET orders?q=&from=&to=: q is an order number, an email (exact, any case) or a provider transaction id; from/to are YYYY-MM-DD, inclusive. */
export interface AdminOrderSummaryJson {
  readonly number: string;
  readonly status: OrderStatus;
  readonly gateway: PaymentGateway;
  readonly email: string;
  readonly customer_name: string;
  readonly currency: string;
  readonly gross: number;
  readonly refunded: number;
  readonly created_at: string;
  readonly open_dispute: boolean;
}

export interface AdminOrderSearchJson {
  readonly orders: readonly AdminOrderSummaryJson[];
  /** More orders matched than are listed (the newest 50 are). */
  readonly truncated: boolean;
}

export interface AdminOrderLineJson {
  readonly position: number;
  readonly product_reference: string;
  readonly product_name: string;
  readonly choice: string;
  readonly quantity: number;
  readonly unit_price: number;
  readonly total: number;
  readonly discount: number;
  readonly is_bonus: boolean;
  readonly tax_rate_basis_points: number | null;
  /** The refund that gave this line back, null when none did. */
  readonly refund_id: string | null;
  /** This line's share of what was charged: what refunding it alone would give back now (0 when refunded or free). */
  readonly refundable: number;
}

export interface AdminProductKeyJson {
  readonly key: string;
  readonly position: number;
  readonly product_reference: string;
  readonly created_at: string;
  readonly revoked_at: string | null;
}

/** One row of the order's payment ledger, oldest first. */
export interface AdminLedgerEntryJson {
  readonly kind: 'charge' | 'reversal' | 'refund' | 'dispute';
  readonly at: string;
  readonly gateway: PaymentGateway;
  /** charge: in-flight, unknown, charged, declined; reversal: in-flight, unknown, reversed; refund: see RefundJson; dispute: its status. */
  readonly state: string;
  readonly amount: number | null;
  /** The provider's id (a transaction, a refund, a dispute), null when none is known yet. */
  readonly provider_reference: string | null;
  /** Ours: the charge's idempotency key, the refund's id. */
  readonly reference: string;
  /** Once unknown (a timeout, a lost answer): reconciliation looked or will look. */
  readonly uncertain: boolean;
  readonly detail: string | null;
}

export type RefundState = 'in-flight' | 'unknown' | 'pending' | 'refunded' | 'voided' | 'declined';

export interface RefundJson {
  readonly id: string;
  readonly state: RefundState;
  readonly positions: readonly number[];
  readonly amount: number;
  readonly net: number;
  readonly tax: number;
  readonly whole: boolean;
  readonly reason: string;
  readonly operator_badge: number | null;
  readonly provider_refund_id: string | null;
  readonly credit_note_number: string | null;
  /** The credit note's PDF for staff, null when the merchant of record issues it. */
  readonly credit_note_url: string | null;
  readonly created_at: string;
}

export interface DisputeJson {
  readonly id: string;
  readonly gateway: PaymentGateway;
  readonly order_number: string | null;
  readonly transaction_id: string | null;
  readonly status: 'open' | 'accepted' | 'disputed' | 'won' | 'lost' | 'expired' | 'other';
  readonly reason: string | null;
  readonly amount: number | null;
  readonly currency: string | null;
  readonly reply_by: string | null;
  readonly opened_at: string;
  readonly decided_at: string | null;
  readonly evidence: readonly { readonly id: string; readonly kind: 'text' | 'file'; readonly summary: string; readonly added_at: string; readonly operator_badge: number | null }[];
}

export interface AdminOrderJson {
  readonly number: string;
  readonly status: OrderStatus;
  readonly gateway: PaymentGateway;
  readonly locale: string;
  readonly created_at: string;
  readonly paid_at: string | null;
  readonly customer: { readonly id: string; readonly email: string; readonly name: string };
  readonly currency: string;
  readonly tax_inclusive: boolean;
  readonly totals: { readonly net: number; readonly tax: number; readonly gross: number; readonly discount: number; readonly voucher: number; readonly charged: number; readonly refunded: number };
  readonly discount_code: string | null;
  readonly voucher_code: string | null;
  /** The billing address on one line per field, as stored; null for an order with nothing to pay. */
  readonly billing_address: Readonly<Record<string, string | null>> | null;
  readonly tax_certificate: null | { readonly id: string; readonly tax_authority: string; readonly file_name: string; readonly start_date: string | null; readonly end_date: string | null; readonly reviewed: 'pending' | 'approved' | 'rejected' };
  readonly lines: readonly AdminOrderLineJson[];
  readonly product_keys: readonly AdminProductKeyJson[];
  readonly ledger: readonly AdminLedgerEntryJson[];
  readonly refunds: readonly RefundJson[];
  readonly disputes: readonly DisputeJson[];
  /** The provider's references: its transaction (card gateway) or order (merchant of record) ids, the checkout's. */
  readonly provider_references: readonly { readonly label: string; readonly value: string }[];
  /** Whole-order refund available now (paid, something charged and not refunded). */
  readonly can_refund: boolean;
}

/** POST refunds: the lines to refund (null: every line not refunded yet), why, and a key the page makes once per refund it shows (a double click or a retry sends the same one). */
export interface RefundBody {
  readonly positions: readonly number[] | null;
  readonly reason: string;
  readonly request_key: string;
}

export interface ReissueKeyBody {
  readonly position: number;
}

export interface DisputeEvidenceBody {
  readonly text: string;
}

export type AttentionKind = 'uncertain-charge' | 'pending-order' | 'failed-webhook' | 'tax-id' | 'certificate';

/** One thing a person should look at, and the actions that resolve it (POST attentionAction {action}). */
export interface AttentionItemJson {
  readonly kind: AttentionKind;
  readonly id: string;
  readonly order_number: string | null;
  readonly summary: string;
  readonly since: string;
  readonly actions: readonly { readonly action: string; readonly label: string }[];
}

export interface AttentionJson {
  readonly uncertain_charges: readonly AttentionItemJson[];
  readonly pending_orders: readonly AttentionItemJson[];
  readonly failed_webhooks: readonly AttentionItemJson[];
  readonly unverified_tax_ids: readonly AttentionItemJson[];
  readonly certificates: readonly AttentionItemJson[];
}

export interface AttentionActionBody {
  readonly action: string;
}

/** POST operators (admin): the new member's one-time password and authenticator secret are shown once. */
export interface CreateOperatorBody {
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly role: OperatorRole;
}

export interface CreatedOperatorJson {
  readonly operator: OperatorJson;
  readonly password: string;
  readonly totp_secret: string;
  readonly totp_uri: string;
}

export interface UpdateOperatorBody {
  readonly role?: OperatorRole;
  readonly disabled?: boolean;
}

export interface AuditEntryJson {
  readonly id: string;
  readonly at: string;
  readonly operator_id: string | null;
  readonly operator_badge: number | null;
  readonly operator_email: string | null;
  readonly action: string;
  readonly subject_type: string;
  readonly subject_id: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly request_id: string | null;
}

/** GET audit?subject_type=&subject_id=&operator_id=&before=: newest first, 100 at a time. */
export interface AuditListJson {
  readonly entries: readonly AuditEntryJson[];
}
