import { ErrorCatalogue } from '../errors/error-catalogue';
import { providerErrorWords } from './provider-errors';

/**
 * braintree-web's UnionPay errors (spec 3 §8 names UNIONPAY_NOT_ENABLED; the module has eleven
 * more), each to the catalogued words the page shows. Anything else is the card failing generally.
 */
const UNIONPAY_ERRORS: Readonly<Record<string, number>> = {
  // The account has no UnionPay enrollment: its cards are not checked (they pay as other cards do).
  UNIONPAY_NOT_ENABLED: ErrorCatalogue.UNIONPAY_UNAVAILABLE.code,
  // The card's capabilities could not be had.
  UNIONPAY_FETCH_CAPABILITIES_NETWORK_ERROR: ErrorCatalogue.UNIONPAY_CHECK_FAILED.code,
  // The bank refused the mobile number (4xx), or none was given.
  UNIONPAY_ENROLLMENT_CUSTOMER_INPUT_INVALID: ErrorCatalogue.UNIONPAY_MOBILE_INVALID.code,
  UNIONPAY_MISSING_MOBILE_PHONE_DATA: ErrorCatalogue.UNIONPAY_MOBILE_INVALID.code,
  UNIONPAY_ENROLLMENT_NETWORK_ERROR: ErrorCatalogue.UNIONPAY_ENROLLMENT_FAILED.code,
  // Tokenizing with the enrollment failed on what the shopper typed: the SMS code.
  UNIONPAY_FAILED_TOKENIZATION: ErrorCatalogue.UNIONPAY_CODE_WRONG.code,
  UNIONPAY_TOKENIZATION_NETWORK_ERROR: ErrorCatalogue.UNIONPAY_FAILED.code,
  // The page asked wrongly (no card form, both a card and the form, half an expiry date).
  UNIONPAY_HOSTED_FIELDS_INSTANCE_INVALID: ErrorCatalogue.UNIONPAY_FAILED.code,
  UNIONPAY_HOSTED_FIELDS_INSTANCE_REQUIRED: ErrorCatalogue.UNIONPAY_FAILED.code,
  UNIONPAY_CARD_OR_HOSTED_FIELDS_INSTANCE_REQUIRED: ErrorCatalogue.UNIONPAY_FAILED.code,
  UNIONPAY_CARD_AND_HOSTED_FIELDS_INSTANCES: ErrorCatalogue.UNIONPAY_FAILED.code,
  UNIONPAY_EXPIRATION_DATE_INCOMPLETE: ErrorCatalogue.UNIONPAY_FAILED.code,
};

/** braintree-web 3.124.0's unionpay errors. */
export const UNIONPAY_ERROR_CODES: readonly string[] = Object.keys(UNIONPAY_ERRORS);

/** The response code the page shows for a UnionPay error (by its `code`). */
export const unionPayFailureCode = providerErrorWords(UNIONPAY_ERRORS, ErrorCatalogue.UNIONPAY_FAILED.code);
