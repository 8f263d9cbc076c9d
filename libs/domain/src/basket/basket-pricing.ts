import { divideRounded, money, multiply, sum, type Money } from '../shared/money';

export interface PricedLineInput {
  readonly reference: string;
  readonly unitPrice: Money;
  readonly quantity: number;
}

export interface Totals {
  readonly net: Money;
  readonly tax: Money;
  readonly gross: Money;
  readonly isZeroVat: boolean;
}

export interface BasketPricing {
  readonly currency: string;
  readonly taxInclusive: boolean;
  readonly lines: readonly { readonly reference: string; readonly total: Money }[];
  readonly total: Totals;
}

export interface PricingContext {
  readonly currency: string;
  /** Prices already include tax (VAT/GST accounts); otherwise tax is added once the address is known. */
  readonly taxInclusive: boolean;
  /** Tax rate in basis points (2000 = 20%) for tax-inclusive accounts. */
  readonly taxRateBasisPoints: number;
}

/**
 * Prices a basket. In a tax-inclusive account the gross is what the shopper sees and the tax is
 * the part of it that is VAT; in a tax-exclusive account (US) no tax is known before the address.
 */
export function priceBasket(lines: readonly PricedLineInput[], context: PricingContext): BasketPricing {
  const pricedLines = lines.map((line) => ({ reference: line.reference, total: multiply(line.unitPrice, line.quantity) }));
  const linesTotal = sum(
    pricedLines.map((line) => line.total),
    context.currency,
  );
  let tax = money(0, context.currency);
  if (context.taxInclusive && context.taxRateBasisPoints > 0) {
    const net = divideRounded(linesTotal.amountMinor * 10000, 10000 + context.taxRateBasisPoints);
    tax = money(linesTotal.amountMinor - net, context.currency);
  }
  const gross = linesTotal;
  const net = money(gross.amountMinor - tax.amountMinor, context.currency);
  return {
    currency: context.currency,
    taxInclusive: context.taxInclusive,
    lines: pricedLines,
    total: { net, tax, gross, isZeroVat: tax.amountMinor === 0 },
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
