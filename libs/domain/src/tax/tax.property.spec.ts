import fc from 'fast-check';
import { ACCOUNT_TYPES, type AccountType } from '../accounts/account-types';
import { priceBasket, type PricingContext } from '../basket/basket-pricing';
import type { PaymentGateway } from '../payments/payment-gateways';
import { money } from '../shared/money';
import { checkOwnTaxIdFormat, normaliseTaxId } from './tax-id-formats';
import { shouldCheckTaxId, showsTaxExemption } from './tax-rules';

// Issue 12: properties of tax. In a tax-inclusive account (VAT, GST) the price is the gross and the
// tax is the rate's share of it, rounded half up on the net; in a tax-exclusive account (the US) no
// tax is known before the address, so net is gross and tax is zero.
const CURRENCIES = ['GBP', 'EUR', 'USD', 'JPY', 'KWD', 'CLF'] as const;
const context = fc.record<PricingContext>({
  currency: fc.constantFrom(...CURRENCIES),
  taxInclusive: fc.boolean(),
  taxRateBasisPoints: fc.oneof(fc.constantFrom(0, 500, 700, 1000, 1900, 2000, 2100, 2500, 2700), fc.integer({ min: 0, max: 10_000 })),
});
const items = fc.array(fc.record({ unit: fc.integer({ min: 0, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 100 }) }), { maxLength: 10 });
const percentOff = fc.option(fc.integer({ min: 1, max: 100 }), { nil: null });

const price = (lines: readonly { unit: number; quantity: number }[], ctx: PricingContext, percent: number | null = null) =>
  priceBasket(
    lines.map((line, index) => ({ reference: `l${index}`, unitPrice: money(line.unit, ctx.currency), quantity: line.quantity })),
    ctx,
    percent === null ? null : { code: 'CODE', percentOff: percent },
  );
/** The totals of a basket of one line of this gross. */
const totalsOf = (gross: number, ctx: PricingContext) => price([{ unit: gross, quantity: 1 }], ctx).total;

describe('tax properties', () => {
  it('net + tax = gross in every currency, JPY and KWD included, with or without a discount', () => {
    fc.assert(
      fc.property(items, context, percentOff, (lines, ctx, percent) => {
        const pricing = price(lines, ctx, percent);
        for (const totals of [pricing.total, pricing.totalWithDiscount]) {
          expect(totals.net.amountMinor + totals.tax.amountMinor).toBe(totals.gross.amountMinor);
          expect([totals.net.currency, totals.tax.currency, totals.gross.currency]).toEqual([ctx.currency, ctx.currency, ctx.currency]);
          expect(Number.isSafeInteger(totals.tax.amountMinor)).toBe(true);
          expect(totals.isZeroVat).toBe(totals.tax.amountMinor === 0);
        }
      }),
    );
  });

  it("tax-inclusive tax is the rate's share of the gross within half a minor unit; tax-exclusive prices carry none before the address", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 10 }), context, (gross, ctx) => {
        const inclusive = totalsOf(gross, { ...ctx, taxInclusive: true });
        const exclusive = totalsOf(gross, { ...ctx, taxInclusive: false });
        // The same price is the same gross either way; only its split differs.
        expect(inclusive.gross).toEqual(exclusive.gross);
        expect(exclusive).toMatchObject({ net: money(gross, ctx.currency), tax: money(0, ctx.currency) });
        // tax = gross − round(gross / (1 + rate)): |tax·(10000 + rate) − gross·rate| ≤ ½·(10000 + rate).
        const scale = 10_000 + ctx.taxRateBasisPoints;
        expect(2 * Math.abs(inclusive.tax.amountMinor * scale - gross * ctx.taxRateBasisPoints)).toBeLessThanOrEqual(scale);
        expect(inclusive.tax.amountMinor).toBeGreaterThanOrEqual(0);
        expect(inclusive.net.amountMinor).toBeLessThanOrEqual(exclusive.net.amountMinor);
      }),
    );
  });

  it('tax never falls as the gross or the rate rises', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 10 }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(...CURRENCIES), (gross, a, b, currency) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const at = (g: number, rate: number) => totalsOf(g, { currency, taxInclusive: true, taxRateBasisPoints: rate }).tax.amountMinor;
        expect(at(gross, low)).toBeLessThanOrEqual(at(gross, high));
        const step = at(gross + 1, low) - at(gross, low);
        // One more minor unit of price is one more of net or of tax, never less tax.
        expect([0, 1]).toContain(step);
      }),
    );
  });

  it("the discount's own net and tax are the differences of the totals, and add up to the discount", () => {
    fc.assert(
      fc.property(items, context, fc.integer({ min: 1, max: 100 }), (lines, ctx, percent) => {
        const pricing = price(lines, ctx, percent);
        const amount = pricing.appliedDiscount?.amount;
        if (!amount) throw new Error('A discount was given');
        expect(amount.net.amountMinor).toBe(pricing.total.net.amountMinor - pricing.totalWithDiscount.net.amountMinor);
        expect(amount.tax.amountMinor).toBe(pricing.total.tax.amountMinor - pricing.totalWithDiscount.tax.amountMinor);
        expect(amount.net.amountMinor + amount.tax.amountMinor).toBe(amount.gross.amountMinor);
        expect(amount.tax.amountMinor).toBeGreaterThanOrEqual(0);
        expect(amount.net.amountMinor).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a tax ID is judged the same whatever separators and letter case the shopper typed it with', () => {
    const VALID: Array<[string, string]> = [
      ['AU', '51824753556'],
      ['NZ', '49091850'],
      ['KR', '1248100998'],
      ['TW', '04595257'],
      ['CL', '760864285'],
      ['IN', '27AAPFU0939F1ZV'],
      ['TR', '4540536920'],
      ['MX', 'ABC680524P76'],
      ['MC', 'FR40303265045'],
      ['SG', 'M91234567X'],
      ['ZA', '4123456789'],
    ];
    const typed = fc.tuple(
      fc.oneof(fc.constantFrom(...VALID), fc.tuple(fc.constantFrom(...VALID.map(([country]) => country)), fc.stringMatching(/^[0-9A-Z]{4,16}$/))),
      fc.array(fc.constantFrom(' ', '.', '-', '/', '  '), { maxLength: 20 }),
      fc.nat(),
      fc.boolean(),
    );
    fc.assert(
      fc.property(typed, ([[country, compact], separators, seed, lower]) => {
        // The same characters with separators dropped in between, perhaps in lower case.
        const chars = [...compact];
        separators.forEach((separator, index) => chars.splice((seed + index * 7) % (chars.length + 1), 0, separator));
        const shown = lower ? chars.join('').toLowerCase() : chars.join('');
        expect(checkOwnTaxIdFormat(country, shown)).toBe(checkOwnTaxIdFormat(country, compact));
        expect(normaliseTaxId(normaliseTaxId(shown, country), country)).toBe(normaliseTaxId(shown, country));
        if (VALID.some(([c, id]) => c === country && id === compact)) expect(checkOwnTaxIdFormat(country, shown)).toBe('valid');
      }),
    );
  });

  it('never asks for an exemption certificate or checks a tax ID where no tax is owed or none may be given', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom('US', 'us', 'Us', 'PR', 'vi', 'JP', 'jp', 'GB', 'DE'), fc.string({ maxLength: 3 })),
        fc.constantFrom<AccountType>(...ACCOUNT_TYPES),
        fc.constantFrom<PaymentGateway | null>('braintree', 'digital-river', 'complimentary', null),
        fc.boolean(),
        fc.option(fc.oneof(fc.constantFrom('', '   ', '\t', 'DE123456789'), fc.string()), { nil: null }),
        (country, accountType, gateway, complimentary, vatId) => {
          const shows = showsTaxExemption({ billingCountry: country, accountType, gateway, orderIsComplimentary: complimentary });
          // A complimentary order has no tax to exempt; a person never exempts; only the merchant of record collects it.
          if (complimentary || accountType === 'personal' || gateway !== 'digital-river') expect(shows).toBe(false);
          const checks = shouldCheckTaxId({ vatId, accountType, country });
          // A blank field is no tax ID, a person gives none, and JP's are never checked.
          if ((vatId ?? '').trim() === '' || accountType === 'personal' || country.toUpperCase() === 'JP') expect(checks).toBe(false);
        },
      ),
    );
  });
});
