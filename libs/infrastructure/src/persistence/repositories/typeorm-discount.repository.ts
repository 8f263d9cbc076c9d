import type { DiscountRepository } from '@store/application';
import { normaliseDiscountCode, type DiscountCode } from '@store/domain';
import type { DataSource } from 'typeorm';
import { preparedQuery } from '../prepared-statements';

interface DiscountCodeRow {
  code: string;
  percent_off: number;
  max_uses: number | null;
  uses: number;
  max_uses_per_customer: number | null;
  email: string | null;
  expires_at: Date | null;
  country_accounts: string[] | null;
}

const FIND_SQL = `SELECT code, percent_off, max_uses, uses, max_uses_per_customer, email, expires_at, country_accounts
  FROM discount_codes WHERE code = $1`;

export class TypeOrmDiscountRepository implements DiscountRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(code: string): Promise<DiscountCode | null> {
    const normalised = normaliseDiscountCode(code);
    if (!/^[A-Z0-9-]{1,64}$/.test(normalised)) return null;
    // Named: APPLY_DISCOUNT_CODE and PLACE_ORDER with a code read it on every call.
    const [row] = await preparedQuery<DiscountCodeRow>(this.dataSource, 'discount-code', FIND_SQL, [normalised]);
    if (!row) return null;
    return {
      code: row.code,
      percentOff: row.percent_off,
      maxUses: row.max_uses,
      uses: row.uses,
      maxUsesPerCustomer: row.max_uses_per_customer,
      email: row.email,
      expiresAt: row.expires_at,
      countryAccounts: row.country_accounts,
    };
  }

  async redemptionsBy(code: string, customerId: string): Promise<number> {
    const [{ count }] = await preparedQuery<{ count: number }>(
      this.dataSource,
      'discount-redemptions-by',
      `SELECT count(*)::int AS count FROM discount_redemptions WHERE code = $1 AND customer_id = $2`,
      [normaliseDiscountCode(code), customerId],
    );
    return count;
  }
}
