import type { DataSource, EntityManager } from 'typeorm';
import demoCatalogue from './demo-catalogue.json';

interface SeedProduct {
  reference: string;
  choice: { name: string; synonym: string };
  name: string;
  description?: string;
  media: string;
  link: string;
  outOfStock?: boolean;
  stockExpectedDate?: string;
  preorderDate?: string;
  /** Of an earlier major version than the store's current line. */
  legacy?: boolean;
  /** Per country account: [current, original] in minor units. */
  prices: Record<string, [number, number]>;
}

interface SeedSuite {
  reference: string;
  name: string;
  description: string;
  isMultiUser?: boolean;
  isFreeDownload?: boolean;
  requiresShipping?: boolean;
  quantityMinimum?: number;
  quantityMaximum?: number;
  quantityLocked?: boolean;
  products: SeedProduct[];
  productsIncluded?: string[];
}

export interface CatalogueSeed {
  countryAccounts: { code: string; name: string; currency: string; taxInclusive: boolean }[];
  suites: SeedSuite[];
  discountCodes: {
    code: string;
    percentOff: number;
    maxUses: number | null;
    uses: number;
    email: string | null;
    expiresAt: string | null;
    maxUsesPerCustomer?: number | null;
    countryAccounts?: string[] | null;
  }[];
  vouchers?: {
    code: string;
    currency: string;
    initialMinor: number;
    balanceMinor: number;
    expiresAt?: string | null;
    maxUsesPerCustomer?: number | null;
    countryAccounts?: string[] | null;
    email?: string | null;
    newCustomersOnly?: boolean;
  }[];
}

export const DEMO_CATALOGUE = demoCatalogue as unknown as CatalogueSeed;

/**
 * Writes the catalogue with upserts in one transaction: running it again changes nothing
 * that the seed does not describe, and never resets how often a discount code was used.
 */
export async function seedCatalogue(dataSource: DataSource, seed: CatalogueSeed = DEMO_CATALOGUE): Promise<void> {
  await dataSource.transaction(async (db: EntityManager) => {
    for (const account of seed.countryAccounts) {
      await db.query(
        `INSERT INTO country_accounts (code, name, currency_code, tax_inclusive)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, currency_code = EXCLUDED.currency_code,
           tax_inclusive = EXCLUDED.tax_inclusive`,
        [account.code, account.name, account.currency, account.taxInclusive],
      );
    }
    for (const [suiteOrder, suite] of seed.suites.entries()) {
      await db.query(
        `INSERT INTO product_suites (reference, name, description, is_multi_user, is_free_download, requires_shipping,
           quantity_minimum, quantity_maximum, quantity_locked, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (reference) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
           is_multi_user = EXCLUDED.is_multi_user, is_free_download = EXCLUDED.is_free_download,
           requires_shipping = EXCLUDED.requires_shipping, quantity_minimum = EXCLUDED.quantity_minimum,
           quantity_maximum = EXCLUDED.quantity_maximum, quantity_locked = EXCLUDED.quantity_locked,
           sort_order = EXCLUDED.sort_order`,
        [
          suite.reference,
          suite.name,
          suite.description,
          suite.isMultiUser ?? false,
          suite.isFreeDownload ?? false,
          suite.requiresShipping ?? false,
          suite.quantityMinimum ?? 1,
          suite.quantityMaximum ?? 100,
          suite.quantityLocked ?? false,
          suiteOrder,
        ],
      );
      for (const [productOrder, product] of suite.products.entries()) {
        await db.query(
          `INSERT INTO products (reference, suite_reference, choice_name, choice_synonym, name, description, link_src,
             media_src, out_of_stock, stock_expected_date, preorder_date, sort_order, legacy)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
           ON CONFLICT (reference) DO UPDATE SET suite_reference = EXCLUDED.suite_reference,
             choice_name = EXCLUDED.choice_name, choice_synonym = EXCLUDED.choice_synonym, name = EXCLUDED.name,
             description = EXCLUDED.description, link_src = EXCLUDED.link_src, media_src = EXCLUDED.media_src,
             out_of_stock = EXCLUDED.out_of_stock, stock_expected_date = EXCLUDED.stock_expected_date,
             preorder_date = EXCLUDED.preorder_date, sort_order = EXCLUDED.sort_order, legacy = EXCLUDED.legacy`,
          [
            product.reference,
            suite.reference,
            product.choice.name,
            product.choice.synonym,
            product.name,
            product.description ?? suite.description,
            product.link,
            product.media,
            product.outOfStock ?? false,
            product.stockExpectedDate ?? null,
            product.preorderDate ?? null,
            productOrder,
            product.legacy ?? false,
          ],
        );
        for (const [account, [current, original]] of Object.entries(product.prices)) {
          await db.query(
            `INSERT INTO product_prices (product_reference, country_account_code, current_minor, original_minor)
             VALUES ($1, $2, $3, $4)
             ON CONFLICT (product_reference, country_account_code)
             DO UPDATE SET current_minor = EXCLUDED.current_minor, original_minor = EXCLUDED.original_minor`,
            [product.reference, account, current, original],
          );
        }
      }
    }
    for (const suite of seed.suites) {
      for (const [order, productReference] of (suite.productsIncluded ?? []).entries()) {
        await db.query(
          `INSERT INTO suite_included_products (suite_reference, product_reference, sort_order) VALUES ($1, $2, $3)
           ON CONFLICT (suite_reference, product_reference) DO UPDATE SET sort_order = EXCLUDED.sort_order`,
          [suite.reference, productReference, order],
        );
      }
    }
    for (const code of seed.discountCodes) {
      await db.query(
        `INSERT INTO discount_codes (code, percent_off, max_uses, uses, email, expires_at, max_uses_per_customer, country_accounts)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (code) DO UPDATE SET percent_off = EXCLUDED.percent_off, max_uses = EXCLUDED.max_uses,
           email = EXCLUDED.email, expires_at = EXCLUDED.expires_at, max_uses_per_customer = EXCLUDED.max_uses_per_customer,
           country_accounts = EXCLUDED.country_accounts`,
        [code.code, code.percentOff, code.maxUses, code.uses, code.email, code.expiresAt, code.maxUsesPerCustomer ?? null, code.countryAccounts ?? null],
      );
    }
    // A voucher's value and balance are money: seeding again changes its terms, never what is left on it.
    for (const voucher of seed.vouchers ?? []) {
      await db.query(
        `INSERT INTO vouchers (code, currency, initial_minor, balance_minor, expires_at, max_uses_per_customer, country_accounts, email, new_customers_only)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (code) DO UPDATE SET expires_at = EXCLUDED.expires_at, max_uses_per_customer = EXCLUDED.max_uses_per_customer,
           country_accounts = EXCLUDED.country_accounts, email = EXCLUDED.email, new_customers_only = EXCLUDED.new_customers_only`,
        [
          voucher.code,
          voucher.currency,
          voucher.initialMinor,
          voucher.balanceMinor,
          voucher.expiresAt ?? null,
          voucher.maxUsesPerCustomer ?? null,
          voucher.countryAccounts ?? null,
          voucher.email ?? null,
          voucher.newCustomersOnly ?? false,
        ],
      );
    }
  });
}
