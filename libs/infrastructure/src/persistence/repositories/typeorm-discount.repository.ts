import type { DiscountRepository } from '@store/application';
import { normaliseDiscountCode, type DiscountCode } from '@store/domain';
import type { DataSource } from 'typeorm';
import { DiscountCodeRecord } from '../entities';

export class TypeOrmDiscountRepository implements DiscountRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(code: string): Promise<DiscountCode | null> {
    const normalised = normaliseDiscountCode(code);
    if (!/^[A-Z0-9-]{1,64}$/.test(normalised)) return null;
    const record = await this.dataSource.getRepository(DiscountCodeRecord).findOneBy({ code: normalised });
    if (!record) return null;
    return {
      code: record.code,
      percentOff: record.percentOff,
      maxUses: record.maxUses,
      uses: record.uses,
      maxUsesPerCustomer: record.maxUsesPerCustomer,
      email: record.email,
      expiresAt: record.expiresAt,
      countryAccounts: record.countryAccounts,
    };
  }

  async redemptionsBy(code: string, customerId: string): Promise<number> {
    const [{ count }] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM discount_redemptions WHERE code = $1 AND customer_id = $2`,
      [normaliseDiscountCode(code), customerId],
    );
    return count;
  }
}
