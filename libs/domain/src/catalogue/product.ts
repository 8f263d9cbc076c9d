import type { Money } from '../shared/money';

/** A platform or edition a suite is sold in, e.g. macOS, Windows, iPad, or 'universal'. */
export interface ProductChoice {
  readonly name: string;
  readonly synonym: string;
}

export interface ProductPrice {
  readonly current: Money;
  readonly original: Money;
}

export interface ProductStock {
  readonly outOfStock: boolean;
  /** ISO date (YYYY-MM-DD) the product is expected back in stock, when out of stock. */
  readonly expectedDate: string | null;
  /** ISO date (YYYY-MM-DD) a pre-ordered product becomes available for download. */
  readonly preorderDate: string | null;
}

/** One purchasable product: a suite in one of its choices, priced for one country account. */
export interface CatalogueProduct {
  readonly reference: string;
  readonly name: string;
  readonly description: string;
  readonly linkSrc: string;
  readonly mediaSrc: string;
  readonly choice: ProductChoice;
  readonly price: ProductPrice;
  readonly taxInclusive: boolean;
  readonly stock: ProductStock;
  /** Of an earlier major version than the store's current line (spec 2 §3 legacy_product); absent means current. */
  readonly legacy?: boolean;
}

/** What a shopper adds to the basket: a product family with its choices and quantity rules. */
export interface ProductSuite {
  readonly reference: string;
  readonly name: string;
  readonly description: string;
  readonly isMultiUser: boolean;
  readonly isFreeDownload: boolean;
  /** A physical item (a printed book, a boxed copy) that has to be shipped. */
  readonly requiresShipping: boolean;
  readonly quantityMinimum: number;
  readonly quantityMaximum: number;
  readonly quantityLocked: boolean;
  /** Products that come free with this one (bonus products), by reference. */
  readonly productsIncluded: readonly CatalogueProduct[];
  readonly products: readonly CatalogueProduct[];
}

/** A single choice with one of these synonyms is not shown (spec 1 §3). */
export const UNSHOWN_SINGLE_CHOICE_SYNONYMS: readonly string[] = ['none', 'universal', 'ipados'];

/** Whether the choice of a product is worth showing: several choices, or one that says something. */
export function showsChoice(choices: readonly ProductChoice[]): boolean {
  if (choices.length > 1) return true;
  if (choices.length === 0) return false;
  return !UNSHOWN_SINGLE_CHOICE_SYNONYMS.includes(choices[0].synonym);
}

export interface PriceDisplay {
  readonly isFree: boolean;
  /** The original price is shown struck through next to the current one. */
  readonly showOriginalStruck: boolean;
  readonly onOffer: boolean;
}

/** Free products show 'Free', struck through the original when that was not free; offers strike the original. */
export function priceDisplay(price: ProductPrice): PriceDisplay {
  const isFree = price.current.amountMinor === 0;
  const originalIsFree = price.original.amountMinor === 0;
  const onOffer = price.current.amountMinor < price.original.amountMinor;
  return { isFree, showOriginalStruck: onOffer && !originalIsFree, onOffer };
}

export function taxLabel(taxInclusive: boolean): 'incl. tax' | 'excl. tax' {
  return taxInclusive ? 'incl. tax' : 'excl. tax';
}

/** The stock notes of spec 1 §8, with the date already formatted for the shopper. */
export function stockNote(stock: ProductStock, formatDate: (isoDate: string) => string): string | null {
  if (stock.outOfStock && stock.expectedDate) return `Out of stock. Expected: ${formatDate(stock.expectedDate)}`;
  if (stock.outOfStock) return 'Out of stock';
  if (stock.preorderDate) return `Pre-order. Available: ${formatDate(stock.preorderDate)}`;
  return null;
}
