import { applyVoucher, money, priceBasket, type BasketJson, type DiscountInput, type Money, type PricingContext } from '@store/domain';
import { payPalCart } from './paypal-cart';
import { creditOffered, enabledFunding, payLaterCurrency, payLaterOffered } from './pay-later';

// The basket as PayPal's cart, priced by the domain's own pricing (as the API prices it), then
// checked as PayPal checks a cart: to the cent, items to item total, breakdown to amount.

const moneyJson = (value: Money) => ({ amount_minor: value.amountMinor, currency: value.currency });
const totalsJson = (totals: { net: Money; tax: Money; gross: Money }) => ({ net: moneyJson(totals.net), tax: moneyJson(totals.tax), gross: moneyJson(totals.gross), is_zero_vat: totals.tax.amountMinor === 0, is_zero_total: totals.gross.amountMinor === 0 });

function basketOf(lines: { name: string; unitMinor: number; quantity: number }[], context: PricingContext, discount: DiscountInput | null = null, voucherMinor = 0): BasketJson {
  const pricing = priceBasket(
    lines.map((line, index) => ({ reference: `L${index}`, unitPrice: money(line.unitMinor, context.currency), quantity: line.quantity })),
    context,
    discount,
  );
  const due = pricing.totalWithDiscount.gross.amountMinor;
  const voucher = voucherMinor > 0 ? applyVoucher(due, { code: 'GIFT', balanceMinor: voucherMinor }, context.currency) : null;
  const toPay = money(due - (voucher?.amount.amountMinor ?? 0), context.currency);
  return {
    lines: lines.map((line, index) => ({ reference: `L${index}`, name: line.name, quantity: line.quantity, total: moneyJson(pricing.lines[index].total), discount: moneyJson(pricing.lines[index].discount) })),
    pricing: {
      currency_code: context.currency,
      tax_inclusive: context.taxInclusive,
      total: totalsJson(pricing.total),
      applied_discount: pricing.appliedDiscount ? { code: pricing.appliedDiscount.code, percentage: pricing.appliedDiscount.percentOff, total: totalsJson(pricing.appliedDiscount.amount) } : null,
      total_with_discount_applied: pricing.appliedDiscount ? totalsJson(pricing.totalWithDiscount) : null,
      applied_voucher: voucher ? { code: voucher.code, amount: moneyJson(voucher.amount), balance_left: moneyJson(voucher.balanceLeft) } : null,
      amount_to_pay: moneyJson(toPay),
    },
  } as unknown as BasketJson;
}

/** A decimal string in minor units, at the currency's precision (PayPal's: none for JPY). */
const minor = (value: string | undefined, digits: number) => {
  if (value === undefined) return 0;
  expect(value).toMatch(digits === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${digits}}$`));
  return Math.round(Number(value) * 10 ** digits);
};

/** PayPal's checks: items add up to the item total, the breakdown to the amount; nothing zero or negative. */
function expectPayPalAccepts(basket: BasketJson, digits = 2) {
  const cart = payPalCart(basket);
  expect(cart.amount).toBe((basket.pricing.amount_to_pay.amount_minor / 10 ** digits).toFixed(digits));
  expect(cart.lineItems).toBeDefined();
  expect(cart.amountBreakdown).toBeDefined();
  const items = cart.lineItems ?? [];
  const breakdown = cart.amountBreakdown ?? { itemTotal: '0' };
  for (const item of items) {
    expect(Number(item.quantity)).toBeGreaterThan(0);
    expect(minor(item.unitAmount, digits)).toBeGreaterThan(0);
  }
  const itemSum = items.reduce((sum, item) => sum + minor(item.unitAmount, digits) * Number(item.quantity), 0);
  expect(minor(breakdown.itemTotal, digits)).toBe(itemSum);
  expect(minor(breakdown.itemTotal, digits) + minor(breakdown.taxTotal, digits) - minor(breakdown.discount, digits)).toBe(minor(cart.amount, digits));
  return cart;
}

const GB: PricingContext = { currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 };
const US: PricingContext = { currency: 'USD', taxInclusive: false, taxRateBasisPoints: 825 };
const lines = [
  { name: 'Photo Workbook', unitMinor: 1299, quantity: 3 },
  { name: 'Sketch Pad Pro', unitMinor: 4999, quantity: 1 },
];

describe('payPalCart', () => {
  it('lists each line at its unit price, tax included where prices include it', () => {
    const cart = expectPayPalAccepts(basketOf(lines, GB));
    expect(cart.lineItems).toEqual([
      { name: 'Photo Workbook', kind: 'debit', quantity: '3', unitAmount: '12.99' },
      { name: 'Sketch Pad Pro', kind: 'debit', quantity: '1', unitAmount: '49.99' },
    ]);
    expect(cart.amountBreakdown).toEqual({ itemTotal: '88.96' });
  });

  it.each([
    ['a discount code', GB, { code: 'SAVE15', percentOff: 15 }, 0],
    ['a voucher paying part', GB, null, 2000],
    ['a discount code and a voucher', GB, { code: 'SAVE33', percentOff: 33 }, 1234],
    ['a tax-exclusive storefront', US, null, 0],
    ['a tax-exclusive storefront, a discount and a voucher', US, { code: 'SAVE7', percentOff: 7 }, 999],
    ['no tax at all', { currency: 'USD', taxInclusive: false, taxRateBasisPoints: 0 }, { code: 'SAVE10', percentOff: 10 }, 0],
    ['a tax-exempt basket in a tax-inclusive storefront', { currency: 'EUR', taxInclusive: true, taxRateBasisPoints: 0 }, { code: 'SAVE50', percentOff: 50 }, 0],
  ] as const)('adds up to the cent with %s', (_what, context, discount, voucher) => {
    const basket = basketOf(lines, context, discount, voucher);
    const cart = expectPayPalAccepts(basket);
    const off = (basket.pricing.applied_discount ? 1 : 0) + (voucher ? 1 : 0);
    expect(cart.amountBreakdown?.discount !== undefined).toBe(off > 0);
    expect(cart.amountBreakdown?.taxTotal !== undefined).toBe(!context.taxInclusive && basket.pricing.total.tax.amount_minor > 0);
  });

  it('splits a line whose total does not divide by its quantity, so no cent is rounded away', () => {
    const basket = basketOf([{ name: 'Bundle', unitMinor: 1000, quantity: 3 }], GB);
    const odd = { ...basket, lines: [{ ...basket.lines[0], total: { amount_minor: 3001, currency: 'GBP' } }], pricing: { ...basket.pricing, amount_to_pay: { amount_minor: 3001, currency: 'GBP' } } } as BasketJson;
    const cart = expectPayPalAccepts(odd);
    expect(cart.lineItems).toEqual([
      { name: 'Bundle', kind: 'debit', quantity: '1', unitAmount: '10.01' },
      { name: 'Bundle', kind: 'debit', quantity: '2', unitAmount: '10.00' },
    ]);
  });

  it('adds a tax-exclusive basket’s tax on top, as the tax total', () => {
    // The domain adds no tax to a tax-exclusive basket today; a basket that carries one is itemised too.
    const basket = basketOf(lines, { currency: 'USD', taxInclusive: false, taxRateBasisPoints: 0 });
    const taxed = {
      ...basket,
      pricing: { ...basket.pricing, total: { ...basket.pricing.total, tax: { amount_minor: 734, currency: 'USD' } }, amount_to_pay: { amount_minor: 8896 + 734, currency: 'USD' } },
    } as BasketJson;
    expect(expectPayPalAccepts(taxed).amountBreakdown).toEqual({ itemTotal: '88.96', taxTotal: '7.34' });
  });

  it('counts a zero-decimal currency in whole units', () => {
    const cart = expectPayPalAccepts(basketOf([{ name: 'Photo Workbook', unitMinor: 1300, quantity: 2 }], { currency: 'JPY', taxInclusive: true, taxRateBasisPoints: 1000 }, { code: 'SAVE5', percentOff: 5 }), 0);
    expect(cart.lineItems?.[0].unitAmount).toBe('1300');
  });

  it('leaves free lines out and cuts long names to PayPal’s 127 characters', () => {
    const cart = expectPayPalAccepts(basketOf([{ name: 'x'.repeat(200), unitMinor: 500, quantity: 1 }, { name: 'Free sample', unitMinor: 0, quantity: 1 }], GB));
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems?.[0].name).toHaveLength(127);
  });

  it('tells PayPal the amount alone when the basket does not add up (never a cart PayPal would refuse)', () => {
    const basket = basketOf(lines, GB);
    const off = { ...basket, pricing: { ...basket.pricing, amount_to_pay: { amount_minor: 8000, currency: 'GBP' } } } as BasketJson;
    expect(payPalCart(off)).toEqual({ amount: '80.00', currency: 'GBP' });
  });
});

describe('Pay Later', () => {
  it('is offered in the countries PayPal offers it in, in their own currency', () => {
    expect(payLaterOffered('GB', 'GBP')).toBe(true);
    expect(payLaterOffered('us', 'usd')).toBe(true);
    expect(payLaterOffered('DE', 'EUR')).toBe(true);
    expect(payLaterOffered('GB', 'EUR')).toBe(false);
    expect(payLaterOffered('PL', 'PLN')).toBe(false);
    expect(payLaterOffered('NL', 'EUR')).toBe(false);
    expect(payLaterCurrency('GBP')).toBe(true);
    expect(payLaterCurrency('PLN')).toBe(false);
  });
});

describe('PayPal Credit', () => {
  it('is offered only where the store switches it on, and then only to US billing in US dollars', () => {
    expect(creditOffered(true, 'US', 'USD')).toBe(true);
    expect(creditOffered(true, 'us', 'usd')).toBe(true);
    expect(creditOffered(false, 'US', 'USD')).toBe(false);
    expect(creditOffered(true, 'GB', 'GBP')).toBe(false);
    expect(creditOffered(true, 'GB', 'USD')).toBe(false);
    expect(creditOffered(true, 'US', 'EUR')).toBe(false);
  });

  it('is enabled in the SDK in dollars only, beside Pay Later where PayPal offers that', () => {
    expect(enabledFunding('USD', true)).toBe('paylater,credit');
    expect(enabledFunding('USD', false)).toBe('paylater');
    expect(enabledFunding('GBP', true)).toBe('paylater');
    expect(enabledFunding('PLN', true)).toBeNull();
  });
});
