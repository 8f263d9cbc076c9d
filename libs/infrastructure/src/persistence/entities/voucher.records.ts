import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'vouchers' })
export class VoucherRecord {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  code!: string;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ name: 'initial_minor', type: 'integer' })
  initialMinor!: number;

  /** Changed only by the guarded UPDATEs of the order repository; a CHECK keeps it within 0..initial. */
  @Column({ name: 'balance_minor', type: 'integer' })
  balanceMinor!: number;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'max_uses_per_customer', type: 'integer', nullable: true })
  maxUsesPerCustomer!: number | null;

  @Column({ name: 'country_accounts', type: 'varchar', array: true, nullable: true })
  countryAccounts!: string[] | null;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ name: 'new_customers_only', type: 'boolean' })
  newCustomersOnly!: boolean;
}
