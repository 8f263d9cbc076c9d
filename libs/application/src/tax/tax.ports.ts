/**
 * The tax port: the standard rate of VAT or GST, in basis points, of the country an order is taxed
 * in. A data-file adapter today; a tax service (or the merchant of record's figures) later.
 */
export interface TaxRates {
  /** Zero where prices are tax-exclusive and sales tax follows the address (the US). */
  standardRate(countryCode: string): number;
}
export const TAX_RATES = Symbol('TaxRates');
