import { ErrorCatalogue } from '../errors/error-catalogue';
import { providerErrorWords } from './provider-errors';

/**
 * PayPal's vault flows (spec 3 §5, §8): saving an account without paying (the vault flow), and
 * the saved account's renewed consent (vault-initiated checkout). Each braintree-web error the
 * page can meet there is told in the catalogue's words; anything else is the generic refusal.
 */
export const PAYPAL_VAULT_ERRORS: Readonly<Record<string, number>> = {
  // The payer closed PayPal, or cancelled on it: nothing saved, nothing charged.
  PAYPAL_POPUP_CLOSED: ErrorCatalogue.PAYPAL_VAULT_CANCELED.code,
  // The payer closed PayPal instead of confirming a payment from the saved account, which stays saved.
  PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED: ErrorCatalogue.PAYPAL_CONFIRM_CANCELED.code,
  // Opened outside a click, or blocked by the browser.
  PAYPAL_START_VAULT_INITIATED_CHECKOUT_POPUP_OPEN_FAILED: ErrorCatalogue.PAYPAL_WINDOW_BLOCKED.code,
  // The frame service did not come up in time.
  PAYPAL_START_VAULT_INITIATED_CHECKOUT_SETUP_FAILED: ErrorCatalogue.PAYPAL_SETUP_FAILED.code,
  PAYPAL_START_VAULT_INITIATED_CHECKOUT_IN_PROGRESS: ErrorCatalogue.PAYPAL_IN_PROGRESS.code,
  // A missing amount, currency or token ("Required param {x} is missing."): our page's fault, never the payer's.
  PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED: ErrorCatalogue.PAYPAL_NOT_STARTED.code,
  PAYPAL_FLOW_OPTION_REQUIRED: ErrorCatalogue.PAYPAL_NOT_STARTED.code,
  PAYPAL_FLOW_FAILED: ErrorCatalogue.PAYPAL_NOT_STARTED.code,
  PAYPAL_INVALID_PAYMENT_OPTION: ErrorCatalogue.PAYPAL_NOT_STARTED.code,
  PAYPAL_ACCOUNT_TOKENIZATION_FAILED: ErrorCatalogue.PAYPAL_VAULT_FAILED.code,
  PAYPAL_NOT_ENABLED: ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code,
  PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED: ErrorCatalogue.PAYMENT_METHODS_UNAVAILABLE.code,
};

/** The catalogued code for a braintree-web error met in PayPal's vault flows. */
export const payPalVaultFailure = providerErrorWords(PAYPAL_VAULT_ERRORS, ErrorCatalogue.PAYPAL_VAULT_FAILED.code);
