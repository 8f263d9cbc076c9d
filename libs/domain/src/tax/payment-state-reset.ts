import type { PaymentGateway } from '../payments/payment-gateways';

/** The merchant of record's checkout session (spec 2 §3). */
export interface PaymentSession {
  readonly checkoutId: string;
  readonly paymentSessionId: string;
  readonly sellingEntityId: string;
  readonly sellingEntityName: string;
  readonly customerId: string;
}

/** A payment source attached to the merchant of record's checkout. */
export interface PaymentSource {
  readonly id: string;
}

/** What payment set-up has produced for the current basket and billing address (spec 2 §3, §4). */
export interface PaymentState {
  readonly gateway: PaymentGateway | null;
  readonly session: PaymentSession | null;
  readonly source: PaymentSource | null;
  readonly clientToken: string | null;
  readonly isMorReady: boolean;
}

/** The changes a shopper can make once payment may already be set up. */
export type CheckoutChange =
  | 'change-choice'
  | 'change-quantity'
  | 'remove-line'
  | 'apply-discount'
  | 'remove-discount'
  | 'change-billing-address'
  | 'update-marketing-preferences'
  | 'upload-tax-certificate'
  | 'choose-payment-method';

const RESETTING_CHANGES: ReadonlySet<CheckoutChange> = new Set<CheckoutChange>([
  'change-choice',
  'change-quantity',
  'remove-line',
  'apply-discount',
  'remove-discount',
  'change-billing-address',
]);

/**
 * Whether a change throws payment set-up away (spec 2 §4): basket edits change the amount and a
 * new billing address can change the tax and the gateway, so a session made before is stale.
 */
export function resetsPaymentState(change: CheckoutChange): boolean {
  return RESETTING_CHANGES.has(change);
}

/** Clears what set-up produced, so payment is set up again for the new amount (spec 2 §4); other fields stay. */
export function resetPaymentState<S extends PaymentState>(state: S): S {
  return { ...state, gateway: null, session: null, source: null, clientToken: null, isMorReady: false };
}

/** The payment state after a change: cleared when the change resets it, the same object otherwise. */
export function paymentStateAfter<S extends PaymentState>(change: CheckoutChange, state: S): S {
  return resetsPaymentState(change) ? resetPaymentState(state) : state;
}
