import { money, priceBasket } from '@store/domain';
import fc from 'fast-check';
import { amountCharged, type Order, type OrderLineDraft } from '../orders/orders.ports';
import { taxByRate } from '../orders/tax-by-rate';
import { anOrder, anOrderLine } from '../testing/mothers';
import { refundAmounts, refundLineShares } from './refund-amounts';

/**
 * Random orders as the store makes them: lines priced by priceBasket (its discount split over the
 * lines, each with its own rate when posted elsewhere), bonus products at nothing, tax-inclusive or
 * not (then the address's tax is added on top), a voucher paying any part of the gross, or a
 * reseller's order whose totals are the reseller's own and carry no rates.
 */
const anyOrder = fc
  .record({
    lines: fc.array(
      fc.record({
        unit: fc.integer({ min: 0, max: 60_000 }),
        quantity: fc.integer({ min: 1, max: 5 }),
        rate: fc.option(fc.constantFrom(0, 500, 700, 1900, 2000, 2300, 2700), { nil: undefined }),
        bonuses: fc.integer({ min: 0, max: 2 }),
      }),
      { minLength: 1, maxLength: 7 },
    ),
    taxInclusive: fc.boolean(),
    accountRate: fc.constantFrom(0, 2000, 2300),
    percentOff: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
    // Tax added on top of a tax-exclusive order, per mille of its net (US sales tax runs to about 11%).
    addedTaxPerMille: fc.integer({ min: 0, max: 120 }),
    // Mostly the store's own orders; one in four the reseller's.
    reseller: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.integer({ min: -300, max: 3000 }), weight: 1 }),
    voucherPerMille: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 1000 }), fc.constant(1000)),
  })
  .map(({ lines, taxInclusive, accountRate, percentOff, addedTaxPerMille, reseller, voucherPerMille }) => {
    const pricing = priceBasket(
      lines.map((line, index) => ({ reference: `l${index}`, unitPrice: money(line.unit, 'GBP'), quantity: line.quantity, taxRateBasisPoints: line.rate })),
      { currency: 'GBP', taxInclusive, taxRateBasisPoints: accountRate },
      percentOff === null ? null : { code: 'SAVE', percentOff },
    );
    const orderLines: OrderLineDraft[] = lines.flatMap((line, index) => [
      anOrderLine({
        productReference: `p${index}`,
        quantity: line.quantity,
        unitPriceMinor: line.unit,
        totalMinor: pricing.lines[index].total.amountMinor,
        discountMinor: pricing.lines[index].discount.amountMinor,
        taxRateBasisPoints: reseller === null ? (line.rate ?? accountRate) : null,
      }),
      ...Array.from({ length: line.bonuses }, (_, bonus) =>
        anOrderLine({ productReference: `p${index}-bonus${bonus}`, quantity: line.quantity, unitPriceMinor: 0, totalMinor: 0, discountMinor: 0, isBonus: true, taxRateBasisPoints: null }),
      ),
    ]);
    const net = pricing.totalWithDiscount.net.amountMinor;
    let tax = pricing.totalWithDiscount.tax.amountMinor;
    let gross = pricing.totalWithDiscount.gross.amountMinor;
    if (!taxInclusive) {
      tax = Math.floor((net * addedTaxPerMille) / 1000);
      gross = net + tax;
    }
    if (reseller !== null) {
      // The reseller's checkout works out its own tax: a little more or less than ours, never below nothing.
      tax = Math.max(0, tax + reseller);
      gross = net + tax;
    }
    const voucherMinor = voucherPerMille === null ? 0 : Math.floor((gross * voucherPerMille) / 1000);
    return anOrder({
      status: 'paid',
      gateway: reseller === null ? 'braintree' : 'digital-river',
      taxInclusive,
      netMinor: net,
      taxMinor: tax,
      grossMinor: gross,
      discountMinor: pricing.appliedDiscount?.amount.gross.amountMinor ?? 0,
      discountCode: percentOff === null ? null : 'SAVE',
      voucherCode: voucherPerMille === null ? null : 'GIFT',
      voucherMinor,
      lines: orderLines,
    });
  });

/** An order with a split of its lines into successive refunds: each line's refund number, in refund order. */
const orderAndRefunds = anyOrder.chain((order) =>
  fc.tuple(fc.constant(order), fc.array(fc.integer({ min: 0, max: 4 }), { minLength: order.lines.length, maxLength: order.lines.length })),
);

/** The lines of each refund, refunds in the order of their numbers (which lines go first is random). */
function refundsOf(refundOfLine: readonly number[]): number[][] {
  return [...new Set(refundOfLine)].sort((a, b) => a - b).map((refund) => refundOfLine.flatMap((of, position) => (of === refund ? [position] : [])));
}

/** Checks every refund of the split, and that together they are the order's totals exactly. */
function checkRefunds(order: Order, refunds: readonly (readonly number[])[]) {
  const done: number[] = [];
  const sum = { netMinor: 0, taxMinor: 0, grossMinor: 0, chargedMinor: 0 };
  let closed = false;
  for (const positions of refunds) {
    const refund = refundAmounts(order, positions, done);
    for (const field of ['netMinor', 'taxMinor', 'grossMinor', 'chargedMinor'] as const) {
      expect(refund[field]).toBeGreaterThanOrEqual(0);
      expect(Object.is(refund[field], -0)).toBe(false);
      sum[field] += refund[field];
    }
    // A refund is a whole part of the sale: its net and tax make its gross, and the gateway gives back no more than that.
    expect(refund.netMinor + refund.taxMinor).toBe(refund.grossMinor);
    expect(refund.chargedMinor).toBeLessThanOrEqual(refund.grossMinor);
    // Once nothing is left, any later refund (of free lines) gives nothing.
    if (closed) expect(refund).toEqual({ netMinor: 0, taxMinor: 0, grossMinor: 0, chargedMinor: 0, whole: true });
    closed ||= refund.whole;
    done.push(...positions);
  }
  expect(closed).toBe(true);
  expect(sum).toEqual({ netMinor: order.netMinor, taxMinor: order.taxMinor, grossMinor: order.grossMinor, chargedMinor: amountCharged(order) });
}

describe('refundAmounts properties', () => {
  it('any split of the lines into successive refunds adds up exactly to the order, and no refund is negative', () => {
    fc.assert(fc.property(orderAndRefunds, ([order, refundOfLine]) => checkRefunds(order, refundsOf(refundOfLine))));
  });

  it('a line gives back what the invoice said it cost, and its tax is part of the tax stated at its rate', () => {
    fc.assert(
      fc.property(anyOrder, (order) => {
        const shares = refundLineShares(order);
        order.lines.forEach((line, position) => {
          const share = shares[position];
          if (line.isBonus) expect(share).toEqual({ netMinor: 0, taxMinor: 0, grossMinor: 0, chargedMinor: 0, rateBasisPoints: null });
          // A tax-inclusive order the store priced: the line's gross is its discounted price, to the minor unit.
          if (order.taxInclusive && order.gateway === 'braintree') expect(share.grossMinor).toBe(line.isBonus ? 0 : line.totalMinor - line.discountMinor);
          expect(share.taxMinor).toBeLessThanOrEqual(share.grossMinor);
        });
        const rates = taxByRate(order);
        for (const rate of rates ?? []) {
          const atRate = shares.filter((share) => share.rateBasisPoints === rate.rateBasisPoints).reduce((sum, share) => sum + share.taxMinor, 0);
          expect(atRate).toBe(rate.taxMinor);
        }
        if (!rates) expect(shares.every((share) => share.rateBasisPoints === null)).toBe(true);
      }),
    );
  });
});

describe('refundAmounts regression cases', () => {
  // Splits worth keeping: a 100% discount (nothing to give back but still closing the order), a
  // voucher paying all of an order, a reseller's tax above ours, and two rates with a penny of rounding each.
  const cases: { name: string; order: Order; refunds: number[][] }[] = [
    {
      name: 'a 100% discount with a bonus line',
      order: anOrder({
        status: 'paid',
        netMinor: 0,
        taxMinor: 0,
        grossMinor: 0,
        discountMinor: 4199,
        lines: [anOrderLine({ discountMinor: 4199 }), anOrderLine({ totalMinor: 0, unitPriceMinor: 0, isBonus: true, taxRateBasisPoints: null })],
      }),
      refunds: [[1], [0]],
    },
    {
      name: 'a voucher paying everything',
      order: anOrder({ status: 'paid', voucherCode: 'GIFT', voucherMinor: 8398, netMinor: 6998, taxMinor: 1400, grossMinor: 8398, lines: [anOrderLine(), anOrderLine()] }),
      refunds: [[1], [0]],
    },
    {
      name: 'a reseller whose tax is above ours, three lines, one at a time',
      order: anOrder({
        status: 'paid',
        gateway: 'digital-river',
        netMinor: 101,
        taxMinor: 22,
        grossMinor: 123,
        voucherMinor: 0,
        lines: [anOrderLine({ totalMinor: 1, taxRateBasisPoints: null }), anOrderLine({ totalMinor: 50, taxRateBasisPoints: null }), anOrderLine({ totalMinor: 50, taxRateBasisPoints: null })],
      }),
      refunds: [[2], [0], [1]],
    },
    {
      name: 'two rates, three lines, a voucher of an odd amount',
      order: anOrder({
        status: 'paid',
        netMinor: 8360,
        taxMinor: 1631,
        grossMinor: 9991,
        voucherCode: 'GIFT',
        voucherMinor: 1001,
        lines: [
          anOrderLine({ totalMinor: 4199, taxRateBasisPoints: 2000 }),
          anOrderLine({ totalMinor: 833, taxRateBasisPoints: 2000 }),
          anOrderLine({ totalMinor: 4959, taxRateBasisPoints: 1900 }),
        ],
      }),
      refunds: [[1], [2], [0]],
    },
  ];

  it.each(cases)('$name', ({ order, refunds }) => {
    checkRefunds(order, refunds);
  });
});
