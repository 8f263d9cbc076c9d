import { ErrorCatalogue } from '../errors/error-catalogue';
import { payPalCheckoutFailure } from './paypal-checkout';
import { payPalVaultFailure } from './paypal-vault';

describe('payPalCheckoutFailure', () => {
  it.each([
    ['PAYPAL_POPUP_CLOSED', 'PAYPAL_CANCELLED'],
    ['PAYPAL_BROWSER_NOT_SUPPORTED', 'PAYPAL_BROWSER_UNSUPPORTED'],
    ['PAYPAL_NOT_ENABLED', 'PAYPAL_UNAVAILABLE'],
    ['PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED', 'PAYPAL_UNAVAILABLE'],
    ['PAYPAL_ACCOUNT_TOKENIZATION_FAILED', 'PAYPAL_FAILED'],
    ['PAYPAL_FLOW_FAILED', 'PAYPAL_NOT_STARTED'],
    ['PAYPAL_FLOW_OPTION_REQUIRED', 'PAYPAL_NOT_STARTED'],
    ['PAYPAL_MISSING_REQUIRED_OPTION', 'PAYPAL_NOT_STARTED'],
    ['PAYPAL_INVALID_PAYMENT_OPTION', 'PAYPAL_NOT_STARTED'],
    ['PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED', 'PAYPAL_CONFIRM_CANCELED'],
    ['PAYPAL_START_VAULT_INITIATED_CHECKOUT_POPUP_OPEN_FAILED', 'PAYPAL_WINDOW_BLOCKED'],
  ] as const)('tells %s as %s', (code, name) => {
    expect(payPalCheckoutFailure({ code })).toBe(ErrorCatalogue[name].code);
  });

  it('reads vault-initiated checkout as the vault flows do, and anything else as PayPal failing', () => {
    for (const code of ['PAYPAL_START_VAULT_INITIATED_CHECKOUT_SETUP_FAILED', 'PAYPAL_START_VAULT_INITIATED_CHECKOUT_IN_PROGRESS', 'PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED']) {
      expect(payPalCheckoutFailure({ code })).toBe(payPalVaultFailure({ code }));
    }
    for (const error of [{ code: 'PAYPAL_SOMETHING_NEW' }, { code: 'toString' }, { code: 7 }, null]) expect(payPalCheckoutFailure(error)).toBe(ErrorCatalogue.PAYPAL_FAILED.code);
  });
});
