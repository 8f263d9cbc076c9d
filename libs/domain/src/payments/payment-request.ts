import { ErrorCatalogue } from '../errors/error-catalogue';
import type { WalletFailure } from './wallet-requests';

/**
 * How a failure of the provider's payment-request module is told (spec 3 §8). Ours: the shopper's
 * own cancel of the browser's sheet is quiet (they closed it, nothing was charged, the button is
 * there again), as Google Pay's cancel is; the rest say what happened in the shopper's words.
 */
export function paymentRequestFailure(error: { readonly code?: string } | null): WalletFailure {
  switch (error?.code) {
    case 'PAYMENT_REQUEST_CANCELED':
      return { kind: 'quiet' };
    case 'PAYMENT_REQUEST_GOOGLE_PAYMENT_FAILED_TO_TOKENIZE':
    case 'PAYMENT_REQUEST_GOOGLE_PAYMENT_PARSING_ERROR':
      return { kind: 'message', code: ErrorCatalogue.PAYMENT_REQUEST_GOOGLE_PAY_FAILED.code };
    // The store's own set-up is wrong, or the browser refused it: the method cannot work here now.
    case 'PAYMENT_REQUEST_NO_VALID_SUPPORTED_PAYMENT_METHODS':
    case 'PAYMENT_REQUEST_INITIALIZATION_MISCONFIGURED':
    case 'PAYMENT_REQUEST_CAN_MAKE_PAYMENT_FAILED':
    case 'PAYMENT_REQUEST_CAN_MAKE_PAYMENT_NOT_ALLOWED':
    case 'PAYMENT_REQUEST_UNSUPPORTED_PAYMENT_METHOD':
    case 'PAYMENT_REQUEST_CREATE_SUPPORTED_PAYMENT_METHODS_CONFIGURATION_MUST_INCLUDE_TYPE':
    case 'PAYMENT_REQUEST_CREATE_SUPPORTED_PAYMENT_METHODS_CONFIGURATION_TYPE_NOT_ENABLED':
      return { kind: 'message', code: ErrorCatalogue.PAYMENT_REQUEST_UNAVAILABLE.code };
    default:
      // PAYMENT_REQUEST_NOT_COMPLETED, and anything the module adds later.
      return { kind: 'message', code: ErrorCatalogue.PAYMENT_REQUEST_NOT_COMPLETED.code };
  }
}
