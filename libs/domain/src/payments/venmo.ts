import { ErrorCatalogue } from '../errors/error-catalogue';

/**
 * braintree-web's Venmo errors (spec 3 §8, and the codes its 3.124.0 module raises beside them),
 * each to the catalogued words the page shows. Anything else is the generic message.
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
};

/** The response code the page shows for a Venmo error (by its `code`), or the generic one. */
export function venmoFailureCode(error: { readonly code?: unknown } | null | undefined): number {
  const code = typeof error?.code === 'string' ? error.code : '';
  return Object.hasOwn(VENMO_ERRORS, code) ? VENMO_ERRORS[code] : ErrorCatalogue.GENERIC.code;
}
