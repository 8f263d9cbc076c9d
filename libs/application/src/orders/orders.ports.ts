import { chargeIdempotencyKey, type BankDebitState, type LocalPaymentMethod, type LocalPaymentState, type OrderStatus, type PayingGateway, type PaymentGateway } from '@store/domain';
import type { BillingAddress } from '../billing/billing.ports';
import type { ShippingAddress } from '../billing/shipping.ports';
import type { OutgoingMail } from '../identity/sign-in.ports';
import type { VaultedBankAccount, VaultedCard, VaultedPayPalAccount, VaultedVenmoAccount } from '../payments/card-gateway.ports';

export interface OrderLineDraft {
  readonly suiteReference: string;
  readonly productReference: string;
  readonly productName: string;
  readonly choiceName: string;
  readonly choiceSynonym: string;
  readonly quantity: number;
  readonly unitPriceMinor: number;
  readonly totalMinor: number;
  readonly discountMinor: number;
  /** A product included free with another line (spec 1 §2 bonus products). */
  readonly isBonus: boolean;
  /** The rate its tax was counted at, for the store's own invoice (null: the merchant of record's tax, or an older order). */
  readonly taxRateBasisPoints?: number | null;
}

/** Everything an order is made of, snapshotted from the basket when it is reserved. */
export interface OrderDraft {
  readonly customerId: string;
  readonly basketReference: string;
  readonly gateway: PaymentGateway;
  readonly locale: string;
  readonly currency: string;
  readonly taxInclusive: boolean;
  readonly netMinor: number;
  readonly taxMinor: number;
  readonly grossMinor: number;
  readonly discountMinor: number;
  readonly discountCode: string | null;
  /** The voucher paying part or all of the gross, and how much of it (absent: none). */
  readonly voucherCode?: string | null;
  readonly voucherMinor?: number;
  /** Null for an order with nothing to pay, which skips the billing step. */
  readonly billingAddress: BillingAddress | null;
  readonly withdrawalConsent: string | null;
  readonly lines: readonly OrderLineDraft[];
}

export interface Order extends OrderDraft {
  readonly number: string;
  readonly status: OrderStatus;
  readonly paymentAttempt: number;
  readonly transactionId: string | null;
  readonly createdAt: Date;
  readonly paidAt: Date | null;
  /** Where a posted product goes (absent or null: nothing to post). */
  readonly shippingAddress?: ShippingAddress | null;
  /** What stayed on the order's voucher once its redemption was taken (absent: no voucher). */
  readonly voucherBalanceLeftMinor?: number | null;
  /** The local payment paying it, when it waits for the provider (absent or null: paid another way). */
  readonly localPayment?: OrderLocalPayment | null;
  /** The bank debit paying it (SEPA, US bank account): where it stands, and whether the keys were released. */
  readonly bankDebit?: OrderBankDebit | null;
  /** What staff refunded of it and the provider accepted, oldest first (absent: none read). */
  readonly refunds?: readonly OrderRefund[];
}

/**
 * A refund of some of an order's lines (or all), made by staff and accepted by the provider:
 * 'pending' (the merchant of record finishes it later), 'refunded', or 'voided' (never taken).
 */
export interface OrderRefund {
  /** Its credit note's number within the order (the store's own sales), null where the reseller writes it. */
  readonly creditNoteSequence: number | null;
  readonly state: 'pending' | 'refunded' | 'voided';
  readonly positions: readonly number[];
  /** What goes back to the payment method. */
  readonly chargedMinor: number;
  readonly grossMinor: number;
  readonly netMinor: number;
  readonly taxMinor: number;
  readonly reason: string;
  readonly createdAt: Date;
}

/** The order's lines a standing refund gave back. */
export function refundedPositions(order: Pick<Order, 'refunds'>): ReadonlySet<number> {
  return new Set((order.refunds ?? []).flatMap((refund) => refund.positions));
}

/**
 * The bank account a debit is taken from, as the gateway's record of the sale describes it (never
 * the page's): its kind, the last characters of its IBAN or account number, the SEPA mandate's
 * reference (null for ACH) and the bank's name where the gateway gives one.
 */
export interface DebitedBankAccount {
  readonly kind: 'sepa' | 'us-bank-account';
  readonly last4: string;
  readonly mandateReference: string | null;
  readonly bankName: string | null;
}

/**
 * An order's bank debit: where it stands, whether the keys were released, and the account it is
 * taken from (its fields null when the gateway did not describe it).
 */
export interface OrderBankDebit {
  readonly state: BankDebitState;
  readonly released: boolean;
  readonly method: DebitedBankAccount['kind'] | null;
  readonly accountLast4: string | null;
  readonly mandateReference: string | null;
  readonly bankName: string | null;
}

/** A local payment (spec 3 §1) as the order carries it: its method, where it stands, when it began. */
export interface OrderLocalPayment {
  readonly paymentId: string;
  readonly method: LocalPaymentMethod;
  readonly state: LocalPaymentState;
  readonly startedAt: Date;
}

/** What the shopper's other means of payment is charged: the gross less what a voucher pays. */
export function amountCharged(order: Pick<OrderDraft, 'grossMinor' | 'voucherMinor'>): number {
  return order.grossMinor - (order.voucherMinor ?? 0);
}

/**
 * What every charge of an order's current attempt says of the order: its one idempotency key (so
 * that any caller of that attempt reaches the same charge), its number, the amount and currency.
 */
export function orderCharge(order: Pick<Order, 'number' | 'paymentAttempt' | 'currency' | 'grossMinor' | 'voucherMinor'>) {
  return {
    idempotencyKey: chargeIdempotencyKey(order.number, order.paymentAttempt),
    orderNumber: order.number,
    amountMinor: amountCharged(order),
    currency: order.currency,
  };
}

export interface ProductKey {
  readonly key: string;
  readonly linePosition: number;
  readonly productReference: string;
}

export interface Fulfilment {
  readonly transactionId: string | null;
  readonly productKeys: readonly ProductKey[];
  readonly receipt: OutgoingMail;
}

/**
 * Why an order could not be reserved: what it claims is gone (the discount code's last use, the
 * customer's own uses of it, or the last units of a limited product, went to another order first),
 * or the basket changed after it was priced for the order.
 */
export type ReservationRefusal = 'DISCOUNT_USAGE_LIMIT' | 'DISCOUNT_PURCHASE_LIMIT' | 'VOUCHER_PURCHASE_LIMIT' | 'PRODUCT_SOLD_OUT' | 'BASKET_STALE';

export interface OrderRepository {
  /**
   * The basket's order, as stored: a new one with a fresh number, or the one the basket already has
   * (one order per basket, a database constraint). `created` tells which. A new order claims, in the same
   * transaction, a use of its discount code, its voucher's amount (a balance another order spent
   * meanwhile refuses it as BASKET_STALE: the amount to pay moved) and the units of any limited product it holds; when one
   * is gone nothing is reserved and the refusal says which. The basket is marked as being ordered,
   * which refuses its edits, only if it is still at `basketVersion` (else BASKET_STALE).
   */
  reserve(draft: OrderDraft, basketVersion: number): Promise<{ readonly order: Order; readonly created: boolean } | { readonly refused: ReservationRefusal }>;
  /**
   * A failed order tried again: back to pending with the next payment attempt, its lines and totals
   * replaced by the draft (the basket as it is now; nothing was charged), claiming again what the
   * draft claims (or refused, staying failed), the basket marked as in `reserve`. The order as
   * stored; null if it was not failed.
   */
  retry(number: string, draft: OrderDraft, basketVersion: number): Promise<Order | { readonly refused: ReservationRefusal } | null>;
  /**
   * Completes a pending order in one transaction: paid, its keys stored, the discount redemption
   * recorded, the basket closed and the receipt queued. Answers when it was paid; null when it was
   * not pending (already done by another call).
   */
  complete(number: string, fulfilment: Fulfilment): Promise<{ readonly paidAt: Date } | null>;
  /**
   * A paid order whose money went back to the payer (a bank debit returned after its keys were
   * released): refunded, its keys revoked, its downloads closed, and `notice` (the mail saying so)
   * queued, all in one transaction, so the shopper is told exactly when it happened. False when it
   * was not paid.
   */
  revoke(number: string, reason: string, notice: OutgoingMail | null): Promise<boolean>;
  /**
   * A pending order failed (nothing charged): what it claimed (discount uses, voucher balance,
   * limited units) is given back, its basket opened to edits, and `notice` (a mail telling the
   * shopper, when the failure was not in front of them) queued in the same transaction.
   */
  fail(number: string, code: number, reason: string, notice?: OutgoingMail): Promise<void>;
  /**
   * The orders payment reconciliation looks at: pending ones created before `pendingBefore` (left
   * by a shopper who never came back), those with a charge whose answer was once unknown (a
   * timeout, a lost answer) since `uncertainSince`, and those with a reversal not known to be
   * done; oldest first.
   */
  forReconciliation(criteria: { readonly pendingBefore: Date; readonly uncertainSince: Date; readonly limit: number }): Promise<readonly string[]>;
  find(number: string): Promise<Order | null>;
  findByBasket(basketReference: string): Promise<Order | null>;
  listFor(customerId: string): Promise<readonly Order[]>;
  productKeys(number: string): Promise<readonly ProductKey[]>;
}
export const ORDER_REPOSITORY = Symbol('OrderRepository');

export interface ChargeRequest {
  readonly idempotencyKey: string;
  readonly orderNumber: string;
  readonly amountMinor: number;
  readonly currency: string;
  /** The gateway's payment method: a card nonce (braintree) or a source (merchant of record). */
  readonly paymentToken: string | null;
  readonly deviceData: string | null;
  readonly checkoutId: string | null;
  /** Keep the card or PayPal account in the gateway's vault on success (the shopper chose to save it). */
  readonly vault?: boolean;
  /** A saved method's vault token, paid instead of a nonce (the store resolved it from its own reference). */
  readonly vaultedToken?: string;
  /**
   * A saved card's security code typed again (a CVV-only nonce), checked with the charge of the
   * card's vault token (`savedToken`); 3-D Secure's answer, when paymentToken carries one, goes with it.
   */
  readonly cvvNonce?: string;
  readonly savedToken?: string;
  /** Who pays: the gateway's customer record (for vaulting) and the details its checks compare. */
  readonly payer?: Payer;
}

export interface Payer {
  /**
   * The gateway's customer record of this shopper, if one exists already. Looked up only for a
   * charge that saves a method (`vault`) or pays with a saved one; null for a new method that is
   * not being saved, which the gateway does not file under any customer.
   */
  readonly vaultCustomerId: string | null;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly postalCode: string | null;
  readonly countryCode: string | null;
}

/** A payment method a charge vaulted, by kind. */
export type VaultedMethodOfCharge =
  | { readonly card: VaultedCard }
  | { readonly paypalAccount: VaultedPayPalAccount }
  | { readonly venmoAccount: VaultedVenmoAccount }
  | { readonly bankAccount: VaultedBankAccount };

export type ChargeResult =
  | {
      readonly outcome: 'charged';
      readonly transactionId: string;
      /** A bank debit the gateway accepted: the money is known only when it settles, days later. */
      readonly settlesLater?: boolean;
      /** The bank account a debit (settlesLater) is taken from, as the gateway's sale describes it. */
      readonly bankAccount?: DebitedBankAccount;
      /** What the gateway vaulted with this charge (when asked to), and the customer record it is under. */
      readonly vaulted?: { readonly vaultCustomerId: string } & VaultedMethodOfCharge;
    }
  /** Refused for sure (declined, invalid method): nothing was taken, a new attempt may follow. */
  | { readonly outcome: 'declined'; readonly code: number; readonly reason: string };

/** A charge in force at the gateway (not voided, refunded or cancelled), under the key it was made with. */
export interface ProviderCharge {
  readonly idempotencyKey: string;
  readonly transactionId: string;
}

/**
 * The payment port of order placement: one per gateway. A charge with an idempotency key the
 * gateway has seen answers the first result again without charging twice. A thrown error means the
 * outcome is unknown (a timeout): the order stays pending and a retry reuses the same key.
 */
export interface PaymentPort {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What became of the charge with this key, without charging: the recorded answer, or the
   * gateway's when none was recorded (a timeout, a crash). A key the gateway never charged is
   * settled as declined, so nothing can be charged under it afterwards. Throws when the gateway
   * cannot say, or another caller holds the key right now: ask again later.
   */
  settle(idempotencyKey: string, orderNumber: string): Promise<ChargeResult>;
  /** Every charge in force at the gateway under these keys (the attempts of one order). */
  chargesFor(idempotencyKeys: readonly string[]): Promise<readonly ProviderCharge[]>;
  /** The order's reversals begun and not known to be done (an answer lost, a crash): to be finished. */
  unfinishedReversals(orderNumber: string): Promise<readonly ProviderCharge[]>;
  /**
   * Gives a charge back, exactly once: the card gateway voids it before settlement and refunds it
   * after; the merchant of record cancels the order. Throws when the outcome is unknown: calling
   * again finishes it, never reversing twice.
   */
  reverse(charge: ProviderCharge & { readonly orderNumber: string; readonly reason: string }): Promise<void>;
  /**
   * Where a bank debit stands at the gateway, for one whose settlement notification may have been
   * lost; null when the gateway has no such transaction. Gateways without bank debits leave it out.
   */
  debitStatus?(transactionId: string): Promise<'pending' | 'settled' | 'declined' | null>;
}
export const PAYMENT_PORTS = Symbol('PaymentPorts');
/** Each paying gateway's port, registered under its key; a gateway not set up has none. */
export type PaymentPorts = Partial<Record<PayingGateway, PaymentPort>>;

/** Random material for product keys. */
export interface KeyMaterial {
  bytes(count: number): Uint8Array;
}
export const KEY_MATERIAL = Symbol('KeyMaterial');
