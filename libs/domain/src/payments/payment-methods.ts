import { DomainError } from '../errors/error-catalogue';
import type { Gateway } from '../journey/journey';
import { err, ok, type Result } from '../shared/result';

/** The payment method types the checkout knows (spec 2 §4); any other is refused. */
export const PAYMENT_METHOD_TYPES = ['apple-pay', 'card', 'google-pay', 'merchant-of-record', 'paypal'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export function parsePaymentMethodType(value: unknown): Result<PaymentMethodType, DomainError> {
  return typeof value === 'string' && (PAYMENT_METHOD_TYPES as readonly string[]).includes(value)
    ? ok(value as PaymentMethodType)
    : err(new DomainError('VALIDATION_FAILED', { fields: { payment_method_type: ['This payment method is not available'] } }));
}

export interface WalletAvailability {
  readonly featureOn: boolean;
  readonly country: string;
  readonly disabledCountries: readonly string[];
}

const countryAllowed = (input: WalletAvailability) => input.featureOn && !input.disabledCountries.includes(input.country);

/** Apple Pay: the feature is on, the browser can make payments, and the country is not disabled (spec 2 §6). */
export function isApplePayEnabled(input: WalletAvailability & { readonly canMakePayments: boolean }): boolean {
  return countryAllowed(input) && input.canMakePayments;
}

/** Google Pay: the feature is on, its library loaded, and the country is not disabled. */
export function isGooglePayEnabled(input: WalletAvailability & { readonly libraryPresent: boolean }): boolean {
  return countryAllowed(input) && input.libraryPresent;
}

/** PayPal: the feature is on and the country is not disabled. */
export function isPayPalEnabled(input: WalletAvailability): boolean {
  return countryAllowed(input);
}

export interface SavedCard {
  readonly token: string | null;
  readonly expired: boolean;
}

/**
 * A saved card is offered only if it exists, has a token, has not expired, and the last answer
 * was not that the saved card is missing or invalid (spec 2 §6).
 */
export function offersSavedCard(savedCard: SavedCard | null, lastResponseCode: number | null, savedCardInvalidCode: number): boolean {
  return Boolean(savedCard && savedCard.token && !savedCard.expired && lastResponseCode !== savedCardInvalidCode);
}

export type CardGatewayOption = 'saved-card' | 'card' | 'apple-pay' | 'paypal' | 'google-pay';
/** Saved card first, then a new card, then the wallets, in this order (spec 2 §2). */
export const CARD_GATEWAY_OPTION_ORDER: readonly CardGatewayOption[] = ['saved-card', 'card', 'apple-pay', 'paypal', 'google-pay'];

export function cardGatewayOptions(enabled: {
  readonly savedCard: boolean;
  readonly applePay: boolean;
  readonly payPal: boolean;
  readonly googlePay: boolean;
}): CardGatewayOption[] {
  const on: Record<CardGatewayOption, boolean> = {
    'saved-card': enabled.savedCard,
    card: true,
    'apple-pay': enabled.applePay,
    paypal: enabled.payPal,
    'google-pay': enabled.googlePay,
  };
  return CARD_GATEWAY_OPTION_ORDER.filter((option) => on[option]);
}

// Our choice: option labels where the spec names the options but not their text.
export const CARD_GATEWAY_OPTION_LABELS: Record<CardGatewayOption, string> = {
  'saved-card': 'Saved card',
  card: 'Credit/debit card',
  'apple-pay': 'Apple Pay',
  paypal: 'PayPal',
  'google-pay': 'Google Pay',
};

/** A saved card reads as dots, its type, 'ending in' and the last digits (spec 2 §2). */
export function savedCardLabel(cardType: string, lastDigits: string): string {
  return `•••• ${cardType} ending in ${lastDigits}`;
}

/** The card brand icons the checkout has (spec 2 §9); Diners Club shows as Discover, unknown brands get none. */
export type CardBrandIcon = 'american-express' | 'mastercard' | 'visa' | 'maestro' | 'discover' | 'jcb';
export function cardBrandIcon(cardType: string | null | undefined): CardBrandIcon | null {
  const key = (cardType ?? '').toLowerCase().replace(/[\s_-]/g, '');
  const icons: Record<string, CardBrandIcon> = {
    americanexpress: 'american-express',
    amex: 'american-express',
    mastercard: 'mastercard',
    visa: 'visa',
    maestro: 'maestro',
    discover: 'discover',
    dinersclub: 'discover',
    jcb: 'jcb',
  };
  return icons[key] ?? null;
}

/**
 * What to do with the gateway a server call returns (spec 2 §4): nothing means payment gateways
 * are unavailable; a different one from the first loaded means the page must reload.
 */
export function gatewayDecision(firstLoaded: Gateway | null, returned: Gateway | null): 'unavailable' | 'reload' | 'keep' {
  if (returned === null) return 'unavailable';
  if (firstLoaded !== null && returned !== firstLoaded) return 'reload';
  return 'keep';
}
