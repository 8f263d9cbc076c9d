import { normaliseVoucherCode, type Voucher } from '@store/domain';
import type { VoucherRepository } from '../basket/voucher.ports';

export class InMemoryVouchers implements VoucherRepository {
  /** Redemptions, with the order that made each (absent: one a spec put there). */
  readonly redemptions: { code: string; customerId: string; orderNumber?: string }[] = [];
  readonly customersWithOrders = new Set<string>();
  constructor(readonly vouchers: Voucher[] = []) {}
  async find(code: string) {
    return this.vouchers.find((candidate) => candidate.code === normaliseVoucherCode(code)) ?? null;
  }
  async redemptionsBy(code: string, customerId: string) {
    return this.redemptions.filter((redemption) => redemption.code === code && redemption.customerId === customerId).length;
  }
  async hasOrdered(customerId: string) {
    return this.customersWithOrders.has(customerId);
  }
}
