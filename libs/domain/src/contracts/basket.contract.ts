import type { MoneyJson, ProductJson } from './catalogue.contract';

export interface TotalsJson {
  readonly net: MoneyJson;
  readonly tax: MoneyJson;
  readonly gross: MoneyJson;
  readonly is_zero_vat: boolean;
  readonly is_zero_total: boolean;
}

export interface BasketLineJson {
  readonly reference: string;
  readonly quantity: number;
  readonly quantity_locked: boolean;
  readonly quantity_minimum: number;
  readonly quantity_maximum: number;
  readonly product_suite_reference: string;
  readonly name: string;
  readonly is_multi_user: boolean;
  readonly show_choice: boolean;
  readonly active_product_choice: string;
  /**
   * Each choice with its product; legacy_product (spec 2 §3, ours: a flag) says the product is of an
   * earlier major version than the store's current line, which the page says beside its name.
   */
  readonly product_choices: readonly { readonly choice: ProductJson['choice']; readonly product: ProductJson; readonly legacy_product: boolean }[];
  readonly products_included: readonly ProductJson[];
  readonly total: MoneyJson;
  /** This line's share of the applied discount. */
  readonly discount: MoneyJson;
}

export interface BasketJson {
  readonly reference: string;
  readonly stale_hash: string;
  readonly country_account: string;
  readonly shipping_country: string | null;
  /** Top notices for the shopper: 300 items removed, 210 basket updated, 201006 discount problem. */
  readonly notices: readonly number[];
  readonly lines: readonly BasketLineJson[];
  readonly flags: {
    readonly allow_line_removal: boolean;
    readonly is_free_download: boolean;
    readonly shipping_is_required: boolean;
  };
  readonly order_is_complimentary: boolean;
  readonly pricing: {
    readonly currency_code: string;
    readonly tax_inclusive: boolean;
    readonly total: TotalsJson;
    readonly applied_discount: null | { readonly code: string; readonly percentage: number; readonly total: TotalsJson };
    readonly total_with_discount_applied: TotalsJson | null;
    /** Ours: the voucher paying part or all of it, after discount and tax, and what stays on it. */
    readonly applied_voucher: null | { readonly code: string; readonly amount: MoneyJson; readonly balance_left: MoneyJson };
    /** Ours: what is left to pay by card, PayPal or the reseller once any voucher has paid its part. */
    readonly amount_to_pay: MoneyJson;
    readonly formatted_total_for_3d_verification: string;
  };
}

/** The ecommerce payload sent with analytics events (only with consent). */
export interface BasketAnalyticsJson {
  readonly currency: string;
  /** Decimal string of the total the shopper pays. */
  readonly value: string;
  readonly coupon: string | null;
  /** add_payment_info only: how the shopper pays (GA4's payment_type). */
  readonly payment_type?: string;
  readonly items: readonly { readonly item_id: string; readonly item_name: string; readonly item_variant: string; readonly price: string; readonly quantity: number }[];
}

export interface BasketChangeJson {
  readonly basket: BasketJson;
  readonly analytics: BasketAnalyticsJson;
  readonly order_is_complimentary: boolean;
  readonly stale_hash: string;
}
