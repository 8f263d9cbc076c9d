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
  readonly product_choices: readonly { readonly choice: ProductJson['choice']; readonly product: ProductJson }[];
  readonly products_included: readonly ProductJson[];
  readonly total: MoneyJson;
}

export interface BasketJson {
  readonly reference: string;
  readonly stale_hash: string;
  readonly country_account: string;
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
    readonly formatted_total_for_3d_verification: string;
  };
}
