import type { ServerResponse } from 'node:http';
import type { SandboxContext, SandboxRequest } from '../context';
import { isObject, sendJson, stringOf, type JsonObject } from '../client-api/http';
import type { ClientTokenRecord, PayPalCartBreakdown, PayPalCartItem, PayPalOrderRecord } from '../store';

/**
 * What braintree-web's paypal-checkout sends PayPal about the cart (createPayment's and
 * updatePayment's lineItems, amountBreakdown and shippingOptions), checked as PayPal checks it: the
 * items add up to the item total, their tax to the tax total, and the breakdown to the amount, to
 * the currency's own precision. A refusal is a 422 (braintree-web turns it into
 * PAYPAL_INVALID_PAYMENT_OPTION) naming PayPal's issue and its description word for word.
 * Ours: the client API's wrapper of the issue (the `error.message` and `issues` fields).
 */

/** PayPal's currencies without decimals (PayPal's currency codes page: HUF, JPY and TWD take none). */
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

/** PayPal's Orders API issues and descriptions for a cart that does not add up. */
export const PAYPAL_ISSUES = {
  AMOUNT_MISMATCH: 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  ITEM_TOTAL_MISMATCH: 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
  TAX_TOTAL_MISMATCH: 'Should equal sum of (tax * quantity) across all items for a given purchase_unit.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  DECIMALS_NOT_SUPPORTED: 'Currency does not support decimals.',
  CANNOT_BE_ZERO_OR_NEGATIVE: 'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  CURRENCY_MISMATCH: 'Currency code should be the same for all amounts.',
  ORDER_ALREADY_COMPLETED: 'The order cannot be patched after it is completed.',
} as const;

export type PayPalIssue = keyof typeof PAYPAL_ISSUES;

export interface CartProblem {
  readonly issue: PayPalIssue;
  readonly field: string;
}

const BREAKDOWN_FIELDS = ['itemTotal', 'taxTotal', 'shipping', 'handling', 'insurance', 'shippingDiscount', 'discount'] as const;

/** A decimal string in the currency's minor units, or the issue it breaks. */
function minorOf(value: unknown, currency: string, field: string, positive: boolean): number | CartProblem {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const zeroDecimal = ZERO_DECIMAL.has(currency);
  if (!/^\d{1,10}(\.\d+)?$/.test(text)) return { issue: 'INVALID_PARAMETER_VALUE', field };
  const [units, decimals = ''] = text.split('.');
  if (zeroDecimal && decimals.length > 0) return { issue: 'DECIMALS_NOT_SUPPORTED', field };
  if (decimals.length > 2) return { issue: 'DECIMAL_PRECISION', field };
  const minor = zeroDecimal ? Number(units) : Number(units) * 100 + Number(decimals.padEnd(2, '0'));
  if (positive && minor <= 0) return { issue: 'CANNOT_BE_ZERO_OR_NEGATIVE', field };
  return minor;
}

const isProblem = (value: unknown): value is CartProblem => isObject(value) && typeof value.issue === 'string';

export interface CheckedCart {
  readonly amount: string;
  readonly lineItems: readonly PayPalCartItem[] | null;
  readonly amountBreakdown: PayPalCartBreakdown | null;
}

/**
 * The cart as PayPal would keep it, or the first issue. `amount` is what is charged; `lineItems` and
 * `amountBreakdown` are optional, but when given they must agree with it to the cent (or unit).
 */
export function checkCart(body: JsonObject, currency: string, amountText: string): CheckedCart | CartProblem {
  const upper = currency.toUpperCase();
  const amount = minorOf(amountText, upper, 'amount', true);
  if (isProblem(amount)) return amount;
  let items: PayPalCartItem[] | null = null;
  let itemSum = 0;
  let taxSum = 0;
  let anyTax = false;
  if (body.lineItems !== undefined) {
    if (!Array.isArray(body.lineItems) || body.lineItems.length > 249) return { issue: 'INVALID_PARAMETER_VALUE', field: 'lineItems' };
    items = [];
    for (const [index, raw] of body.lineItems.entries()) {
      const at = (name: string) => `lineItems[${index}].${name}`;
      if (!isObject(raw)) return { issue: 'INVALID_PARAMETER_VALUE', field: `lineItems[${index}]` };
      const name = stringOf(raw.name);
      if (!name || name.length > 127) return { issue: 'INVALID_PARAMETER_VALUE', field: at('name') };
      const kind = stringOf(raw.kind);
      if (kind !== 'debit' && kind !== 'credit') return { issue: 'INVALID_PARAMETER_VALUE', field: at('kind') };
      const quantityText = typeof raw.quantity === 'number' ? String(raw.quantity) : (stringOf(raw.quantity) ?? '');
      if (!/^[1-9]\d{0,9}$/.test(quantityText)) return { issue: 'INVALID_PARAMETER_VALUE', field: at('quantity') };
      const quantity = Number(quantityText);
      const unit = minorOf(raw.unitAmount, upper, at('unitAmount'), true);
      if (isProblem(unit)) return unit;
      const tax = raw.unitTaxAmount === undefined || raw.unitTaxAmount === null ? null : minorOf(raw.unitTaxAmount, upper, at('unitTaxAmount'), true);
      if (isProblem(tax)) return tax;
      const sign = kind === 'credit' ? -1 : 1;
      itemSum += sign * unit * quantity;
      if (tax !== null) {
        anyTax = true;
        taxSum += sign * tax * quantity;
      }
      items.push({
        name,
        kind,
        quantity: quantityText,
        unitAmount: String(raw.unitAmount),
        ...(tax === null ? {} : { unitTaxAmount: String(raw.unitTaxAmount) }),
        ...(stringOf(raw.description) ? { description: stringOf(raw.description) as string } : {}),
        ...(stringOf(raw.productCode) ? { productCode: stringOf(raw.productCode) as string } : {}),
      });
    }
  }
  let breakdown: PayPalCartBreakdown | null = null;
  if (body.amountBreakdown !== undefined) {
    if (!isObject(body.amountBreakdown)) return { issue: 'INVALID_PARAMETER_VALUE', field: 'amountBreakdown' };
    const parts: Partial<Record<(typeof BREAKDOWN_FIELDS)[number], number>> = {};
    const kept: Record<string, string> = {};
    for (const field of BREAKDOWN_FIELDS) {
      const value = body.amountBreakdown[field];
      if (value === undefined || value === null) continue;
      const minor = minorOf(value, upper, `amountBreakdown.${field}`, false);
      if (isProblem(minor)) return minor;
      parts[field] = minor;
      kept[field] = String(value);
    }
    if (items !== null) {
      if ((parts.itemTotal ?? 0) !== itemSum) return { issue: 'ITEM_TOTAL_MISMATCH', field: 'amountBreakdown.itemTotal' };
      if (anyTax && (parts.taxTotal ?? 0) !== taxSum) return { issue: 'TAX_TOTAL_MISMATCH', field: 'amountBreakdown.taxTotal' };
    }
    const total =
      (parts.itemTotal ?? 0) + (parts.taxTotal ?? 0) + (parts.shipping ?? 0) + (parts.handling ?? 0) + (parts.insurance ?? 0) - (parts.shippingDiscount ?? 0) - (parts.discount ?? 0);
    if (total !== amount) return { issue: 'AMOUNT_MISMATCH', field: 'amount' };
    breakdown = kept as PayPalCartBreakdown;
  } else if (items !== null && items.length > 0 && itemSum + (anyTax ? taxSum : 0) !== amount) {
    // Items without a breakdown stand for the whole amount.
    return { issue: 'AMOUNT_MISMATCH', field: 'amount' };
  }
  return { amount: amountText.trim(), lineItems: items, amountBreakdown: breakdown };
}

/** braintree-web's updatePayment refuses mixed currencies itself; the sandbox does too, for other callers. */
function shippingCurrenciesMatch(body: JsonObject, currency: string): boolean {
  if (!Array.isArray(body.shippingOptions)) return true;
  return body.shippingOptions.every((option) => isObject(option) && isObject(option.amount) && stringOf(option.amount.currency)?.toLowerCase() === currency.toLowerCase());
}

/** The 422 answer for a refused cart. */
export function refuseCart(request: SandboxRequest, response: ServerResponse, problem: CartProblem): void {
  const description = PAYPAL_ISSUES[problem.issue];
  sendJson(request, response, 422, { error: { message: `${problem.issue}: ${description}` }, issues: [{ issue: problem.issue, description, field: problem.field }] });
}

/** createPayment's cart, checked; the order keeps it for the approval page. */
export function cartOfNewPayment(body: JsonObject, currency: string, amount: string): CheckedCart | CartProblem {
  if (!shippingCurrenciesMatch(body, currency)) return { issue: 'CURRENCY_MISMATCH', field: 'shippingOptions' };
  return checkCart(body, currency, amount);
}

/** The checkout payment a patch names: braintree-web sends `paymentId` (the onApprove paymentID, or the orderID). */
function findPayment(context: SandboxContext, paymentId: string | null): PayPalOrderRecord | null {
  if (!paymentId) return null;
  return Object.values(context.store.state.paypalOrders).find((order) => order.flow === 'checkout' && (order.paymentId === paymentId || order.token === paymentId)) ?? null;
}

/**
 * POST paypal_hermes/patch_payment_resource (braintree-web's updatePayment): the payment's amount
 * and cart change before it is tokenized; the sale is then checked against the new amount. The
 * currency stays the payment's. Ours: the answer's body (braintree-web reads none); a payment that
 * is tokenized or cancelled is PayPal's completed order and cannot change.
 */
export function patchPaymentResource(request: SandboxRequest, response: ServerResponse, context: SandboxContext, token: ClientTokenRecord, body: JsonObject): void {
  const order = findPayment(context, stringOf(body.paymentId));
  if (!order || order.customerId !== token.customerId) return sendJson(request, response, 422, { error: { message: 'Unknown PayPal payment.' }, issues: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.', field: 'paymentId' }] });
  if (order.status === 'tokenized' || order.status === 'cancelled') return refuseCart(request, response, { issue: 'ORDER_ALREADY_COMPLETED', field: 'paymentId' });
  const currency = stringOf(body.currencyIsoCode) ?? '';
  if (currency.toUpperCase() !== order.currency) return refuseCart(request, response, { issue: 'CURRENCY_MISMATCH', field: 'currencyIsoCode' });
  if (!shippingCurrenciesMatch(body, currency)) return refuseCart(request, response, { issue: 'CURRENCY_MISMATCH', field: 'shippingOptions' });
  const amount = stringOf(body.amount) ?? order.amount ?? '';
  const cart = checkCart(body, currency, amount);
  if (isProblem(cart)) return refuseCart(request, response, cart);
  order.amount = cart.amount;
  if (cart.lineItems) order.lineItems = cart.lineItems;
  if (cart.amountBreakdown) order.amountBreakdown = cart.amountBreakdown;
  order.updates = (order.updates ?? 0) + 1;
  context.store.save();
  sendJson(request, response, 200, { paymentResource: { paymentToken: order.paymentId, amount: order.amount, currencyIsoCode: order.currency } });
}

export { isProblem as isCartProblem };

/**
 * Ours, after PayPal's published offers: Pay in 3 in GBP, Pay in 4 in USD, EUR and AUD, all
 * interest-free; PayPal Credit as four interest-free months. What braintree-web hands the page as
 * `creditFinancingOffered` when the payer approved with the Pay Later or Credit button.
 */
export function creditFinancingOffered(order: PayPalOrderRecord) {
  if (order.flow !== 'checkout' || !order.amount || !order.currency) return null;
  if (order.fundingSource !== 'paylater' && order.fundingSource !== 'credit') return null;
  const term = order.fundingSource === 'credit' ? 4 : order.currency === 'GBP' ? 3 : 4;
  const zeroDecimal = ZERO_DECIMAL.has(order.currency);
  const total = minorOf(order.amount, order.currency, 'amount', true);
  if (isProblem(total)) return null;
  const money = (minor: number) => ({ value: zeroDecimal ? String(minor) : (minor / 100).toFixed(2), currency: order.currency });
  return {
    totalCost: money(total),
    term,
    // The first payment takes what does not divide evenly; this is the monthly one.
    monthlyPayment: money(Math.floor(total / term)),
    totalInterest: money(0),
    payerAcceptance: true,
    cartAmountImmutable: false,
  };
}
