import type { VoucherRepository } from '@store/application';
import { normaliseVoucherCode, VOUCHER_CODE_PATTERN, type Voucher } from '@store/domain';
import type { DataSource } from 'typeorm';
import { VoucherRecord } from '../entities';

export class TypeOrmVoucherRepository implements VoucherRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(code: string): Promise<Voucher | null> {
    const normalised = normaliseVoucherCode(code);
    if (!VOUCHER_CODE_PATTERN.test(normalised)) return null;
    const record = await this.dataSource.getRepository(VoucherRecord).findOneBy({ code: normalised });
    if (!record) return null;
    return {
      code: record.code,
      currency: record.currency,
      initialMinor: record.initialMinor,
      balanceMinor: record.balanceMinor,
      expiresAt: record.expiresAt,
      maxUsesPerCustomer: record.maxUsesPerCustomer,
      countryAccounts: record.countryAccounts,
      email: record.email,
      newCustomersOnly: record.newCustomersOnly,
    };
  }

  async redemptionsBy(code: string, customerId: string): Promise<number> {
    const [{ count }] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM voucher_redemptions WHERE code = $1 AND customer_id = $2`,
      [normaliseVoucherCode(code), customerId],
    );
    return count;
  }

  async hasOrdered(customerId: string): Promise<boolean> {
    const [{ ordered }] = await this.dataSource.query(`SELECT EXISTS (SELECT 1 FROM orders WHERE customer_id = $1 AND status IN ('paid', 'refunded')) AS ordered`, [
      customerId,
    ]);
    return ordered;
  }
}
