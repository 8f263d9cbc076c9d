import { DomainError } from '../errors/error-catalogue';
import { err, ok, type Result } from '../shared/result';
import { CARD_GATEWAY, MERCHANT_OF_RECORD_GATEWAY, type PayingGateway } from './payment-gateways';
import type { StoreFeature } from './store-features';

/** What a wallet needs of the shopper's browser beside the store's configuration (spec 2 §6). */
export type BrowserCapability = 'apple-pay-payments' | 'google-pay-library' | 'payment-request';

/** When a method is offered, as data: every condition must hold. */
export interface MethodAvailabilityRule {
  /** The billing countries it is offered in (ISO 3166-1 alpha-2), or 'any'. */
  readonly countries: readonly string[] | 'any';
  /** The currencies it can charge (ISO 4217), or 'any'. */
  readonly currencies: readonly string[] | 'any';
  /** The store feature (configuration flag, spec 2 §6) that switches it on; null when it needs none. */
  readonly feature: StoreFeature | null;
  readonly capability: BrowserCapability | null;
}

/**
 * A way to pay within a gateway, described once: its key is the payment method type the page
 * sends (spec 2 §4). A new method is a descriptor here plus its gateway's support for it.
 */
export interface PaymentMethodDescriptor<K extends string = string> {
  readonly key: K;
  readonly gateway: PayingGateway;
  /** Its name on the page and in analytics: spec 2 §2 words 'Credit/debit card', the rest are the products' own names. */
  readonly label: string;
  /** Whether the gateway can keep it for the customer's next order (a saved card, a saved PayPal account). */
  readonly saveable: boolean;
  readonly availability: MethodAvailabilityRule;
  /**
   * When the money is known to be there: 'at-once' when the charge answers while the shopper
   * waits; 'when-the-provider-says' for a method the payer approves elsewhere (their bank's app,
   * an invoice), whose order waits for the provider's notification.
   */
  readonly completes: 'at-once' | 'when-the-provider-says' | 'when-the-bank-settles';
  /** A local payment method (spec 3 §1): the provider's payment type for it. */
  readonly localPaymentType?: LocalPaymentType;
}

/** The provider's local payment types the store offers (spec 3 §1). */
export type LocalPaymentType = 'blik' | 'mbway' | 'bancomatpay' | 'pay_upon_invoice';

/**
 * The SEPA scheme's countries (the European Payments Council's list): the EU and EEA states, and
 * Switzerland, the United Kingdom, Monaco, San Marino, Andorra and the Vatican.
 */
export const SEPA_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO', 'CH', 'GB', 'MC', 'SM', 'AD', 'VA',
];

/** A local method is offered in its country, in the currency the provider charges it in. */
const localIn = (country: string, currency: string): MethodAvailabilityRule => ({
  countries: [country],
  currencies: [currency],
  feature: 'local-payments',
  capability: null,
});

const ANYWHERE = { countries: 'any', currencies: 'any' } as const;

/** Every method, in the order the payment section lists them (spec 2 §2: card, then Apple Pay, PayPal and Google Pay). */
export const PAYMENT_METHODS = [
  {
    key: 'card',
    gateway: CARD_GATEWAY.key,
    label: 'Credit/debit card',
    saveable: true,
    completes: 'at-once',
    availability: { ...ANYWHERE, feature: null, capability: null },
  },
  {
    key: 'apple-pay',
    gateway: CARD_GATEWAY.key,
    label: 'Apple Pay',
    saveable: false,
    completes: 'at-once',
    availability: { ...ANYWHERE, feature: 'apple-pay', capability: 'apple-pay-payments' },
  },
  {
    key: 'paypal',
    gateway: CARD_GATEWAY.key,
    label: 'PayPal',
    saveable: true,
    completes: 'at-once',
    availability: { ...ANYWHERE, feature: 'paypal', capability: null },
  },
  {
    key: 'google-pay',
    gateway: CARD_GATEWAY.key,
    label: 'Google Pay',
    saveable: false,
    completes: 'at-once',
    availability: { ...ANYWHERE, feature: 'google-pay', capability: 'google-pay-library' },
  },
  // Retired by Mastercard for Click to Pay: offered only where the store switches it on (off by default).
  {
    key: 'masterpass',
    gateway: CARD_GATEWAY.key,
    label: 'Masterpass',
    saveable: false,
    completes: 'at-once',
    availability: { ...ANYWHERE, feature: 'masterpass', capability: null },
  },
  // Retired by Visa for Click to Pay: offered only where the store switches it on (off by default).
  {
    key: 'visa-checkout',
    gateway: CARD_GATEWAY.key,
    label: 'Visa Checkout',
    saveable: false,
    completes: 'at-once',
    availability: { ...ANYWHERE, feature: 'visa-checkout', capability: null },
  },
  // The browser's Payment Request API (spec 3 §3: basic-card and Google Pay), offered only where the browser says it can pay.
  {
    key: 'payment-request',
    gateway: CARD_GATEWAY.key,
    label: 'Browser payment',
    saveable: false,
    completes: 'at-once',
    availability: { ...ANYWHERE, feature: 'payment-request', capability: 'payment-request' },
  },
  // Venmo is for US payers in US dollars only; on a computer the payer scans a QR code with the Venmo app (spec 3 §1).
  {
    key: 'venmo',
    gateway: CARD_GATEWAY.key,
    label: 'Venmo',
    saveable: true,
    completes: 'at-once',
    availability: { countries: ['US'], currencies: ['USD'], feature: 'venmo', capability: null },
  },
  // The local methods (spec 3 §1), each where shoppers use it: the payer approves in their bank's
  // app (or is invoiced), so the order waits for the provider's word.
  {
    key: 'blik',
    gateway: CARD_GATEWAY.key,
    label: 'BLIK',
    saveable: false,
    completes: 'when-the-provider-says',
    localPaymentType: 'blik',
    availability: localIn('PL', 'PLN'),
  },
  {
    key: 'mbway',
    gateway: CARD_GATEWAY.key,
    label: 'MB WAY',
    saveable: false,
    completes: 'when-the-provider-says',
    localPaymentType: 'mbway',
    availability: localIn('PT', 'EUR'),
  },
  {
    key: 'bancomatpay',
    gateway: CARD_GATEWAY.key,
    label: 'Bancomat Pay',
    saveable: false,
    completes: 'when-the-provider-says',
    localPaymentType: 'bancomatpay',
    availability: localIn('IT', 'EUR'),
  },
  {
    key: 'pay-upon-invoice',
    gateway: CARD_GATEWAY.key,
    label: 'Pay upon invoice',
    saveable: false,
    completes: 'when-the-provider-says',
    localPaymentType: 'pay_upon_invoice',
    availability: localIn('DE', 'EUR'),
  },
  // The bank debits (spec 3 §1): accepted at once, paid only when the debit settles, days later.
  {
    key: 'sepa',
    gateway: CARD_GATEWAY.key,
    label: 'SEPA Direct Debit',
    saveable: true,
    completes: 'when-the-bank-settles',
    availability: { countries: SEPA_COUNTRIES, currencies: ['EUR'], feature: 'sepa', capability: null },
  },
  {
    key: 'us-bank-account',
    gateway: CARD_GATEWAY.key,
    label: 'US bank account (ACH)',
    saveable: true,
    completes: 'when-the-bank-settles',
    availability: { countries: ['US'], currencies: ['USD'], feature: 'us-bank-account', capability: null },
  },
  // Our choice: the label of the reseller's drop-in, which offers its own list of ways to pay.
  {
    key: 'merchant-of-record',
    gateway: MERCHANT_OF_RECORD_GATEWAY.key,
    label: 'Secure checkout of our reseller',
    saveable: false,
    completes: 'at-once',
    availability: { ...ANYWHERE, feature: null, capability: null },
  },
] as const satisfies readonly PaymentMethodDescriptor[];

/** The payment method types the checkout knows (spec 2 §4 lists them alphabetically). */
export type PaymentMethodType = (typeof PAYMENT_METHODS)[number]['key'];
export const PAYMENT_METHOD_TYPES: readonly PaymentMethodType[] = PAYMENT_METHODS.map((method) => method.key).sort();

/** The descriptor of a method type. */
export function paymentMethod(key: PaymentMethodType): PaymentMethodDescriptor<PaymentMethodType> {
  return PAYMENT_METHODS.find((method) => method.key === key) as PaymentMethodDescriptor<PaymentMethodType>;
}

/** The local payment methods (spec 3 §1): they wait for the provider. */
export type LocalPaymentMethod = Extract<(typeof PAYMENT_METHODS)[number], { readonly localPaymentType: LocalPaymentType }>['key'];
export const LOCAL_PAYMENT_METHODS: readonly LocalPaymentMethod[] = PAYMENT_METHODS.flatMap((method) =>
  'localPaymentType' in method ? [method.key as LocalPaymentMethod] : [],
);
export const isLocalPaymentMethod = (key: string): key is LocalPaymentMethod => (LOCAL_PAYMENT_METHODS as readonly string[]).includes(key);

/** A gateway's methods in the payment section's order. */
export function methodsOf(gateway: PayingGateway): readonly PaymentMethodDescriptor<PaymentMethodType>[] {
  return PAYMENT_METHODS.filter((method) => method.gateway === gateway);
}

/** What decides whether a method is offered to this shopper now. */
export interface MethodContext {
  readonly billingCountry: string;
  /** The basket's currency; when not known, only methods open to any currency pass. */
  readonly currency?: string;
  /** The store features that are on (enabledFeatures, or the gateway's payload). */
  readonly flags: readonly StoreFeature[];
  /** What this browser can do; left out on the server, which cannot know, and then not checked. */
  readonly capabilities?: readonly BrowserCapability[];
  /** The countries the gateway's payload switches this method off in (spec 2 §3). */
  readonly disabledCountries?: readonly string[];
}

const listed = (list: readonly string[] | 'any', value: string | undefined): boolean =>
  list === 'any' || (value !== undefined && list.some((item) => item.toUpperCase() === value.toUpperCase()));

/** Whether the method may be offered: its flag on, the country and currency allowed and not disabled, the browser able. */
export function methodAvailable(method: PaymentMethodDescriptor, context: MethodContext): boolean {
  const rule = method.availability;
  const disabled = (context.disabledCountries ?? []).some((code) => code.toUpperCase() === context.billingCountry.toUpperCase());
  return (
    (rule.feature === null || context.flags.includes(rule.feature)) &&
    listed(rule.countries, context.billingCountry) &&
    listed(rule.currencies, context.currency) &&
    !disabled &&
    (rule.capability === null || context.capabilities === undefined || context.capabilities.includes(rule.capability))
  );
}

// Our choice: the wording of the refusal, which the spec does not give (also for a method not offered here).
export const METHOD_NOT_AVAILABLE = 'This payment method is not available';

/**
 * Reads a payment method type from the page or a request, refusing anything but the known types
 * (spec 2 §4) so that an unknown method never reaches a gateway.
 */
export function parsePaymentMethodType(value: unknown): Result<PaymentMethodType, DomainError> {
  const known = typeof value === 'string' && (PAYMENT_METHOD_TYPES as readonly string[]).includes(value);
  return known
    ? ok(value as PaymentMethodType)
    : err(new DomainError('VALIDATION_FAILED', { fields: { payment_method_type: [METHOD_NOT_AVAILABLE] } }));
}

/** The card gateway's methods. */
type CardGatewayMethod = Extract<(typeof PAYMENT_METHODS)[number], { readonly gateway: typeof CARD_GATEWAY.key }>['key'];

/**
 * The option paying with one of the customer's saved payment methods (cards, PayPal and Venmo
 * accounts, bank accounts), offered before the methods. Its key is still 'saved-card', the spec's
 * saved-card option, which now holds every saved method that can pay this basket.
 */
export const SAVED_CARD_OPTION = 'saved-card';

/** The radio options of the card gateway's payment section. */
export type CardGatewayOption = typeof SAVED_CARD_OPTION | CardGatewayMethod;

const cardGatewayMethods = methodsOf(CARD_GATEWAY.key) as readonly PaymentMethodDescriptor<CardGatewayMethod>[];

/** The saved payment methods first, then a new card, then the wallets (spec 2 §2). */
export const CARD_GATEWAY_OPTION_ORDER: readonly CardGatewayOption[] = [SAVED_CARD_OPTION, ...cardGatewayMethods.map((method) => method.key)];

// Our choice: the spec names only a saved card; the option lists every saved method, so it is named for them all.
/** The labels of the options: the saved methods', then each method's own. */
export const CARD_GATEWAY_OPTION_LABELS = Object.fromEntries([
  [SAVED_CARD_OPTION, 'Saved payment methods'],
  ...cardGatewayMethods.map((method) => [method.key, method.label]),
]) as Readonly<Record<CardGatewayOption, string>>;

/**
 * Which payment method type each option pays with, for the place-order call. The saved option's
 * is a card's; a saved account pays under its own kind (the page sends the chosen method's).
 */
export const CARD_GATEWAY_OPTION_METHOD = Object.fromEntries([
  [SAVED_CARD_OPTION, 'card'],
  ...cardGatewayMethods.map((method) => [method.key, method.key]),
]) as Readonly<Record<CardGatewayOption, PaymentMethodType>>;

export interface CardGatewayOptionsInput {
  /** The options that can be offered now: the saved methods when one of them can pay, each method that was set up. */
  readonly offered: ReadonlySet<CardGatewayOption>;
  /** The gateway's preferred-payment-methods answer (spec 3): these are listed first. */
  readonly preferred?: ReadonlySet<CardGatewayOption>;
}

/**
 * The options the card gateway offers, in the order the spec gives (spec 2 §2): the saved methods
 * first, the new-card form always, then each offered method in the registry's order; what the
 * shopper prefers moves to the front, keeping that order among themselves.
 */
export function availableCardGatewayOptions(input: CardGatewayOptionsInput): readonly CardGatewayOption[] {
  const options = CARD_GATEWAY_OPTION_ORDER.filter((option) => option === 'card' || input.offered.has(option));
  const preferred = input.preferred ?? new Set<CardGatewayOption>();
  return [...options.filter((option) => preferred.has(option)), ...options.filter((option) => !preferred.has(option))];
}

/** The option chosen when the section opens: the saved methods when offered, else a new card (a wallet is the shopper's choice). */
export function defaultCardGatewayOption(options: readonly CardGatewayOption[]): CardGatewayOption {
  return options.includes(SAVED_CARD_OPTION) ? SAVED_CARD_OPTION : 'card';
}
