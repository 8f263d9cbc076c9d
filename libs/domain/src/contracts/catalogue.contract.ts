/**
 * The JSON the API sends and the web app reads. The API's presenters are typed against these,
 * so the two sides cannot drift apart. Amounts are integer minor units.
 */
export interface MoneyJson {
  readonly amount_minor: number;
  readonly currency: string;
}

export interface ProductJson {
  readonly reference: string;
  readonly name: string;
  readonly description: string;
  readonly link: { readonly src: string };
  readonly media: { readonly src: string };
  readonly choice: { readonly name: string; readonly synonym: string };
  readonly price_current: MoneyJson;
  readonly price_original: MoneyJson;
  readonly price_on_offer: boolean;
  readonly price_current_is_free: boolean;
  readonly price_original_is_free: boolean;
  readonly tax_inclusive: boolean;
  readonly stock: {
    readonly out_of_stock: boolean;
    /** ISO date the product is expected back, when out of stock. */
    readonly expected_date: string | null;
    readonly is_preorder: boolean;
    /** ISO date a pre-order becomes available for download. */
    readonly date_available_for_download: string | null;
  };
}

export interface ProductSuiteJson {
  readonly reference: string;
  readonly name: string;
  readonly description: string;
  readonly is_multi_user: boolean;
  readonly is_free_download: boolean;
  readonly requires_shipping: boolean;
  readonly quantity_minimum: number;
  readonly quantity_maximum: number;
  readonly quantity_locked: boolean;
  readonly show_choice: boolean;
  readonly products: readonly ProductJson[];
  readonly products_included: readonly ProductJson[];
}

export interface CatalogueJson {
  readonly country_account: string;
  readonly currency_code: string;
  readonly tax_inclusive: boolean;
  readonly suites: readonly ProductSuiteJson[];
}
