import { ErrorCatalogue } from '../errors/error-catalogue';
import { payPalVaultFailure } from './paypal-vault';

describe("PayPal's vault flows' errors", () => {
  it.each([
    ['PAYPAL_POPUP_CLOSED', 'PAYPAL_VAULT_CANCELED'],
    ['PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED', 'PAYPAL_CONFIRM_CANCELED'],
    ['PAYPAL_START_VAULT_INITIATED_CHECKOUT_POPUP_OPEN_FAILED', 'PAYPAL_WINDOW_BLOCKED'],
    ['PAYPAL_START_VAULT_INITIATED_CHECKOUT_SETUP_FAILED', 'PAYPAL_SETUP_FAILED'],
    ['PAYPAL_START_VAULT_INITIATED_CHECKOUT_IN_PROGRESS', 'PAYPAL_IN_PROGRESS'],
    ['PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED', 'PAYPAL_NOT_STARTED'],
    ['PAYPAL_FLOW_OPTION_REQUIRED', 'PAYPAL_NOT_STARTED'],
    ['PAYPAL_ACCOUNT_TOKENIZATION_FAILED', 'PAYPAL_VAULT_FAILED'],
    ['PAYPAL_NOT_ENABLED', 'PAYMENT_METHODS_UNAVAILABLE'],
  ] as const)('%s is told as %s', (code, name) => {
    expect(payPalVaultFailure({ code })).toBe(ErrorCatalogue[name].code);
  });

  it('tells anything else, or no error at all, as the account not saved', () => {
    for (const error of [{ code: 'SOMETHING_NEW' }, { code: 42 }, {}, null, undefined, { code: 'toString' }]) {
      expect(payPalVaultFailure(error)).toBe(ErrorCatalogue.PAYPAL_VAULT_FAILED.code);
    }
  });

  it('keeps every message distinct, so each failure reads differently', () => {
    const names = ['PAYPAL_VAULT_CANCELED', 'PAYPAL_CONFIRM_CANCELED', 'PAYPAL_VAULT_FAILED', 'PAYPAL_WINDOW_BLOCKED', 'PAYPAL_SETUP_FAILED', 'PAYPAL_IN_PROGRESS', 'PAYPAL_NOT_STARTED'] as const;
    expect(new Set(names.map((name) => ErrorCatalogue[name].message)).size).toBe(names.length);
  });
});
