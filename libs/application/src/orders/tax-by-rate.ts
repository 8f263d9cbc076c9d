import { divideRounded } from '@store/domain';
import type { Order } from './orders.ports';

export interface TaxAtRate {
  readonly rateBasisPoints: number;
  readonly taxMinor: number;
}

/**
 * An order's tax by the rates its lines were taxed at, as its total was worked out (tax taken out of
 * each rate's discounted total once), for an invoice to state. Null when the order does not say
 * (the reseller's orders, older orders) or holds one rate only: its one total tax then says it all.
 */
export function taxByRate(order: Pick<Order, 'lines' | 'taxMinor' | 'taxInclusive'>): readonly TaxAtRate[] | null {
  const paid = order.lines.filter((line) => !line.isBonus && line.totalMinor > 0);
  if (!order.taxInclusive || paid.length === 0 || paid.some((line) => line.taxRateBasisPoints == null)) return null;
  const byRate = new Map<number, number>();
  for (const line of paid) {
    const rate = line.taxRateBasisPoints as number;
    byRate.set(rate, (byRate.get(rate) ?? 0) + line.totalMinor - line.discountMinor);
  }
  if (byRate.size < 2) return null;
  const rates = [...byRate]
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => ({ rateBasisPoints: rate, taxMinor: rate > 0 ? gross - divideRounded(gross * 10000, 10000 + rate) : 0 }));
  // Only what adds up to the tax charged is stated.
  return rates.reduce((sum, rate) => sum + rate.taxMinor, 0) === order.taxMinor ? rates : null;
}
