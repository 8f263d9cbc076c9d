/** The billing fields a country change touches. Empty fields are null (spec 1 §5). */
export interface BillingCountryFields {
  readonly country: string;
  /** The state or province. */
  readonly state: string | null;
  readonly vat_id: string | null;
}

/**
 * The billing fields after the shopper picks another country (spec 1 §4): a state only makes sense
 * in the country it belongs to, so it is cleared unless the country is the stored billing
 * country; a tax ID is issued per country, so it is always cleared.
 */
export function billingCountryChange(
  previousStoredCountry: string | null,
  newCountry: string,
  currentState: string | null,
): BillingCountryFields {
  const keepsState = previousStoredCountry !== null && previousStoredCountry.toUpperCase() === newCountry.toUpperCase();
  return { country: newCountry, state: keepsState ? currentState : null, vat_id: null };
}
