import type { LocalPaymentMethod } from '@store/domain';

/**
 * Where a local payment stands, as stored. 'approved': the provider's notification brought the
 * nonce and nobody has charged it yet; 'completing': being charged (by the page or the worker).
 */
export type StoredLocalPaymentState = 'waiting' | 'approved' | 'completing' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'reversed';

export interface LocalPayment {
  readonly paymentId: string;
  readonly orderNumber: string;
  readonly method: LocalPaymentMethod;
  readonly state: StoredLocalPaymentState;
  /** The provider's nonce once the payer approved (absent before). */
  readonly nonce: string | null;
  readonly startedAt: Date;
}

/** How a local payment's end is recorded: the provider's (expired, reversed), the shopper's (cancelled). */
export type LocalPaymentEnd = 'cancelled' | 'expired' | 'reversed';

/**
 * The local payments paying orders. Every change of state is one guarded statement, so the page,
 * the worker and the provider's notifications, racing, never both act on one payment.
 */
export interface LocalPaymentRepository {
  /**
   * Records that the order is paid by this payment, waiting for the payer. 'recorded' again for the
   * same order (the page's call repeated); 'taken' when the id already pays another order.
   */
  start(payment: { readonly paymentId: string; readonly orderNumber: string; readonly method: LocalPaymentMethod }): Promise<'recorded' | 'taken'>;
  find(paymentId: string): Promise<LocalPayment | null>;
  /** The order's latest local payment. */
  findByOrder(orderNumber: string): Promise<LocalPayment | null>;
  /** The provider says the payer approved: the nonce is kept (waiting → approved). The payment as it is now. */
  approve(paymentId: string, nonce: string): Promise<LocalPayment | null>;
  /**
   * Takes the payment to charge it (waiting or approved → completing), with the nonce given or the
   * one kept; also one whose charge was left half done longer than `staleAfterMs` ago (a crash:
   * the payment ledger settles that charge by asking the gateway). Null when it cannot be charged
   * now (ended, paid, being charged, or no nonce yet).
   */
  claimForCharge(paymentId: string, nonce: string | null, staleAfterMs: number): Promise<LocalPayment | null>;
  /** The charge's outcome: completing → paid or failed. */
  settle(paymentId: string, outcome: 'paid' | 'failed'): Promise<void>;
  /**
   * Ends a payment nobody charges (waiting → cancelled or expired; waiting or approved → reversed).
   * False when it has moved on (approved, being charged, paid, ended).
   */
  end(paymentId: string, end: LocalPaymentEnd): Promise<boolean>;
  /** The provider says the money arrived (pay upon invoice is funded after the sale). */
  markFunded(paymentId: string): Promise<void>;
  /** Payments to charge: approved ones, and charges left half done for longer than `staleAfterMs`. */
  dueForCharge(staleAfterMs: number, limit: number): Promise<readonly string[]>;
}
export const LOCAL_PAYMENT_REPOSITORY = Symbol('LocalPaymentRepository');

/**
 * Settles an unpaid order by its charge key (payment reconciliation's step for one order): charged
 * under the key, it is completed; never charged, the key is closed to any late charge and the
 * order failed. Throws while a charge under the key is still waiting for the gateway.
 */
export interface OrderSettler {
  order(orderNumber: string): Promise<{ readonly outcome: 'unchanged' | 'completed' | 'failed' }>;
}
