/**
 * A card is good until the end of its expiry month (the month printed on it), in any time zone:
 * it has expired only once that month is over everywhere, so a shopper is never refused a day early.
 */
export function cardExpired(expirationMonth: number, expirationYear: number, now: Date): boolean {
  // The first moment of the following month, at UTC-12, the last place that month ends.
  const endOfMonth = Date.UTC(expirationYear, expirationMonth, 1, 12);
  return now.getTime() >= endOfMonth;
}
