import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryColumn } from 'typeorm';

@Entity({ name: 'baskets' })
export class BasketRecord {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  reference!: string;

  @Column({ name: 'country_account_code', type: 'varchar', length: 2 })
  countryAccountCode!: string;

  @Column({ name: 'discount_code', type: 'varchar', length: 64, nullable: true })
  discountCode!: string | null;

  @Column({ name: 'voucher_code', type: 'varchar', length: 32, nullable: true })
  voucherCode!: string | null;

  @Column({ name: 'shipping_country', type: 'varchar', length: 2, nullable: true })
  shippingCountry!: string | null;

  /** Set when the basket became an order; an ordered basket is closed to reads and edits. */
  @Column({ name: 'ordered_at', type: 'timestamptz', nullable: true })
  orderedAt!: Date | null;

  @Column({ name: 'customer_id', type: 'uuid', nullable: true })
  customerId!: string | null;

  @Column({ type: 'integer' })
  version!: number;

  /** The basket's order is reserved and not failed: edits are refused. */
  @Column({ name: 'placing_order', type: 'boolean', default: false })
  placingOrder!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany(() => BasketLineRecord, (line) => line.basket)
  lines!: BasketLineRecord[];
}

@Entity({ name: 'basket_lines' })
export class BasketLineRecord {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  reference!: string;

  @Column({ name: 'basket_reference', type: 'varchar', length: 64 })
  basketReference!: string;

  @ManyToOne(() => BasketRecord, (basket) => basket.lines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'basket_reference' })
  basket!: BasketRecord;

  @Column({ name: 'suite_reference', type: 'varchar', length: 64 })
  suiteReference!: string;

  @Column({ name: 'product_reference', type: 'varchar', length: 64 })
  productReference!: string;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ name: 'quantity_locked', type: 'boolean' })
  quantityLocked!: boolean;

  @Column({ type: 'integer' })
  position!: number;
}

@Entity({ name: 'discount_codes' })
export class DiscountCodeRecord {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  code!: string;

  @Column({ name: 'percent_off', type: 'integer' })
  percentOff!: number;

  @Column({ name: 'max_uses', type: 'integer', nullable: true })
  maxUses!: number | null;

  @Column({ type: 'integer' })
  uses!: number;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'max_uses_per_customer', type: 'integer', nullable: true })
  maxUsesPerCustomer!: number | null;

  @Column({ name: 'country_accounts', type: 'varchar', array: true, nullable: true })
  countryAccounts!: string[] | null;
}
