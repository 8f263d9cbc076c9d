import { methodAvailable, paymentMethod, type BrowserCapability, type PaymentMethodType } from './payment-methods';

/** What every wallet needs: its feature flag on and the shopper's country not disabled for it. */
export interface WalletAvailability {
  readonly featureOn: boolean;
  /** The billing country, ISO 3166-1 alpha-2. */
  readonly country: string;
  /** The wallet's disabled countries from the card gateway's payload (spec 2 §3). */
  readonly disabledCountries: readonly string[];
}

// The wallet's own rule decides; these read the page's flags into it.
const walletAvailable = (type: PaymentMethodType, input: WalletAvailability, capable: boolean): boolean => {
  const method = paymentMethod(type);
  const { feature, capability } = method.availability;
  return methodAvailable(method, {
    billingCountry: input.country,
    flags: input.featureOn && feature ? [feature] : [],
    capabilities: capable && capability ? [capability] : ([] as BrowserCapability[]),
    disabledCountries: input.disabledCountries,
  });
};

/** Offers Apple Pay only where the feature is on, the browser can pay with it and the country is not disabled (spec 2 §6). */
export function isApplePayEnabled(input: WalletAvailability & { readonly canMakePayments: boolean }): boolean {
  return walletAvailable('apple-pay', input, input.canMakePayments);
}

/** Offers Google Pay only where the feature is on, its library has loaded and the country is not disabled (spec 2 §6). */
export function isGooglePayEnabled(input: WalletAvailability & { readonly libraryPresent: boolean }): boolean {
  return walletAvailable('google-pay', input, input.libraryPresent);
}

/** Offers PayPal only where the feature is on and the country is not disabled (spec 2 §6). */
export function isPayPalEnabled(input: WalletAvailability): boolean {
  return walletAvailable('paypal', input, true);
}
