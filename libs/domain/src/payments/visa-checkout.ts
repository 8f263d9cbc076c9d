import { ErrorCatalogue } from '../errors/error-catalogue';
import { providerErrorWords } from './provider-errors';

/**
 * braintree-web's Visa Checkout errors (spec 3 §8 names VISA_CHECKOUT_PAYMENT_REQUIRED; the module
 * has three more), each to the catalogued words the page shows. Anything else, such as Visa's
 * lightbox reporting an error of its own, is Visa Checkout failing generally.
 */
const VISA_CHECKOUT_ERRORS: Readonly<Record<string, number>> = {
  // The account has no Visa Checkout: the method is not offered.
  VISA_CHECKOUT_NOT_ENABLED: ErrorCatalogue.VISA_CHECKOUT_UNAVAILABLE.code,
  // The page asked wrongly, or Visa handed back a payment without its call id or encrypted data.
  VISA_CHECKOUT_INIT_OPTIONS_REQUIRED: ErrorCatalogue.VISA_CHECKOUT_NOT_STARTED.code,
  VISA_CHECKOUT_PAYMENT_REQUIRED: ErrorCatalogue.VISA_CHECKOUT_FAILED.code,
  // The gateway could not make a nonce of Visa's payment data.
  VISA_CHECKOUT_TOKENIZATION: ErrorCatalogue.VISA_CHECKOUT_FAILED.code,
};

/** braintree-web 3.124.0's visa-checkout errors. */
export const VISA_CHECKOUT_ERROR_CODES: readonly string[] = Object.keys(VISA_CHECKOUT_ERRORS);

/** The response code the page shows for a Visa Checkout error (by its `code`). */
export const visaCheckoutFailureCode = providerErrorWords(VISA_CHECKOUT_ERRORS, ErrorCatalogue.VISA_CHECKOUT_FAILED.code);
