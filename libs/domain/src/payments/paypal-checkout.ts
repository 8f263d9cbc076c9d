import { ErrorCatalogue } from '../errors/error-catalogue';
import { PAYPAL_VAULT_ERRORS } from './paypal-vault';
import { providerErrorWords } from './provider-errors';

/**
 * braintree-web's paypal-checkout errors met while paying with PayPal's buttons (spec 3 §8), in
 * the catalogue's words; vault-initiated checkout's own errors read as in the vault flows.
 */
const PAYPAL_CHECKOUT_ERRORS: Readonly<Record<string, number>> = {
  ...PAYPAL_VAULT_ERRORS,
  // The payer closed PayPal's window or cancelled on it.
  PAYPAL_POPUP_CLOSED: ErrorCatalogue.PAYPAL_CANCELLED.code,
  PAYPAL_CANCELED: ErrorCatalogue.PAYPAL_CANCELLED.code,
  CANCELED: ErrorCatalogue.PAYPAL_CANCELLED.code,
  PAYPAL_BROWSER_NOT_SUPPORTED: ErrorCatalogue.PAYPAL_BROWSER_UNSUPPORTED.code,
  PAYPAL_UNSUPPORTED_BROWSER: ErrorCatalogue.PAYPAL_BROWSER_UNSUPPORTED.code,
  // The account has no PayPal, or a sandbox account has no PayPal account linked: not the payer's doing.
  PAYPAL_NOT_ENABLED: ErrorCatalogue.PAYPAL_UNAVAILABLE.code,
  PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED: ErrorCatalogue.PAYPAL_UNAVAILABLE.code,
  // The payer approved, but the approval could not be made into a payment method.
  PAYPAL_ACCOUNT_TOKENIZATION_FAILED: ErrorCatalogue.PAYPAL_FAILED.code,
  // PayPal refused how the page set the payment up (an option missing, a cart that does not add up, 422).
  PAYPAL_MISSING_REQUIRED_OPTION: ErrorCatalogue.PAYPAL_NOT_STARTED.code,
};

/** The response code the page shows for an error of PayPal's checkout (by its `code`). */
export const payPalCheckoutFailure = providerErrorWords(PAYPAL_CHECKOUT_ERRORS, ErrorCatalogue.PAYPAL_FAILED.code);
