import type { OrderStatus } from '../orders/orders';
import type { PaymentGateway } from '../payments/payment-gateways';
import type { PaymentMethodType } from '../payments/payment-methods';
import type { BankDebitState } from '../payments/bank-debits';

/** An order as the account pages and the confirmation page read it (issue 8). */
export interface OrderJson {
  readonly number: string;
  readonly status: OrderStatus;
  readonly gateway: PaymentGateway;
  readonly created_at: string;
  readonly currency: string;
  readonly tax_inclusive: boolean;
  /** Minor units. */
  readonly total: { readonly net: number; readonly tax: number; readonly gross: number; readonly discount: number };
  readonly discount_code: string | null;
  /** The voucher that paid part or all of the gross (minor units), and what stayed on it; null without one. */
  readonly voucher: null | { readonly code: string; readonly amount: number; readonly balance_left: number | null };
  /** What the card, PayPal or the reseller was charged: the gross less the voucher's part. */
  readonly amount_charged: number;
  readonly lines: readonly OrderLineJson[];
  /** Who issues the invoice: the store for its own sales, the merchant of record for its own. */
  readonly invoice_issuer: 'store' | 'merchant-of-record';
  /** The store's PDF invoice, for its own paid sales; null when the merchant of record issues it. */
  readonly invoice_url: string | null;
  /** Where a posted product goes, on one line (null: nothing to post). */
  readonly delivery_address: string | null;
  /** How the order is paid when it waits for the provider (a local payment method); null for any other order. */
  readonly local_payment: LocalPaymentJson | null;
  /**
   * The bank debit paying the order (SEPA, US bank account), null for any other. While it is
   * 'pending' and not released the order is pending: 'Waiting for your bank'. 'returned' after
   * release: the order is refunded and its keys revoked.
   */
  readonly bank_debit: BankDebitJson | null;
  /** What the store refunded of the order, oldest first; each line refunded says so itself. */
  readonly refunds: readonly OrderRefundJson[];
}

/**
 * A refund the shopper sees: how much goes back to their payment method and when it was made,
 * which lines it covered, and the store's credit note (null where the reseller sends its own).
 * 'pending': the reseller accepted it and will finish it; 'voided': nothing was ever taken.
 */
export interface OrderRefundJson {
  readonly amount: number;
  readonly created_at: string;
  readonly state: 'pending' | 'refunded' | 'voided';
  readonly positions: readonly number[];
  readonly credit_note_url: string | null;
}

/**
 * A bank debit paying an order: where it stands, whether the keys were released, and the account
 * it is taken from as the card gateway recorded the sale (never what the page sent). `method` is
 * null, and the account fields too, only for a debit the gateway did not describe.
 */
export interface BankDebitJson {
  readonly state: BankDebitState;
  readonly released: boolean;
  readonly method: Extract<PaymentMethodType, 'sepa' | 'us-bank-account'> | null;
  /** The last characters of the IBAN (SEPA) or of the account number (ACH). */
  readonly account_last4: string | null;
  /** The SEPA mandate's reference; null for ACH. */
  readonly mandate_reference: string | null;
  /** The bank's name where the gateway gives one (ACH). */
  readonly bank_name: string | null;
}

/**
 * A local payment (spec 3 §1) as the order's pages show it. 'waiting': the payer has still to
 * approve it (in their bank's app, or by the invoice's terms); 'completing': approved, being
 * charged; 'paid'; 'expired', 'reversed' or 'cancelled': the order failed and nothing was charged.
 */
export interface LocalPaymentJson {
  readonly method: PaymentMethodType;
  readonly state: LocalPaymentState;
  readonly started_at: string;
}

export type LocalPaymentState = 'waiting' | 'completing' | 'paid' | 'expired' | 'reversed' | 'cancelled' | 'failed';

export interface OrderLineJson {
  readonly product_reference: string;
  readonly product_name: string;
  readonly choice: string;
  readonly quantity: number;
  readonly total_minor: number;
  readonly is_bonus: boolean;
  readonly product_key: string | null;
  /** A plain link the browser follows, for the order's owner only. */
  readonly download_url: string;
  /** Given back by a refund: its key no longer works and it cannot be downloaded. */
  readonly refunded: boolean;
}
