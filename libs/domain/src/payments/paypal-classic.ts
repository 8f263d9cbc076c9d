import { ErrorCatalogue } from '../errors/error-catalogue';
import { providerErrorWords } from './provider-errors';

/**
 * braintree-web's classic `paypal` module (deprecated in favour of paypal-checkout, used where a
 * merchant still runs it): each error its popup flow can end in, in the catalogue's words.
 * Anything else (the account could not be tokenized, an unknown code) is PayPal failing generally.
 */
const PAYPAL_CLASSIC_ERRORS: Readonly<Record<string, number>> = {
  // The payer closed PayPal's window, or cancelled on PayPal's page (which closes it).
  PAYPAL_POPUP_CLOSED: ErrorCatalogue.PAYPAL_CANCELLED.code,
  // The browser refused the window (a pop-up blocker, or no click behind it).
  PAYPAL_POPUP_OPEN_FAILED: ErrorCatalogue.PAYPAL_WINDOW_BLOCKED.code,
  // A second press while the window is open.
  PAYPAL_TOKENIZATION_REQUEST_ACTIVE: ErrorCatalogue.PAYPAL_IN_PROGRESS.code,
  // PayPal refused to set the payment up: our request's fault, never the payer's.
  PAYPAL_FLOW_FAILED: ErrorCatalogue.PAYPAL_NOT_STARTED.code,
  PAYPAL_FLOW_OPTION_REQUIRED: ErrorCatalogue.PAYPAL_NOT_STARTED.code,
  PAYPAL_INVALID_PAYMENT_OPTION: ErrorCatalogue.PAYPAL_NOT_STARTED.code,
  PAYPAL_NOT_ENABLED: ErrorCatalogue.PAYPAL_UNAVAILABLE.code,
  PAYPAL_ACCOUNT_TOKENIZATION_FAILED: ErrorCatalogue.PAYPAL_FAILED.code,
};

/** The catalogued code for an error of the classic PayPal module's tokenize(). */
export const payPalClassicFailure = providerErrorWords(PAYPAL_CLASSIC_ERRORS, ErrorCatalogue.PAYPAL_FAILED.code);
