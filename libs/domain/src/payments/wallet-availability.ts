/** What every wallet needs: its feature flag on and the shopper's country not disabled for it. */
export interface WalletAvailability {
  readonly featureOn: boolean;
  /** The billing country, ISO 3166-1 alpha-2. */
  readonly country: string;
  /** The wallet's disabled countries from the card gateway's payload (spec 2 §3). */
  readonly disabledCountries: readonly string[];
}

const allowedHere = (input: WalletAvailability): boolean =>
  input.featureOn && !input.disabledCountries.some((code) => code.toUpperCase() === input.country.toUpperCase());

/** Offers Apple Pay only where the feature is on, the browser can pay with it and the country is not disabled (spec 2 §6). */
export function isApplePayEnabled(input: WalletAvailability & { readonly canMakePayments: boolean }): boolean {
  return allowedHere(input) && input.canMakePayments;
}

/** Offers Google Pay only where the feature is on, its library has loaded and the country is not disabled (spec 2 §6). */
export function isGooglePayEnabled(input: WalletAvailability & { readonly libraryPresent: boolean }): boolean {
  return allowedHere(input) && input.libraryPresent;
}

/** Offers PayPal only where the feature is on and the country is not disabled (spec 2 §6). */
export function isPayPalEnabled(input: WalletAvailability): boolean {
  return allowedHere(input);
}
