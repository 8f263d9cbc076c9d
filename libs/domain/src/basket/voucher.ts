import { DomainError } from '../errors/error-catalogue';
import { normaliseEmail } from '../identity/customer';
import { money, type Money } from '../shared/money';
import { err, ok, type Result } from '../shared/result';
import type { Basket } from './basket';

/**
 * A voucher: prepaid or gift value in one currency, spent over one or more orders until its
 * balance is gone. Unlike a discount code it lowers nothing about the sale (the prices, the tax and
 * the invoice stay as they are); it is a means of payment that covers part or all of what is due.
 */
export interface Voucher {
  readonly code: string;
  readonly currency: string;
  readonly initialMinor: number;
  /** What is left to spend, in minor units of `currency`; never negative (a database CHECK too). */
  readonly balanceMinor: number;
  readonly expiresAt: Date | null;
  /** Orders one customer may pay with it; null for no limit. */
  readonly maxUsesPerCustomer: number | null;
  /** Country accounts it can be spent in; null for everywhere its currency is used. */
  readonly countryAccounts: readonly string[] | null;
  /** Only this customer's email may spend it. */
  readonly email: string | null;
  /** Only a customer without a paid order may spend it. */
  readonly newCustomersOnly: boolean;
}

export interface VoucherContext {
  readonly now: Date;
  readonly countryAccount: string;
  readonly currency: string;
  readonly customerEmail: string | null;
  readonly customerEmailVerified: boolean;
  /** Orders of this customer that spent the voucher (paid or being paid). */
  readonly customerRedemptions: number;
  /** Whether the customer has a paid order already. */
  readonly customerHasOrdered: boolean;
}

/** What the pricing needs of a voucher that holds. */
export interface VoucherInput {
  readonly code: string;
  readonly balanceMinor: number;
}

/** A voucher as it pays for one basket: what it covers and what stays on it. */
export interface AppliedVoucher {
  readonly code: string;
  readonly amount: Money;
  readonly balanceLeft: Money;
}

/** Voucher codes are compared without case or spaces around them, like discount codes. */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether a voucher may pay for this basket now, with the catalogued reason when not, in the order
 * a shopper can act on: does it exist, has it expired, is it for this region (and currency), this
 * email and new customers, and has this customer used it as often as allowed. A voucher whose
 * balance is spent is refused too: it can no longer pay for anything.
 */
export function checkVoucher(voucher: Voucher | null, context: VoucherContext): Result<VoucherInput, DomainError> {
  if (!voucher) return err(new DomainError('VOUCHER_NOT_FOUND'));
  if (voucher.expiresAt && voucher.expiresAt.getTime() <= context.now.getTime()) return err(new DomainError('VOUCHER_EXPIRED'));
  // A pound voucher cannot pay for a dollar basket: outside its currency it is outside its region.
  if (voucher.currency !== context.currency) return err(new DomainError('VOUCHER_REGION'));
  if (voucher.countryAccounts && !voucher.countryAccounts.includes(context.countryAccount)) return err(new DomainError('VOUCHER_REGION'));
  if (voucher.email && (!context.customerEmail || normaliseEmail(voucher.email) !== normaliseEmail(context.customerEmail))) {
    return err(new DomainError('VOUCHER_EMAIL_MISMATCH'));
  }
  // Anyone can register any address: value kept for one is spent only once the address is proven.
  if (voucher.email && !context.customerEmailVerified) return err(new DomainError('EMAIL_VERIFICATION_REQUIRED'));
  if (voucher.newCustomersOnly && context.customerHasOrdered) return err(new DomainError('VOUCHER_NEW_CUSTOMERS_ONLY'));
  if (voucher.maxUsesPerCustomer !== null && context.customerRedemptions >= voucher.maxUsesPerCustomer) {
    return err(new DomainError('VOUCHER_PURCHASE_LIMIT'));
  }
  if (voucher.balanceMinor <= 0) return err(new DomainError('VOUCHER_SPENT'));
  return ok({ code: voucher.code, balanceMinor: voucher.balanceMinor });
}

/**
 * How much of an amount due a voucher pays: all of its balance, or all that is due when that is
 * less; never below zero, and the rest stays on the voucher.
 */
export function applyVoucher(dueMinor: number, voucher: VoucherInput, currency: string): AppliedVoucher {
  const covered = Math.max(0, Math.min(dueMinor, voucher.balanceMinor));
  return { code: voucher.code, amount: money(covered, currency), balanceLeft: money(voucher.balanceMinor - covered, currency) };
}

export function setVoucherCode(basket: Basket, code: string | null): Basket {
  return (basket.voucherCode ?? null) === code ? basket : { ...basket, voucherCode: code, version: basket.version + 1 };
}
