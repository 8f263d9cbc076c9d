import { ErrorCatalogue } from '../errors/error-catalogue';

/**
 * The browser library's error codes (braintree-web) and the response code each one shows (spec 2
 * §8: tokenization failure, CVV verification failure, 3-D Secure failure and unsupported card type
 * each have their own). Field errors (empty or invalid fields) are shown on the fields instead: null.
 */
const BY_PROVIDER_CODE: Readonly<Record<string, number | null>> = {
  HOSTED_FIELDS_FIELDS_EMPTY: null,
  HOSTED_FIELDS_FIELDS_INVALID: null,
  HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED: ErrorCatalogue.CARD_CVV_VERIFICATION_FAILED.code,
  HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE: ErrorCatalogue.CARD_TOKENIZATION_FAILED.code,
  HOSTED_FIELDS_FAILED_TOKENIZATION: ErrorCatalogue.CARD_TOKENIZATION_FAILED.code,
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR: ErrorCatalogue.CARD_TOKENIZATION_FAILED.code,
  HOSTED_FIELDS_CARD_TYPE_NOT_SUPPORTED: ErrorCatalogue.CARD_TYPE_NOT_SUPPORTED.code,
  THREEDS_LOOKUP_ERROR: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_LOOKUP_VALIDATION_ERROR: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_CARDINAL_SDK_ERROR: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_CARDINAL_SDK_SETUP_FAILED: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_CARDINAL_SDK_BAD_CONFIG: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_CARDINAL_SDK_BAD_JWT: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_CARDINAL_SDK_ERROR_ON_AUTHENTICATION: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_JWT_AUTHENTICATION_FAILED: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_CARDINAL_SDK_CANCELED: ErrorCatalogue.THREE_D_SECURE_CANCELED.code,
  THREEDS_VERIFY_CARD_CANCELED_BY_MERCHANT: ErrorCatalogue.THREE_D_SECURE_FAILED.code,
  THREEDS_AUTHENTICATION_IN_PROGRESS: null,
};

/** The response code of a failure reported by the card gateway's browser library; unknown codes are the generic 999. */
export function cardClientErrorCode(providerCode: string | undefined): number | null {
  if (providerCode === undefined) return ErrorCatalogue.GENERIC.code;
  return providerCode in BY_PROVIDER_CODE ? BY_PROVIDER_CODE[providerCode] : ErrorCatalogue.GENERIC.code;
}

/** Whether a 3-D Secure result lets the payment go ahead: the bank took the liability, or could not (not enrolled). */
export function threeDSecureAllowsPayment(result: { readonly liabilityShifted: boolean; readonly liabilityShiftPossible: boolean }): boolean {
  return result.liabilityShifted || !result.liabilityShiftPossible;
}
