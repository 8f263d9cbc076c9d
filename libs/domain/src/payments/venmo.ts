import { ErrorCatalogue } from '../errors/error-catalogue';
import { providerErrorWords } from './provider-errors';

/**
 * braintree-web's Venmo errors (spec 3 §8, and the codes its 3.124.0 module raises beside them),
 * each to the catalogued words the page shows. Anything else is Venmo failing generally.
 */
const VENMO_ERRORS: Readonly<Record<string, number>> = {
  // The payer closed the desktop QR dialog, or said no in the app.
  VENMO_DESKTOP_CANCELED: ErrorCatalogue.VENMO_CANCELLED.code,
  VENMO_CUSTOMER_CANCELED: ErrorCatalogue.VENMO_CANCELLED.code,
  VENMO_CANCELED: ErrorCatalogue.VENMO_CANCELLED.code,
  VENMO_APP_CANCELED: ErrorCatalogue.VENMO_CANCELLED.code,
  VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED: ErrorCatalogue.VENMO_CANCELLED.code,
  VENMO_MOBILE_POLLING_TOKENIZATION_EXPIRED: ErrorCatalogue.VENMO_EXPIRED.code,
  VENMO_MOBILE_POLLING_TOKENIZATION_TIMEOUT: ErrorCatalogue.VENMO_TIMED_OUT.code,
  VENMO_MOBILE_POLLING_TOKENIZATION_FAILED: ErrorCatalogue.VENMO_FAILED.code,
  VENMO_MOBILE_POLLING_TOKENIZATION_NETWORK_ERROR: ErrorCatalogue.VENMO_FAILED.code,
  VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED: ErrorCatalogue.VENMO_FAILED.code,
  VENMO_DESKTOP_UNKNOWN_ERROR: ErrorCatalogue.VENMO_FAILED.code,
  VENMO_APP_FAILED: ErrorCatalogue.VENMO_FAILED.code,
  VENMO_TOKENIZATION_FAILED: ErrorCatalogue.VENMO_FAILED.code,
  VENMO_NETWORK_ERROR: ErrorCatalogue.VENMO_FAILED.code,
  VENMO_NOT_ENABLED: ErrorCatalogue.VENMO_UNAVAILABLE.code,
  // The page set the module up with something it refuses: Venmo cannot be offered until that is fixed.
  VENMO_INVALID_PROFILE_ID: ErrorCatalogue.VENMO_UNAVAILABLE.code,
  VENMO_INVALID_DEEP_LINK_RETURN_URL: ErrorCatalogue.VENMO_UNAVAILABLE.code,
  VENMO_ECD_DISABLED: ErrorCatalogue.VENMO_UNAVAILABLE.code,
  // A second press while a payment is already with Venmo.
  VENMO_TOKENIZATION_REQUEST_ACTIVE: ErrorCatalogue.VENMO_IN_PROGRESS.code,
  // The page itself stopped the payment (the shopper left the method): nothing was charged.
  VENMO_TOKENIZATION_CANCELED_BY_MERCHANT: ErrorCatalogue.VENMO_CANCELLED.code,
  VENMO_TOKENIZATION_REQUEST_NOT_ACTIVE: ErrorCatalogue.VENMO_CANCELLED.code,
};

/** The response code the page shows for a Venmo error (by its `code`). */
export const venmoFailureCode = providerErrorWords(VENMO_ERRORS, ErrorCatalogue.VENMO_FAILED.code);
