import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'customers' })
export class CustomerRecord {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'public_id', type: 'varchar', length: 64 })
  publicId!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'email_normalised', type: 'text' })
  emailNormalised!: string;

  @Column({ name: 'email_verified', type: 'boolean' })
  emailVerified!: boolean;

  @Column({ name: 'first_name', type: 'text' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName!: string;

  @Column({ type: 'varchar', length: 2, nullable: true })
  country!: string | null;

  @Column({ name: 'account_type', type: 'varchar', length: 16 })
  accountType!: string;

  @Column({ name: 'customer_category', type: 'varchar', length: 64 })
  customerCategory!: string;

  @Column({ name: 'account_name', type: 'text', nullable: true })
  accountName!: string | null;

  @Column({ name: 'has_confirmed_account_type', type: 'boolean' })
  hasConfirmedAccountType!: boolean;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ name: 'failed_sign_ins', type: 'integer' })
  failedSignIns!: number;
}

@Entity({ name: 'customer_categories' })
export class CustomerCategoryRecord {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  fqn!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'sort_order', type: 'integer' })
  sortOrder!: number;
}

@Entity({ name: 'sessions' })
export class SessionRecord {
  @PrimaryColumn({ name: 'id_digest', type: 'char', length: 64 })
  idDigest!: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
