import type { DiscountCode } from '@store/domain';

export interface DiscountRepository {
  find(code: string): Promise<DiscountCode | null>;
  /** How often a customer has redeemed a code in placed orders. */
  redemptionsBy(code: string, customerId: string): Promise<number>;
}
export const DISCOUNT_REPOSITORY = Symbol('DiscountRepository');
