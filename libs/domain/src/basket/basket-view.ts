import type { CatalogueProduct, ProductSuite } from '../catalogue/product';
import { DomainError } from '../errors/error-catalogue';
import { toDecimalString, type Money } from '../shared/money';
import { err, ok, type Result } from '../shared/result';
import { staleHash, type Basket, type BasketLine } from './basket';
import { priceBasket, type AppliedDiscount, type DiscountInput, type PricingContext, type Totals } from './basket-pricing';

export interface CountryAccount extends PricingContext {
  readonly code: string;
  readonly name: string;
}

export interface BasketLineView {
  readonly line: BasketLine;
  readonly suite: ProductSuite;
  readonly product: CatalogueProduct;
  readonly total: Money;
  /** This line's share of the discount. */
  readonly discount: Money;
}

export interface BasketView {
  readonly basket: Basket;
  readonly staleHash: string;
  readonly countryAccount: CountryAccount;
  readonly lines: readonly BasketLineView[];
  readonly flags: {
    readonly allowLineRemoval: boolean;
    readonly isFreeDownload: boolean;
    readonly shippingIsRequired: boolean;
  };
  readonly orderIsComplimentary: boolean;
  readonly total: Totals;
  readonly appliedDiscount: AppliedDiscount | null;
  /** What the shopper pays: the total less any discount. */
  readonly totalWithDiscount: Totals;
  /** The amount a 3-D Secure check is run for, as the decimal string providers expect. */
  readonly formattedTotalForVerification: string;
}

/**
 * Builds what the shopper sees of a basket: each line with its suite and active product,
 * priced in the basket's country account, with the flags later steps of the journey read.
 */
export function viewBasket(
  basket: Basket,
  countryAccount: CountryAccount,
  suites: ReadonlyMap<string, ProductSuite>,
  discount: DiscountInput | null = null,
): Result<BasketView, DomainError> {
  const lines: Omit<BasketLineView, 'total' | 'discount'>[] = [];
  for (const line of basket.lines) {
    const suite = suites.get(line.suiteReference);
    const product = suite?.products.find((candidate) => candidate.reference === line.productReference);
    if (!suite || !product) return err(new DomainError('PRODUCT_NOT_FOUND'));
    lines.push({ line, suite, product });
  }
  const pricing = priceBasket(
    lines.map(({ line, product }) => ({ reference: line.reference, unitPrice: product.price.current, quantity: line.quantity })),
    countryAccount,
    hasDiscountable(lines) ? discount : null,
  );
  const views = lines.map((view, index) => ({ ...view, total: pricing.lines[index].total, discount: pricing.lines[index].discount }));
  const hasLines = views.length > 0;
  const isZeroTotal = pricing.total.gross.amountMinor === 0;
  const paysNothing = pricing.totalWithDiscount.gross.amountMinor === 0;
  const isFreeDownload = hasLines && isZeroTotal && views.every((view) => view.suite.isFreeDownload);
  return ok({
    basket,
    staleHash: staleHash(basket, {
      currency: countryAccount.currency,
      netMinor: pricing.totalWithDiscount.net.amountMinor,
      taxMinor: pricing.totalWithDiscount.tax.amountMinor,
      grossMinor: pricing.totalWithDiscount.gross.amountMinor,
      discountCode: pricing.appliedDiscount?.code ?? null,
    }),
    countryAccount,
    lines: views,
    flags: {
      allowLineRemoval: true,
      isFreeDownload,
      shippingIsRequired: views.some((view) => view.suite.requiresShipping),
    },
    orderIsComplimentary: hasLines && paysNothing && !isFreeDownload,
    total: pricing.total,
    appliedDiscount: pricing.appliedDiscount,
    totalWithDiscount: pricing.totalWithDiscount,
    formattedTotalForVerification: toDecimalString(pricing.totalWithDiscount.gross),
  });
}

/** A discount needs something to take off: a basket of free items keeps none. */
function hasDiscountable(lines: readonly { product: CatalogueProduct; line: { quantity: number } }[]): boolean {
  return lines.some(({ product }) => product.price.current.amountMinor > 0);
}
