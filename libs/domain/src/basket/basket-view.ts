import type { CatalogueProduct, ProductSuite } from '../catalogue/product';
import { DomainError } from '../errors/error-catalogue';
import { money, toDecimalString, type Money } from '../shared/money';
import { err, ok, type Result } from '../shared/result';
import { destinationUnitPrice, type TaxDestination } from '../tax/destination-tax';
import { staleHash, type Basket, type BasketLine } from './basket';
import { priceBasket, type AppliedDiscount, type DiscountInput, type PricingContext, type Totals } from './basket-pricing';
import { applyVoucher, type AppliedVoucher, type VoucherInput } from './voucher';

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
  /** The rate its tax is counted at (the account's, or where a posted product goes); 0 where tax follows the address. */
  readonly taxRateBasisPoints: number;
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
  /** The voucher paying part of it, after discount and tax (null: none). */
  readonly appliedVoucher: AppliedVoucher | null;
  /** What is left to pay by other means: the total less any discount, less what a voucher covers. */
  readonly amountToPay: Money;
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
  voucher: VoucherInput | null = null,
  /** Where posted products go, once the shopper has said; they are taxed there (ours). */
  destination: TaxDestination | null = null,
): Result<BasketView, DomainError> {
  const lines: Omit<BasketLineView, 'total' | 'discount' | 'taxRateBasisPoints'>[] = [];
  // Only a tax-inclusive price holds a tax to exchange; a tax-exclusive account's tax follows the address anyway.
  const shipsTo = destination && countryAccount.taxInclusive ? destination : null;
  for (const line of basket.lines) {
    const suite = suites.get(line.suiteReference);
    const listed = suite?.products.find((candidate) => candidate.reference === line.productReference);
    if (!suite || !listed) return err(new DomainError('PRODUCT_NOT_FOUND'));
    const product = shipsTo && suite.requiresShipping ? pricedFor(listed, countryAccount, shipsTo) : listed;
    lines.push({ line, suite, product });
  }
  const rateOf = (suite: ProductSuite) =>
    shipsTo && suite.requiresShipping ? shipsTo.taxRateBasisPoints : countryAccount.taxInclusive ? countryAccount.taxRateBasisPoints : 0;
  const pricing = priceBasket(
    lines.map(({ line, product, suite }) => ({
      reference: line.reference,
      unitPrice: product.price.current,
      quantity: line.quantity,
      taxRateBasisPoints: shipsTo && suite.requiresShipping ? shipsTo.taxRateBasisPoints : undefined,
    })),
    countryAccount,
    hasDiscountable(lines) ? discount : null,
  );
  const views = lines.map((view, index) => ({
    ...view,
    total: pricing.lines[index].total,
    discount: pricing.lines[index].discount,
    taxRateBasisPoints: rateOf(view.suite),
  }));
  const hasLines = views.length > 0;
  const isZeroTotal = pricing.total.gross.amountMinor === 0;
  const dueMinor = pricing.totalWithDiscount.gross.amountMinor;
  // Our choice: a voucher is a means of payment, so it comes off last, after discount and tax.
  const appliedVoucher = voucher && hasLines && dueMinor > 0 ? applyVoucher(dueMinor, voucher, countryAccount.currency) : null;
  const amountToPay = money(dueMinor - (appliedVoucher?.amount.amountMinor ?? 0), countryAccount.currency);
  const paysNothing = amountToPay.amountMinor === 0;
  const isFreeDownload = hasLines && isZeroTotal && views.every((view) => view.suite.isFreeDownload);
  return ok({
    basket,
    staleHash: staleHash(basket, {
      currency: countryAccount.currency,
      netMinor: pricing.totalWithDiscount.net.amountMinor,
      taxMinor: pricing.totalWithDiscount.tax.amountMinor,
      grossMinor: pricing.totalWithDiscount.gross.amountMinor,
      discountCode: pricing.appliedDiscount?.code ?? null,
      voucherCode: appliedVoucher?.code ?? null,
      voucherMinor: appliedVoucher?.amount.amountMinor ?? 0,
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
    appliedVoucher,
    amountToPay,
    // 3-D Secure verifies what the card is charged: what the voucher leaves to pay.
    formattedTotalForVerification: toDecimalString(amountToPay),
  });
}

/** A posted product's price for the country it is delivered to. */
function pricedFor(product: CatalogueProduct, account: CountryAccount, destination: TaxDestination): CatalogueProduct {
  const rebase = (price: Money) =>
    money(destinationUnitPrice(price.amountMinor, account.taxRateBasisPoints, destination.taxRateBasisPoints), price.currency);
  return { ...product, price: { current: rebase(product.price.current), original: rebase(product.price.original) } };
}

/** A discount needs something to take off: a basket of free items keeps none. */
function hasDiscountable(lines: readonly { product: CatalogueProduct; line: { quantity: number } }[]): boolean {
  return lines.some(({ product }) => product.price.current.amountMinor > 0);
}
