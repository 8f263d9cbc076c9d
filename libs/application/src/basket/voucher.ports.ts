import type { Voucher } from '@store/domain';

export interface VoucherRepository {
  find(code: string): Promise<Voucher | null>;
  /** Orders of a customer that spent the voucher, paid or still being paid (a held redemption). */
  redemptionsBy(code: string, customerId: string): Promise<number>;
  /** Whether the customer has a paid order: vouchers for new customers only are not for them. */
  hasOrdered(customerId: string): Promise<boolean>;
}
export const VOUCHER_REPOSITORY = Symbol('VoucherRepository');
