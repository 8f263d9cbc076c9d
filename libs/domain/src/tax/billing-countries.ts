/**
 * Our choice: the store does not sell to countries under comprehensive UK, EU and US sanctions, so a
 * billing address there is refused with 'Your billing country is unsupported. Please choose a
 * different country' (spec 2 §2), before any tax or payment step.
 */
export const UNSUPPORTED_BILLING_COUNTRIES: readonly string[] = ['BY', 'CU', 'IR', 'KP', 'RU', 'SY'];

export function isSupportedBillingCountry(country: string): boolean {
  return !UNSUPPORTED_BILLING_COUNTRIES.includes(country.toUpperCase());
}
