import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryColumn } from 'typeorm';

@Entity({ name: 'country_accounts' })
export class CountryAccountRecord {
  @PrimaryColumn({ type: 'varchar', length: 2 })
  code!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'currency_code', type: 'char', length: 3 })
  currencyCode!: string;

  @Column({ name: 'tax_inclusive', type: 'boolean' })
  taxInclusive!: boolean;
}

@Entity({ name: 'product_suites' })
export class ProductSuiteRecord {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  reference!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'is_multi_user', type: 'boolean' })
  isMultiUser!: boolean;

  @Column({ name: 'is_free_download', type: 'boolean' })
  isFreeDownload!: boolean;

  @Column({ name: 'requires_shipping', type: 'boolean' })
  requiresShipping!: boolean;

  @Column({ name: 'quantity_minimum', type: 'integer' })
  quantityMinimum!: number;

  @Column({ name: 'quantity_maximum', type: 'integer' })
  quantityMaximum!: number;

  @Column({ name: 'quantity_locked', type: 'boolean' })
  quantityLocked!: boolean;

  @Column({ name: 'sort_order', type: 'integer' })
  sortOrder!: number;

  @OneToMany(() => ProductRecord, (product) => product.suite)
  products!: ProductRecord[];

  @OneToMany(() => SuiteIncludedProductRecord, (included) => included.suite)
  included!: SuiteIncludedProductRecord[];
}

@Entity({ name: 'products' })
export class ProductRecord {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  reference!: string;

  @Column({ name: 'suite_reference', type: 'varchar', length: 64 })
  suiteReference!: string;

  @ManyToOne(() => ProductSuiteRecord, (suite) => suite.products)
  @JoinColumn({ name: 'suite_reference' })
  suite!: ProductSuiteRecord;

  @Column({ name: 'choice_name', type: 'text' })
  choiceName!: string;

  @Column({ name: 'choice_synonym', type: 'varchar', length: 32 })
  choiceSynonym!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'link_src', type: 'text' })
  linkSrc!: string;

  @Column({ name: 'media_src', type: 'text' })
  mediaSrc!: string;

  @Column({ name: 'out_of_stock', type: 'boolean' })
  outOfStock!: boolean;

  @Column({ name: 'stock_expected_date', type: 'date', nullable: true })
  stockExpectedDate!: string | null;

  @Column({ name: 'preorder_date', type: 'date', nullable: true })
  preorderDate!: string | null;

  /** Of an earlier major version than the store's current line. */
  @Column({ type: 'boolean', default: false })
  legacy!: boolean;

  @Column({ name: 'sort_order', type: 'integer' })
  sortOrder!: number;

  @OneToMany(() => ProductPriceRecord, (price) => price.product)
  prices!: ProductPriceRecord[];
}

@Entity({ name: 'product_prices' })
export class ProductPriceRecord {
  @PrimaryColumn({ name: 'product_reference', type: 'varchar', length: 64 })
  productReference!: string;

  @PrimaryColumn({ name: 'country_account_code', type: 'varchar', length: 2 })
  countryAccountCode!: string;

  @ManyToOne(() => ProductRecord, (product) => product.prices)
  @JoinColumn({ name: 'product_reference' })
  product!: ProductRecord;

  @Column({ name: 'current_minor', type: 'integer' })
  currentMinor!: number;

  @Column({ name: 'original_minor', type: 'integer' })
  originalMinor!: number;
}

@Entity({ name: 'suite_included_products' })
export class SuiteIncludedProductRecord {
  @PrimaryColumn({ name: 'suite_reference', type: 'varchar', length: 64 })
  suiteReference!: string;

  @PrimaryColumn({ name: 'product_reference', type: 'varchar', length: 64 })
  productReference!: string;

  @ManyToOne(() => ProductSuiteRecord, (suite) => suite.included)
  @JoinColumn({ name: 'suite_reference' })
  suite!: ProductSuiteRecord;

  @ManyToOne(() => ProductRecord)
  @JoinColumn({ name: 'product_reference' })
  product!: ProductRecord;

  @Column({ name: 'sort_order', type: 'integer' })
  sortOrder!: number;
}
