import { prorate } from '@store/domain';
import { amountCharged, type Order } from '../orders/orders.ports';
import { taxByRate } from '../orders/tax-by-rate';

/** One order line's part of the order's totals: what refunding that line gives back. */
export interface RefundLineShare {
  readonly netMinor: number;
  readonly taxMinor: number;
  readonly grossMinor: number;
  /** The part of `grossMinor` the gateway charged; the rest was paid by the order's voucher. */
  readonly chargedMinor: number;
  /** The rate its tax is stated at on the invoice, null when the invoice states one rate for the whole order. */
  readonly rateBasisPoints: number | null;
}

export interface RefundAmounts {
  readonly netMinor: number;
  readonly taxMinor: number;
  readonly grossMinor: number;
  /** What goes back through the order's gateway: the voucher's part of the gross does not. */
  readonly chargedMinor: number;
  /** With the lines refunded before, nothing of the order is left to refund. */
  readonly whole: boolean;
}

/** Why a choice of lines cannot be refunded; null when it can. */
export type RefundPositionsProblem = 'no-lines' | 'not-on-order' | 'repeated' | 'already-refunded';

type Totals = Pick<Order, 'lines' | 'netMinor' | 'taxMinor' | 'grossMinor' | 'taxInclusive' | 'voucherMinor'>;

const sumOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

/** What a line cost after its share of the discount; a bonus product cost nothing. */
const costOf = (line: Order['lines'][number]) => (line.isBonus ? 0 : Math.max(0, line.totalMinor - line.discountMinor));

/**
 * Each line's fixed part of the order's net, tax, gross and charged amount, split by largest
 * remainder so that the parts add up exactly to the order's totals. Because a line's part never
 * depends on which lines were refunded before, any split of the lines into successive refunds adds
 * up exactly to the order, and a credit note's line says what the invoice's line said.
 *
 * - Gross: in proportion to what each line cost after its discount (for an order the store priced,
 *   that is exactly the line's discounted price). Bonus and free lines get nothing.
 * - Tax: where the invoice states tax by rate (taxByRate), each rate's tax is split over that rate's
 *   lines, so the credit note's tax at each rate is part of the invoice's. Otherwise the order's one
 *   tax is split in proportion to the lines' gross parts. Either way no line's tax exceeds its gross.
 * - Net: the gross part less the tax part, so each line's net and tax add up to its gross.
 * - Charged: the voucher pays each line in proportion to the line's gross (the simplest honest rule:
 *   a voucher paid for the order as a whole, not for any one product), so each line's charged part is
 *   its gross part's share of what the gateway took. Refunding the lines one by one therefore never
 *   gives back through the gateway more than it charged, nor leaves any of it behind.
 */
export function refundLineShares(order: Totals): readonly RefundLineShare[] {
  const costs = order.lines.map(costOf);
  // An order whose lines all cost nothing but that has a total (none is priced that way) is split
  // evenly over its paid lines rather than dropped.
  const weights = sumOf(costs) > 0 ? costs : order.lines.map((line) => (line.isBonus ? 0 : 1));
  const rates = sumOf(costs) === order.grossMinor ? taxByRate(order) : null;
  const gross = rates ? costs : prorate(weights, order.grossMinor);
  const tax = rates ? taxPerRate(order, costs, rates) : prorate(gross, order.taxMinor);
  const consistent = order.netMinor + order.taxMinor === order.grossMinor;
  // Never otherwise for an order the store made; the order's own net is kept whole all the same.
  const net = consistent ? gross.map((part, index) => part - tax[index]) : prorate(gross, order.netMinor);
  const charged = prorate(gross, amountCharged(order));
  return order.lines.map((line, index) => ({
    netMinor: net[index],
    taxMinor: tax[index],
    grossMinor: gross[index],
    chargedMinor: charged[index],
    rateBasisPoints: rates && costs[index] > 0 ? (line.taxRateBasisPoints ?? null) : null,
  }));
}

/** Each rate's tax, as the invoice states it, split over the lines taxed at that rate by their cost. */
function taxPerRate(order: Totals, costs: readonly number[], rates: NonNullable<ReturnType<typeof taxByRate>>): number[] {
  const tax = costs.map(() => 0);
  for (const rate of rates) {
    const members = costs.flatMap((cost, index) => (cost > 0 && order.lines[index].taxRateBasisPoints === rate.rateBasisPoints ? [index] : []));
    const parts = prorate(
      members.map((index) => costs[index]),
      rate.taxMinor,
    );
    members.forEach((index, at) => (tax[index] = parts[at]));
  }
  return tax;
}

/** Whether these lines can be refunded after those refunded before; null when they can. */
export function refundPositionsProblem(order: Pick<Order, 'lines'>, positions: readonly number[], alreadyRefunded: readonly number[]): RefundPositionsProblem | null {
  const onOrder = (position: number) => Number.isInteger(position) && position >= 0 && position < order.lines.length;
  if (positions.length === 0) return 'no-lines';
  if (!positions.every(onOrder) || !alreadyRefunded.every(onOrder)) return 'not-on-order';
  if (new Set(positions).size !== positions.length || new Set(alreadyRefunded).size !== alreadyRefunded.length) return 'repeated';
  if (positions.some((position) => alreadyRefunded.includes(position))) return 'already-refunded';
  return null;
}

/**
 * What refunding the lines at `positions` gives back, after the lines at `alreadyRefunded` were
 * refunded. `whole` when no line with any part of the totals is left unrefunded (free and bonus
 * lines are refunded with the rest, or not at all: they give nothing back); the amounts are then
 * exactly what is left of the order, so an order's refunds always add up to its totals.
 *
 * Throws a plain Error for lines that are not on the order, repeated or refunded already: the use
 * case checks them first (refundPositionsProblem) and answers with a catalogued error.
 */
export function refundAmounts(order: Order, positions: readonly number[], alreadyRefunded: readonly number[]): RefundAmounts {
  const problem = refundPositionsProblem(order, positions, alreadyRefunded);
  if (problem) throw new Error(`Cannot refund lines [${positions.join(', ')}] of order ${order.number} after [${alreadyRefunded.join(', ')}]: ${problem}`);
  const shares = refundLineShares(order);
  const refunded = new Set([...alreadyRefunded, ...positions]);
  const carries = (share: RefundLineShare) => share.netMinor !== 0 || share.taxMinor !== 0 || share.grossMinor !== 0 || share.chargedMinor !== 0;
  const whole = shares.every((share, position) => refunded.has(position) || !carries(share));
  const total = (field: keyof Omit<RefundLineShare, 'rateBasisPoints'>, of: readonly number[]) => sumOf(of.map((position) => shares[position][field]));
  if (whole) {
    // What is left, taken from the order's own totals: the same figure as the lines' parts, stated
    // this way so that the last refund closes the order to the minor unit whatever came before.
    const left = (field: keyof Omit<RefundLineShare, 'rateBasisPoints'>, orderTotal: number) => orderTotal - total(field, alreadyRefunded);
    return {
      netMinor: left('netMinor', order.netMinor),
      taxMinor: left('taxMinor', order.taxMinor),
      grossMinor: left('grossMinor', order.grossMinor),
      chargedMinor: left('chargedMinor', amountCharged(order)),
      whole,
    };
  }
  return { netMinor: total('netMinor', positions), taxMinor: total('taxMinor', positions), grossMinor: total('grossMinor', positions), chargedMinor: total('chargedMinor', positions), whole };
}
