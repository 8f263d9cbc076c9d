import { divideRounded, money, multiply, sum, type Money } from '../shared/money';
import { prorate } from '../shared/prorate';

export interface PricedLineInput {
  readonly reference: string;
  readonly unitPrice: Money;
  readonly quantity: number;
  /** This line's own tax rate, when it is taxed elsewhere than the account (a posted product). */
  readonly taxRateBasisPoints?: number;
}

export interface Totals {
  readonly net: Money;
  readonly tax: Money;
  readonly gross: Money;
  readonly isZeroVat: boolean;
}

export interface PricedLine {
  readonly reference: string;
  /** Unit price times quantity, before any discount. */
  readonly total: Money;
  /** This line's share of the basket discount (zero without one). */
  readonly discount: Money;
}

export interface AppliedDiscount {
  readonly code: string;
  readonly percentOff: number;
  /** The amount taken off, split into net and tax like the totals. */
  readonly amount: Totals;
}

export interface BasketPricing {
  readonly currency: string;
  readonly taxInclusive: boolean;
  readonly lines: readonly PricedLine[];
  readonly total: Totals;
  readonly appliedDiscount: AppliedDiscount | null;
  /** What the shopper pays: the total less the discount (equal to the total without one). */
  readonly totalWithDiscount: Totals;
}

export interface PricingContext {
  readonly currency: string;
  /** Prices already include tax (VAT/GST accounts); otherwise tax is added once the address is known. */
  readonly taxInclusive: boolean;
  /** Tax rate in basis points (2000 = 20%) for tax-inclusive accounts. */
  readonly taxRateBasisPoints: number;
}

export interface DiscountInput {
  readonly code: string;
  /** Whole percent, 1 to 100. */
  readonly percentOff: number;
}

/**
 * Totals of amounts that each carry a tax rate: the tax is taken out of each rate's sum once, so a
 * basket at one rate is taxed exactly as its whole gross would be.
 */
function totalsOf(parts: readonly { grossMinor: number; rate: number }[], context: PricingContext): Totals {
  const byRate = new Map<number, number>();
  for (const part of parts) byRate.set(part.rate, (byRate.get(part.rate) ?? 0) + part.grossMinor);
  let grossMinor = 0;
  let taxMinor = 0;
  for (const [rate, gross] of byRate) {
    grossMinor += gross;
    if (context.taxInclusive && rate > 0) taxMinor += gross - divideRounded(gross * 10000, 10000 + rate);
  }
  return {
    net: money(grossMinor - taxMinor, context.currency),
    tax: money(taxMinor, context.currency),
    gross: money(grossMinor, context.currency),
    isZeroVat: taxMinor === 0,
  };
}

/** The amount a whole-percent discount takes off, rounded half up to the minor unit. */
export function discountOff(totalMinor: number, percentOff: number): number {
  if (!Number.isInteger(percentOff) || percentOff < 1 || percentOff > 100) {
    throw new RangeError(`A discount is a whole percent from 1 to 100, got ${percentOff}`);
  }
  return divideRounded(totalMinor * percentOff, 100);
}

/**
 * Prices a basket. In a tax-inclusive account the gross is what the shopper sees and the tax is
 * the part of it that is VAT; in a tax-exclusive account (US) no tax is known before the address.
 * A discount comes off the whole and is split across the lines by largest remainder, so the
 * lines' shares always add up to it exactly.
 */
export function priceBasket(
  lines: readonly PricedLineInput[],
  context: PricingContext,
  discount: DiscountInput | null = null,
): BasketPricing {
  const lineTotals = lines.map((line) => multiply(line.unitPrice, line.quantity));
  const grossMinor = sum(lineTotals, context.currency).amountMinor;
  const offMinor = discount ? discountOff(grossMinor, discount.percentOff) : 0;
  const shares = prorate(
    lineTotals.map((total) => total.amountMinor),
    offMinor,
  );
  const rateOf = (index: number) => lines[index].taxRateBasisPoints ?? context.taxRateBasisPoints;
  const total = totalsOf(
    lineTotals.map((line, index) => ({ grossMinor: line.amountMinor, rate: rateOf(index) })),
    context,
  );
  const totalWithDiscount = totalsOf(
    lineTotals.map((line, index) => ({ grossMinor: line.amountMinor - shares[index], rate: rateOf(index) })),
    context,
  );
  return {
    currency: context.currency,
    taxInclusive: context.taxInclusive,
    lines: lines.map((line, index) => ({
      reference: line.reference,
      total: lineTotals[index],
      discount: money(shares[index], context.currency),
    })),
    total,
    appliedDiscount: discount
      ? {
          code: discount.code,
          percentOff: discount.percentOff,
          amount: {
            net: money(total.net.amountMinor - totalWithDiscount.net.amountMinor, context.currency),
            tax: money(total.tax.amountMinor - totalWithDiscount.tax.amountMinor, context.currency),
            gross: money(offMinor, context.currency),
            isZeroVat: total.tax.amountMinor === totalWithDiscount.tax.amountMinor,
          },
        }
      : null,
    totalWithDiscount,
  };
}

/** Totals show gross when tax-inclusive, otherwise net (spec 1 §9). */
export function displayedTotal(pricing: Pick<BasketPricing, 'taxInclusive' | 'total'>): {
  label: 'Total (including tax)' | 'Subtotal (excluding tax)';
  amount: Money;
} {
  return pricing.taxInclusive
    ? { label: 'Total (including tax)', amount: pricing.total.gross }
    : { label: 'Subtotal (excluding tax)', amount: pricing.total.net };
}
