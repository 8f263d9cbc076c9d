import { DomainError, ErrorCatalogue } from '../errors/error-catalogue';
import { err, ok, type Result } from '../shared/result';

/** The payment method types the checkout knows (spec 2 §4). */
export const PAYMENT_METHOD_TYPES = ['apple-pay', 'card', 'google-pay', 'merchant-of-record', 'paypal'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

// Our choice: the wording of the refusal, which the spec does not give.
const UNKNOWN_METHOD_MESSAGE = 'This payment method is not available';

/**
 * Reads a payment method type from the page or a request, refusing anything but the five known
 * types (spec 2 §4) so that an unknown method never reaches a gateway.
 */
export function parsePaymentMethodType(value: unknown): Result<PaymentMethodType, DomainError> {
  const known = typeof value === 'string' && (PAYMENT_METHOD_TYPES as readonly string[]).includes(value);
  return known
    ? ok(value as PaymentMethodType)
    : err(new DomainError('VALIDATION_FAILED', { fields: { payment_method_type: [UNKNOWN_METHOD_MESSAGE] } }));
}

/** The radio options of the card gateway's payment section. */
export type CardGatewayOption = 'saved-card' | 'card' | 'apple-pay' | 'paypal' | 'google-pay';

/** Saved card first, then a new card, then the wallets (spec 2 §2). */
export const CARD_GATEWAY_OPTION_ORDER: readonly CardGatewayOption[] = ['saved-card', 'card', 'apple-pay', 'paypal', 'google-pay'];

// Our choice: 'Saved card' for the saved-card option, whose label the spec does not give.
/** The labels of the options; spec 2 §2 words only 'Credit/debit card', the rest are the products' own names. */
export const CARD_GATEWAY_OPTION_LABELS: Readonly<Record<CardGatewayOption, string>> = {
  'saved-card': 'Saved card',
  card: 'Credit/debit card',
  'apple-pay': 'Apple Pay',
  paypal: 'PayPal',
  'google-pay': 'Google Pay',
};

/** Which payment method type each option pays with, for the place-order call. */
export const CARD_GATEWAY_OPTION_METHOD: Readonly<Record<CardGatewayOption, PaymentMethodType>> = {
  'saved-card': 'card',
  card: 'card',
  'apple-pay': 'apple-pay',
  paypal: 'paypal',
  'google-pay': 'google-pay',
};

export interface CardGatewayOptionsInput {
  /** The result of offersSavedCard. */
  readonly savedCardOffered: boolean;
  readonly applePayEnabled: boolean;
  readonly payPalEnabled: boolean;
  readonly googlePayEnabled: boolean;
  /** The gateway's preferred-payment-methods answer: this shopper prefers PayPal (spec 3), so it is listed first. */
  readonly payPalPreferred?: boolean;
}

/**
 * The options the card gateway offers, in the order the spec gives (spec 2 §2): a usable saved card
 * first, the new-card form always, then each enabled wallet.
 */
export function availableCardGatewayOptions(input: CardGatewayOptionsInput): readonly CardGatewayOption[] {
  const offered: Readonly<Record<CardGatewayOption, boolean>> = {
    'saved-card': input.savedCardOffered,
    card: true,
    'apple-pay': input.applePayEnabled,
    paypal: input.payPalEnabled,
    'google-pay': input.googlePayEnabled,
  };
  const options = CARD_GATEWAY_OPTION_ORDER.filter((option) => offered[option]);
  return input.payPalPreferred && offered.paypal ? ['paypal', ...options.filter((option) => option !== 'paypal')] : options;
}

/** The option chosen when the section opens: the saved card when offered, else a new card (a wallet is the shopper's choice). */
export function defaultCardGatewayOption(options: readonly CardGatewayOption[]): CardGatewayOption {
  return options.includes('saved-card') ? 'saved-card' : 'card';
}

/** The customer's stored card as the card gateway's payload describes it. */
export interface SavedCard {
  readonly token: string | null;
  readonly expired: boolean;
}

export interface SavedCardOfferInput {
  readonly savedCard: SavedCard | null;
  readonly lastResponseCode: number | null;
  /** The response code meaning the saved card is missing or invalid; defaults to the catalogue's SAVED_CARD_INVALID. */
  readonly missingOrInvalidSavedCardCode?: number;
}

/**
 * Offers the saved card only when paying with it can work (spec 2 §6): it exists, has a token, has
 * not expired, and the last answer was not that it is missing or invalid.
 */
export function offersSavedCard(input: SavedCardOfferInput): boolean {
  const invalidCode = input.missingOrInvalidSavedCardCode ?? ErrorCatalogue.SAVED_CARD_INVALID.code;
  const card = input.savedCard;
  return card !== null && Boolean(card.token) && !card.expired && input.lastResponseCode !== invalidCode;
}

// Our choice: four dots stand for the hidden digits, as on card statements.
const HIDDEN_DIGITS = '••••';

/** Names the saved card without showing its number: dots, the card type, 'ending in' and the last digits (spec 2 §2). */
export function savedCardLabel(cardType: string, lastDigits: string): string {
  return `${HIDDEN_DIGITS} ${cardType.trim()} ending in ${lastDigits.trim()}`;
}
