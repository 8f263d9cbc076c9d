import {
  ErrorCatalogue,
  errorNameForCode,
  masterpassFailureCode,
  paymentRequestFailure,
  payPalCheckoutFailure,
  payPalClassicFailure,
  payPalVaultFailure,
  unionPayFailureCode,
  venmoFailureCode,
  visaCheckoutFailureCode,
} from '@store/domain';

// Every error the installed braintree-web can raise in the methods the checkout runs on it (spec 3
// §8) is read from the package itself, not copied here, so a new version's new error fails this
// until it has words of its own. Each must reach a catalogued entry of its method, never the
// generic 'Something went wrong', and the spec's own list must be among the module's errors.

interface ModuleErrors {
  /** braintree-web's errors file for the module. */
  readonly errors: string;
  /** How the page words one of them: a response code, or null when it is quiet (the shopper's own cancel). */
  readonly told: (code: string) => number | null;
  /** The catalogue's names this method's words may come from. */
  readonly entries: RegExp;
  /** The errors spec 3 §8 names for it, as braintree-web spells them. */
  readonly spec: readonly string[];
}

const MODULES: Readonly<Record<string, ModuleErrors>> = {
  'paypal-checkout': {
    errors: 'braintree-web/paypal-checkout/errors',
    told: (code) => payPalCheckoutFailure({ code }),
    entries: /^PAYPAL_/,
    spec: [
      'PAYPAL_NOT_ENABLED',
      'PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED',
      'PAYPAL_ACCOUNT_TOKENIZATION_FAILED',
      'PAYPAL_FLOW_FAILED',
      'PAYPAL_FLOW_OPTION_REQUIRED',
      'PAYPAL_MISSING_REQUIRED_OPTION',
      'PAYPAL_INVALID_PAYMENT_OPTION',
      'PAYPAL_START_VAULT_INITIATED_CHECKOUT_PARAM_REQUIRED',
      'PAYPAL_START_VAULT_INITIATED_CHECKOUT_SETUP_FAILED',
      'PAYPAL_START_VAULT_INITIATED_CHECKOUT_POPUP_OPEN_FAILED',
      'PAYPAL_START_VAULT_INITIATED_CHECKOUT_CANCELED',
      'PAYPAL_START_VAULT_INITIATED_CHECKOUT_IN_PROGRESS',
    ],
  },
  'paypal-checkout, saving without paying': {
    errors: 'braintree-web/paypal-checkout/errors',
    told: (code) => payPalVaultFailure({ code }),
    entries: /^PAYPAL_|^PAYMENT_METHODS_UNAVAILABLE$/,
    spec: [],
  },
  paypal: {
    errors: 'braintree-web/paypal/shared/errors',
    told: (code) => payPalClassicFailure({ code }),
    entries: /^PAYPAL_/,
    spec: ['PAYPAL_TOKENIZATION_REQUEST_ACTIVE', 'PAYPAL_POPUP_OPEN_FAILED', 'PAYPAL_POPUP_CLOSED'],
  },
  venmo: {
    errors: 'braintree-web/venmo/shared/errors',
    told: (code) => venmoFailureCode({ code }),
    entries: /^VENMO_/,
    spec: [
      'VENMO_NOT_ENABLED',
      'VENMO_CUSTOMER_CANCELED',
      'VENMO_MOBILE_POLLING_TOKENIZATION_EXPIRED',
      'VENMO_MOBILE_POLLING_TOKENIZATION_TIMEOUT',
      'VENMO_MOBILE_POLLING_TOKENIZATION_FAILED',
    ],
  },
  'payment-request': {
    errors: 'braintree-web/payment-request/shared/errors',
    told: (code) => {
      const failure = paymentRequestFailure({ code });
      return failure.kind === 'quiet' ? null : failure.code;
    },
    entries: /^PAYMENT_REQUEST_/,
    spec: [
      'PAYMENT_REQUEST_NO_VALID_SUPPORTED_PAYMENT_METHODS',
      'PAYMENT_REQUEST_CANCELED',
      'PAYMENT_REQUEST_INITIALIZATION_MISCONFIGURED',
      'PAYMENT_REQUEST_CAN_MAKE_PAYMENT_FAILED',
      'PAYMENT_REQUEST_CAN_MAKE_PAYMENT_NOT_ALLOWED',
      'PAYMENT_REQUEST_UNSUPPORTED_PAYMENT_METHOD',
      'PAYMENT_REQUEST_GOOGLE_PAYMENT_FAILED_TO_TOKENIZE',
      'PAYMENT_REQUEST_GOOGLE_PAYMENT_PARSING_ERROR',
      'PAYMENT_REQUEST_NOT_COMPLETED',
    ],
  },
  masterpass: {
    errors: 'braintree-web/masterpass/shared/errors',
    told: (code) => masterpassFailureCode({ code }),
    entries: /^MASTERPASS_/,
    spec: [
      'MASTERPASS_BROWSER_NOT_SUPPORTED',
      'MASTERPASS_NOT_ENABLED',
      'MASTERPASS_TOKENIZE_MISSING_REQUIRED_OPTION',
      'MASTERPASS_TOKENIZATION_ALREADY_IN_PROGRESS',
      'MASTERPASS_ACCOUNT_TOKENIZATION_FAILED',
      'MASTERPASS_POPUP_OPEN_FAILED',
      'MASTERPASS_POPUP_MISSING_REQUIRED_PARAMETERS',
      'MASTERPASS_POPUP_CLOSED',
      'MASTERPASS_INVALID_PAYMENT_OPTION',
      'MASTERPASS_FLOW_FAILED',
    ],
  },
  'visa-checkout': {
    errors: 'braintree-web/visa-checkout/errors',
    told: (code) => visaCheckoutFailureCode({ code }),
    entries: /^VISA_CHECKOUT_/,
    spec: ['VISA_CHECKOUT_PAYMENT_REQUIRED'],
  },
  unionpay: {
    errors: 'braintree-web/unionpay/shared/errors',
    told: (code) => unionPayFailureCode({ code }),
    entries: /^UNIONPAY_/,
    spec: ['UNIONPAY_NOT_ENABLED'],
  },
};

/** The error codes a braintree-web errors file declares. */
function moduleErrors(file: string): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const errors = require(file) as Record<string, { readonly code: string }>;
  return Object.values(errors).map((error) => error.code);
}

describe.each(Object.entries(MODULES))("braintree-web's %s errors, in the catalogue's words", (_name, module) => {
  const codes = moduleErrors(module.errors);

  it('names every error spec 3 §8 lists for it', () => {
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).toEqual(expect.arrayContaining([...module.spec]));
  });

  it.each(codes)('words %s as its method, never generically', (code) => {
    const told = module.told(code);
    if (told === null) return expect(code).toBe('PAYMENT_REQUEST_CANCELED');
    expect(told).not.toBe(ErrorCatalogue.GENERIC.code);
    const name = errorNameForCode(told);
    expect(name).toMatch(module.entries);
    expect(ErrorCatalogue[name as keyof typeof ErrorCatalogue].message.length).toBeGreaterThan(0);
  });
});
