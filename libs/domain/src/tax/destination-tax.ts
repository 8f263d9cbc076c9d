import { divideRounded } from '../shared/money';

/**
 * Ours: a product that is posted is taxed where it is delivered (spec 2 §3 shipping_is_required),
 * as VAT and GST on goods are. A tax-inclusive account's price holds its own country's tax, so for
 * another destination the price is taken back to its net and that country's tax put on instead: a
 * French delivery from the UK store pays French VAT, a delivery to a country without VAT pays the
 * net price only. Delivered at the account's own rate the price is left exactly as listed.
 */
export function destinationUnitPrice(listedMinor: number, accountRateBasisPoints: number, destinationRateBasisPoints: number): number {
  if (accountRateBasisPoints === destinationRateBasisPoints) return listedMinor;
  const net = divideRounded(listedMinor * 10000, 10000 + accountRateBasisPoints);
  return net + divideRounded(net * destinationRateBasisPoints, 10000);
}

/** Where a basket's posted products are taxed: the country they are delivered to, at its rate. */
export interface TaxDestination {
  readonly country: string;
  readonly taxRateBasisPoints: number;
}
