import { money, toDecimalString, type BasketJson } from '@store/domain';
import type { PayPalAmountBreakdown, PayPalLineItem } from 'braintree-web/paypal-checkout';

/** What createPayment is told about the basket: the amount, and the items and breakdown that make it up. */
export interface PayPalCart {
  readonly amount: string;
  readonly currency: string;
  /** Absent when the basket cannot be itemised to the cent: PayPal is then told the amount alone. */
  readonly lineItems?: readonly PayPalLineItem[];
  readonly amountBreakdown?: PayPalAmountBreakdown;
}

/** braintree-web documents up to 249 line items; PayPal's item name is at most 127 characters. */
const MAX_ITEMS = 249;
const MAX_NAME = 127;

const nameOf = (name: string) => (name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name);

/**
 * The basket as PayPal's cart (spec 3: lineItems and amountBreakdown), adding up exactly as PayPal
 * checks it: item total = Σ unit × quantity, amount = item total + tax − discount. Each line's unit
 * price is its listed price (tax included where the storefront's prices include it, and then no tax
 * is added on top); a tax-exclusive storefront adds the basket's tax after discount as the tax
 * total. The discount code's reduction and any voucher's part are the discount: PayPal has no
 * field for a voucher paying part of the order. A line that does not divide by its quantity to the
 * cent is sent as two (the odd cents on some units), so nothing is rounded away.
 */
export function payPalCart(basket: BasketJson): PayPalCart {
  const { pricing } = basket;
  const currency = pricing.currency_code;
  const format = (minor: number) => toDecimalString(money(minor, currency));
  const amountMinor = pricing.amount_to_pay.amount_minor;
  const plain: PayPalCart = { amount: format(amountMinor), currency };
  const lineItems: PayPalLineItem[] = [];
  let itemTotal = 0;
  for (const line of basket.lines) {
    const total = line.total.amount_minor;
    // PayPal refuses a zero unit amount: a free line is left out (it adds nothing to the total).
    if (total <= 0 || line.quantity <= 0) continue;
    itemTotal += total;
    const base = Math.floor(total / line.quantity);
    const odd = total - base * line.quantity;
    const name = nameOf(line.name);
    if (odd > 0) lineItems.push({ name, kind: 'debit', quantity: String(odd), unitAmount: format(base + 1) });
    if (line.quantity - odd > 0 && base > 0) lineItems.push({ name, kind: 'debit', quantity: String(line.quantity - odd), unitAmount: format(base) });
    else if (base === 0 && line.quantity - odd > 0) return plain;
  }
  const withDiscount = pricing.total_with_discount_applied ?? pricing.total;
  const taxMinor = pricing.tax_inclusive ? 0 : withDiscount.tax.amount_minor;
  const discountMinor = pricing.applied_discount ? (pricing.tax_inclusive ? pricing.applied_discount.total.gross.amount_minor : pricing.applied_discount.total.net.amount_minor) : 0;
  const voucherMinor = pricing.applied_voucher?.amount.amount_minor ?? 0;
  const offMinor = discountMinor + voucherMinor;
  // PayPal refuses a cart that does not add up; never send one (the amount alone is always accepted).
  if (amountMinor <= 0 || lineItems.length === 0 || itemTotal + taxMinor - offMinor !== amountMinor || offMinor < 0 || taxMinor < 0) return plain;
  const amountBreakdown: PayPalAmountBreakdown = {
    itemTotal: format(itemTotal),
    ...(taxMinor > 0 ? { taxTotal: format(taxMinor) } : {}),
    ...(offMinor > 0 ? { discount: format(offMinor) } : {}),
  };
  return { ...plain, ...(lineItems.length <= MAX_ITEMS ? { lineItems } : {}), amountBreakdown };
}

