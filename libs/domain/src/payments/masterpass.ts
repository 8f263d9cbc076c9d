import { ErrorCatalogue } from '../errors/error-catalogue';
import { providerErrorWords } from './provider-errors';

/**
 * braintree-web's Masterpass errors (spec 3 §8), each to the catalogued words the page shows.
 * braintree-web prefixes each with MASTERPASS_; anything else is Masterpass failing generally.
 */
const MASTERPASS_ERRORS: Readonly<Record<string, number>> = {
  // The module cannot run here, or the account has no Masterpass: the method is not offered.
  MASTERPASS_BROWSER_NOT_SUPPORTED: ErrorCatalogue.MASTERPASS_UNAVAILABLE.code,
  MASTERPASS_NOT_ENABLED: ErrorCatalogue.MASTERPASS_UNAVAILABLE.code,
  // The page asked wrongly (no subtotal or currency, or ones the gateway refuses, 422).
  MASTERPASS_TOKENIZE_MISSING_REQUIRED_OPTION: ErrorCatalogue.MASTERPASS_NOT_STARTED.code,
  MASTERPASS_INVALID_PAYMENT_OPTION: ErrorCatalogue.MASTERPASS_NOT_STARTED.code,
  MASTERPASS_TOKENIZATION_ALREADY_IN_PROGRESS: ErrorCatalogue.MASTERPASS_IN_PROGRESS.code,
  MASTERPASS_POPUP_OPEN_FAILED: ErrorCatalogue.MASTERPASS_WINDOW_BLOCKED.code,
  // The payer closed the window, or Masterpass came back without success (its cancel).
  MASTERPASS_POPUP_CLOSED: ErrorCatalogue.MASTERPASS_CANCELED.code,
  MASTERPASS_POPUP_MISSING_REQUIRED_PARAMETERS: ErrorCatalogue.MASTERPASS_FAILED.code,
  MASTERPASS_ACCOUNT_TOKENIZATION_FAILED: ErrorCatalogue.MASTERPASS_FAILED.code,
  // The request token could not be had: the gateway did not answer.
  MASTERPASS_FLOW_FAILED: ErrorCatalogue.MASTERPASS_SETUP_FAILED.code,
};

/** The spec's Masterpass errors (spec 3 §8), as braintree-web 3.124.0 names them. */
export const MASTERPASS_ERROR_CODES: readonly string[] = Object.keys(MASTERPASS_ERRORS);

/** The response code the page shows for a Masterpass error (by its `code`). */
export const masterpassFailureCode = providerErrorWords(MASTERPASS_ERRORS, ErrorCatalogue.MASTERPASS_FAILED.code);
