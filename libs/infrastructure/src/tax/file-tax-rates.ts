import type { TaxRates } from '@store/application';
import table from './standard-tax-rates.json';

/** Standard rates from a data file kept in the repository; unknown countries have none. */
export class FileTaxRates implements TaxRates {
  private readonly rates: ReadonlyMap<string, number>;

  constructor(rates: Readonly<Record<string, number>> = table.rates) {
    for (const [country, rate] of Object.entries(rates)) {
      if (!/^[A-Z]{2}$/.test(country) || !Number.isInteger(rate) || rate < 0 || rate > 10000) {
        throw new Error(`Tax rate for ${country} is not a whole number of basis points between 0 and 10000`);
      }
    }
    this.rates = new Map(Object.entries(rates));
  }

  standardRate(countryCode: string): number {
    return this.rates.get(countryCode.toUpperCase()) ?? 0;
  }
}
