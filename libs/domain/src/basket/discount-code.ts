import { DomainError } from '../errors/error-catalogue';
import { normaliseEmail } from '../identity/customer';
import { err, ok, type Result } from '../shared/result';
import type { DiscountInput } from './basket-pricing';

/** A discount code as the store defines it (spec 2 §8 'Discount codes'). */
export interface DiscountCode {
  readonly code: string;
  readonly percentOff: number;
  /** Redemptions allowed in all; null for no limit. */
  readonly maxUses: number | null;
  readonly uses: number;
  /** Redemptions allowed per customer; null for no limit. */
  readonly maxUsesPerCustomer: number | null;
  /** Only this customer's email may use it. */
  readonly email: string | null;
  readonly expiresAt: Date | null;
  /** Country accounts it is valid in; null for everywhere. */
  readonly countryAccounts: readonly string[] | null;
}

export interface DiscountContext {
  readonly now: Date;
  readonly countryAccount: string;
  /** The signed-in customer's email, when there is one. */
  readonly customerEmail: string | null;
  /** Whether that customer has proven they own the email (a mailed link). */
  readonly customerEmailVerified: boolean;
  /** How often this customer has already redeemed the code. */
  readonly customerRedemptions: number;
  /** The basket's total before any discount, in minor units. */
  readonly basketTotalMinor: number;
}

/** Codes are compared without case or spaces around them. */
export function normaliseDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether a code may be applied to this basket now, with the catalogued reason when not, in the
 * order a shopper can act on: does it exist, has it expired, is it for this region and this email,
 * and are its limits used up.
 */
export function checkDiscount(discount: DiscountCode | null, context: DiscountContext): Result<DiscountInput, DomainError> {
  if (!discount) return err(new DomainError('DISCOUNT_NOT_FOUND'));
  if (discount.expiresAt && discount.expiresAt.getTime() <= context.now.getTime()) return err(new DomainError('DISCOUNT_EXPIRED'));
  if (discount.countryAccounts && !discount.countryAccounts.includes(context.countryAccount)) return err(new DomainError('DISCOUNT_REGION'));
  if (discount.email && (!context.customerEmail || normaliseEmail(discount.email) !== normaliseEmail(context.customerEmail))) {
    return err(new DomainError('DISCOUNT_EMAIL_MISMATCH'));
  }
  // Anyone can register any address: a code reserved for one is honoured only once it is proven.
  if (discount.email && !context.customerEmailVerified) return err(new DomainError('EMAIL_VERIFICATION_REQUIRED'));
  if (discount.maxUses !== null && discount.uses >= discount.maxUses) return err(new DomainError('DISCOUNT_USAGE_LIMIT'));
  if (discount.maxUsesPerCustomer !== null && context.customerRedemptions >= discount.maxUsesPerCustomer) {
    return err(new DomainError('DISCOUNT_PURCHASE_LIMIT'));
  }
  if (context.basketTotalMinor <= 0) return err(new DomainError('DISCOUNT_NOT_APPLIED'));
  return ok({ code: discount.code, percentOff: discount.percentOff });
}
