import fc from 'fast-check';
import type { ProductSuite } from '../catalogue/product';
import { determineGateway } from '../payments/gateway-rules';
import { money, toDecimalString } from '../shared/money';
import { aProduct, aSuite } from '../testing/catalogue.mother';
import type { Basket } from './basket';
import { discountOff, priceBasket, type PricingContext } from './basket-pricing';
import { viewBasket, type CountryAccount } from './basket-view';
import { checkDiscount, normaliseDiscountCode, type DiscountCode, type DiscountContext } from './discount-code';

// Issue 12: properties of discounts. A discount is a whole percent of the basket, rounded half up
// to the minor unit, taken off the whole and split across the lines by largest remainder.
const CURRENCIES = [
  { currency: 'GBP', taxInclusive: true, taxRateBasisPoints: 2000 },
  { currency: 'EUR', taxInclusive: true, taxRateBasisPoints: 1900 },
  { currency: 'USD', taxInclusive: false, taxRateBasisPoints: 0 },
  { currency: 'JPY', taxInclusive: true, taxRateBasisPoints: 1000 },
  { currency: 'KWD', taxInclusive: false, taxRateBasisPoints: 0 },
] as const;
const context = fc.constantFrom<PricingContext>(...CURRENCIES);
const percent = fc.integer({ min: 1, max: 100 });
const line = fc.record({ unit: fc.oneof(fc.integer({ min: 0, max: 500_000 }), fc.constant(0)), quantity: fc.integer({ min: 1, max: 100 }) });
const lines = fc.array(line, { minLength: 1, maxLength: 12 });

const price = (items: readonly { unit: number; quantity: number }[], ctx: PricingContext, percentOff: number | null) =>
  priceBasket(
    items.map((item, index) => ({ reference: `l${index}`, unitPrice: money(item.unit, ctx.currency), quantity: item.quantity })),
    ctx,
    percentOff === null ? null : { code: 'CODE', percentOff },
  );

describe('discount properties', () => {
  it('discountOff rounds the percentage half up, never exceeds the total, grows with the percent, and 100% is everything', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 11 }), percent, percent, (total, p, q) => {
        const off = discountOff(total, p);
        // off − ½ ≤ total·p/100 < off + ½: within half a unit, and an exact half has gone up.
        const twiceError = 2 * (total * p - off * 100);
        expect(twiceError).toBeGreaterThanOrEqual(-100);
        expect(twiceError).toBeLessThan(100);
        expect(off).toBeGreaterThanOrEqual(0);
        expect(off).toBeLessThanOrEqual(total);
        if (p <= q) expect(off).toBeLessThanOrEqual(discountOff(total, q));
        expect(discountOff(total, 100)).toBe(total);
      }),
    );
  });

  it('splits the discount to the minor unit: shares add up to it, none negative or over its line, each within one unit of its proportion, free lines get none', () => {
    fc.assert(
      fc.property(lines, context, percent, (items, ctx, p) => {
        const pricing = price(items, ctx, p);
        const off = pricing.appliedDiscount?.amount.gross.amountMinor ?? 0;
        const gross = pricing.total.gross.amountMinor;
        expect(pricing.lines.reduce((total, l) => total + l.discount.amountMinor, 0)).toBe(off);
        pricing.lines.forEach((l) => {
          expect(l.discount.amountMinor).toBeGreaterThanOrEqual(0);
          expect(l.discount.amountMinor).toBeLessThanOrEqual(l.total.amountMinor);
          expect(Object.is(l.discount.amountMinor, -0)).toBe(false);
          if (l.total.amountMinor === 0) expect(l.discount.amountMinor).toBe(0);
          if (gross > 0) expect(Math.abs(l.discount.amountMinor * gross - l.total.amountMinor * off)).toBeLessThan(gross);
        });
      }),
    );
  });

  it('the order of the lines changes no total, and no share by more than the one unit a tie decides', () => {
    fc.assert(
      fc.property(lines, context, fc.option(percent, { nil: null }), fc.nat(), (items, ctx, p, seed) => {
        const order = items.map((_, index) => index).sort((a, b) => ((a * 7919 + seed) % 101) - ((b * 7919 + seed) % 101) || a - b);
        const pricing = price(items, ctx, p);
        const shuffled = price(order.map((index) => items[index]), ctx, p);
        expect(shuffled.total).toEqual(pricing.total);
        expect(shuffled.totalWithDiscount).toEqual(pricing.totalWithDiscount);
        expect(shuffled.appliedDiscount).toEqual(pricing.appliedDiscount);
        order.forEach((original, position) => {
          expect(Math.abs(shuffled.lines[position].discount.amountMinor - pricing.lines[original].discount.amountMinor)).toBeLessThanOrEqual(1);
        });
      }),
    );
  });

  it('never takes off more than the total: what is paid lies between nothing and the total, its tax within the total tax', () => {
    fc.assert(
      fc.property(lines, context, percent, (items, ctx, p) => {
        const pricing = price(items, ctx, p);
        const paid = pricing.totalWithDiscount;
        expect(paid.gross.amountMinor).toBeGreaterThanOrEqual(0);
        expect(paid.gross.amountMinor).toBeLessThanOrEqual(pricing.total.gross.amountMinor);
        expect(paid.net.amountMinor).toBeGreaterThanOrEqual(0);
        expect(paid.tax.amountMinor).toBeGreaterThanOrEqual(0);
        expect(paid.tax.amountMinor).toBeLessThanOrEqual(pricing.total.tax.amountMinor);
        expect(pricing.total.gross.amountMinor - paid.gross.amountMinor).toBe(discountOff(pricing.total.gross.amountMinor, p));
      }),
    );
  });

  it('a 100% discount takes any paid basket to nothing, makes the order complimentary and sends it to the complimentary gateway', () => {
    const account = (ctx: PricingContext): CountryAccount => ({ ...ctx, code: ctx.currency === 'USD' ? 'US' : 'GB', name: 'Store' });
    fc.assert(
      fc.property(fc.array(fc.record({ unit: fc.integer({ min: 1, max: 500_000 }), quantity: fc.integer({ min: 1, max: 100 }) }), { minLength: 1, maxLength: 6 }), context, (items, ctx) => {
        const suites = new Map<string, ProductSuite>(
          items.map((item, index) => [
            `s${index}`,
            aSuite({ reference: `s${index}`, products: [aProduct({ reference: `p${index}`, price: { current: money(item.unit, ctx.currency), original: money(item.unit, ctx.currency) } })] }),
          ]),
        );
        const basket: Basket = {
          reference: 'b',
          countryAccount: 'GB',
          lines: items.map((item, index) => ({ reference: `l${index}`, suiteReference: `s${index}`, productReference: `p${index}`, quantity: item.quantity, quantityLocked: false })),
          discountCode: 'ONTHEHOUSE',
          shippingCountry: null,
          customerId: null,
          version: 1,
        };
        const view = viewBasket(basket, account(ctx), suites, { code: 'ONTHEHOUSE', percentOff: 100 });
        if (!view.ok) throw view.error;
        expect(view.value.total.gross.amountMinor).toBeGreaterThan(0);
        expect(view.value.totalWithDiscount).toEqual({ net: money(0, ctx.currency), tax: money(0, ctx.currency), gross: money(0, ctx.currency), isZeroVat: true });
        expect(view.value.orderIsComplimentary).toBe(true);
        expect(view.value.formattedTotalForVerification).toBe(toDecimalString(money(0, ctx.currency)));
        const gateway = determineGateway(new Map([['*', 'braintree']]), { billingCountry: 'GB', currency: ctx.currency, orderIsComplimentary: view.value.orderIsComplimentary });
        expect(gateway).toBe('complimentary');
      }),
    );
  });

  it('checkDiscount applies a code exactly when it exists, is live, is for this region and email, has uses left and the basket has something to take off', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const code: fc.Arbitrary<DiscountCode | null> = fc.option(
      fc.record({
        code: fc.constantFrom('WELCOME10', 'SPRING25'),
        percentOff: percent,
        maxUses: fc.option(fc.nat(5), { nil: null }),
        uses: fc.nat(6),
        maxUsesPerCustomer: fc.option(fc.nat(3), { nil: null }),
        email: fc.option(fc.constantFrom('ada@example.com', 'Ada@Example.com ', 'bob@example.com'), { nil: null }),
        expiresAt: fc.option(fc.integer({ min: -3, max: 3 }).map((days) => new Date(now.getTime() + days * 86_400_000)), { nil: null }),
        countryAccounts: fc.option(fc.subarray(['GB', 'US', 'DE']), { nil: null }),
      }),
      { nil: null },
    );
    const discountContext: fc.Arbitrary<DiscountContext> = fc.record({
      now: fc.constant(now),
      countryAccount: fc.constantFrom('GB', 'US', 'DE'),
      customerEmail: fc.option(fc.constantFrom('ada@example.com', 'ADA@example.com', 'bob@example.com'), { nil: null }),
      customerEmailVerified: fc.boolean(),
      customerRedemptions: fc.nat(4),
      basketTotalMinor: fc.integer({ min: -10, max: 10_000 }),
    });
    fc.assert(
      fc.property(code, discountContext, (discount, ctx) => {
        const result = checkDiscount(discount, ctx);
        const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
        const applies =
          discount !== null &&
          (discount.expiresAt === null || discount.expiresAt > ctx.now) &&
          (discount.countryAccounts === null || discount.countryAccounts.includes(ctx.countryAccount)) &&
          (discount.email === null || (ctx.customerEmail !== null && same(discount.email, ctx.customerEmail) && ctx.customerEmailVerified)) &&
          (discount.maxUses === null || discount.uses < discount.maxUses) &&
          (discount.maxUsesPerCustomer === null || ctx.customerRedemptions < discount.maxUsesPerCustomer) &&
          ctx.basketTotalMinor > 0;
        expect(result.ok).toBe(applies);
        if (result.ok && discount) expect(result.value).toEqual({ code: discount.code, percentOff: discount.percentOff });
        if (!result.ok) expect(result.error.code === 101201 || result.error.code >= 201001).toBe(true);
        // Codes match whatever their case and surrounding spaces, and normalising twice changes nothing.
        if (discount) expect(normaliseDiscountCode(normaliseDiscountCode(` ${discount.code.toLowerCase()} `))).toBe(discount.code);
      }),
    );
  });
});
