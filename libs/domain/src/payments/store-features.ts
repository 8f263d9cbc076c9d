/**
 * The page state's features (spec 1 §3: the list of enabled flags). The spec names the flags
 * that switch payment methods and device data on (spec 2 §6); each is on only when the store is
 * set up for it, so the page never offers what the server would refuse.
 */
export const STORE_FEATURES = ['apple-pay', 'google-pay', 'paypal', 'device-data', 'local-payments', 'sepa', 'us-bank-account', 'venmo', 'masterpass', 'visa-checkout', 'unionpay', 'payment-request'] as const;
export type StoreFeature = (typeof STORE_FEATURES)[number];

export interface FeatureSettings {
  /** The card gateway is set up: its wallets and device data mean nothing without it. */
  readonly cardGateway: boolean;
  readonly applePay: boolean;
  readonly googlePay: boolean;
  readonly payPal: boolean;
  readonly deviceData: boolean;
  /**
   * The provider's local payment methods (spec 3 §1). They are approved through PayPal, so they
   * need PayPal on the account as well as their own switch.
   */
  readonly localPayments?: boolean;
  /** The bank debits: SEPA direct debit and US bank account (ACH), each enabled on the account first. */
  readonly sepa?: boolean;
  readonly usBankAccount?: boolean;
  /** Venmo (US dollars; desktop by QR code), enabled on the account first. */
  readonly venmo?: boolean;
  /** The browser's Payment Request API through the provider (spec 3 §3), off by default. */
  readonly paymentRequest?: boolean;
  /**
   * Networks retired for Click to Pay (Masterpass, Visa Checkout) and UnionPay's SMS enrollment:
   * each off unless the account still has it (docs/decisions.md).
   */
  readonly masterpass?: boolean;
  readonly visaCheckout?: boolean;
  readonly unionPay?: boolean;
}

export function enabledFeatures(settings: FeatureSettings): StoreFeature[] {
  if (!settings.cardGateway) return [];
  const on: Record<StoreFeature, boolean> = {
    'apple-pay': settings.applePay,
    'google-pay': settings.googlePay,
    paypal: settings.payPal,
    'device-data': settings.deviceData,
    'local-payments': settings.localPayments === true && settings.payPal,
    sepa: settings.sepa === true,
    'us-bank-account': settings.usBankAccount === true,
    venmo: settings.venmo === true,
    'payment-request': settings.paymentRequest === true,
    masterpass: settings.masterpass === true,
    'visa-checkout': settings.visaCheckout === true,
    unionpay: settings.unionPay === true,
  };
  return STORE_FEATURES.filter((feature) => on[feature]);
}
