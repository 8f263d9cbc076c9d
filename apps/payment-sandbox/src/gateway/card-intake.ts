import { defaultMerchantAccount } from '../context';
import type { SandboxConfig } from '../context';
import { SandboxStore, type CardRecord, type NonceRecord, type PaymentMethodRecord, type VaultedPayPalAccount } from '../store';
import { CVV_RESPONSES, findTestCard, POSTAL_CODE_RESPONSES, PROCESSOR_RESPONSES } from '../test-values';
import { cardFromParams, isExpired, normalizeExpiration, parseExpirationDate } from './cards';
import type { Params } from './params';
import { cardImageUrl } from './presenters';
import { fieldError, type FieldError } from './reply';
import { findNonce, isCard, methodsOf, vaultablePayPalAccount } from './vault';
import { datetime, type XmlObject } from './xml';

/** Where a card being saved came from, and the error codes of the resource that saves it. */
export interface CardIntake {
  readonly nonceValue: string | null;
  /** `credit_card: {...}` (a raw card, or extra details for the nonce's card). */
  readonly cardParams: Params | null;
  readonly noncePath: readonly string[];
  readonly cardPath: readonly string[];
  readonly nonceCodes: { readonly unknown: string; readonly consumed: string };
}

export type IntakeResult = { readonly card: CardRecord; readonly nonce: NonceRecord | null } | { readonly errors: FieldError[] };

/** The card to save, or why it cannot be; null when the request names no card at all. */
export function takeCard(store: SandboxStore, intake: CardIntake): IntakeResult | null {
  const cardParams = intake.cardParams;
  const nonceValue = intake.nonceValue ?? cardParams?.string('payment_method_nonce') ?? null;
  if (nonceValue !== null) {
    const found = findNonce(store, nonceValue);
    if ('problem' in found) {
      return {
        errors: [
          found.problem === 'unknown'
            ? fieldError(intake.noncePath, 'payment_method_nonce', intake.nonceCodes.unknown, 'Unknown payment_method_nonce.')
            : fieldError(intake.noncePath, 'payment_method_nonce', intake.nonceCodes.consumed, 'Cannot use a payment_method_nonce more than once.'),
        ],
      };
    }
    const kind = found.nonce.kind;
    if (kind !== 'CreditCard') {
      // A one-time PayPal payment cannot be vaulted (the provider's 82902). A billing agreement's
      // PayPal nonce saves through takePayPalAccount where a PayPal account may be saved; here a
      // card was expected (a saved card's update). Ours: that refusal, and the one of Apple Pay and
      // Google Pay nonces, which the sandbox does not vault (the provider would).
      const paypalOneTime = kind === 'PayPalAccount' && vaultablePayPalAccount(found.nonce) === null;
      return {
        errors: [
          paypalOneTime
            ? fieldError(['paypalAccount'], 'base', '82902', 'Cannot vault one-time use PayPal Account.')
            : fieldError(intake.noncePath, 'payment_method_nonce', '91569', `The payment sandbox takes a card nonce here, not a ${kind} nonce.`),
        ],
      };
    }
    // Ours (by the provider's 81714): a CVV-only nonce has no card to save.
    if (found.nonce.cvvOnly) return { errors: [fieldError(intake.cardPath, 'number', '81714', 'Credit card number is required.')] };
    const cardholderName = cardParams?.string('cardholder_name') ?? null;
    const card = cardholderName ? { ...found.nonce.card, cardholderName } : found.nonce.card;
    return { card, nonce: found.nonce };
  }
  if (cardParams?.has('number')) {
    const parsed = cardFromParams(cardParams);
    if ('error' in parsed) return { errors: [fieldError(intake.cardPath, parsed.error.attribute, parsed.error.code, parsed.error.message)] };
    return { card: parsed.card, nonce: null };
  }
  return null;
}

/** A PayPal nonce that saves as a PayPal account (one with a billing agreement); null for any other nonce, which takeCard judges. */
export function takePayPalAccount(store: SandboxStore, nonceValue: string | null): { readonly account: VaultedPayPalAccount; readonly nonce: NonceRecord } | null {
  if (nonceValue === null) return null;
  const found = findNonce(store, nonceValue);
  if ('problem' in found) return null;
  const account = vaultablePayPalAccount(found.nonce);
  return account ? { account, nonce: found.nonce } : null;
}

/** Card details a payment method update may change (`cardholder_name`, expiry, `billing_address`). */
export function updatedCard(card: CardRecord, params: Params, path: readonly string[]): { card: CardRecord } | { error: FieldError } {
  let next: CardRecord = card;
  const name = params.string('cardholder_name');
  if (name !== null) next = { ...next, cardholderName: name };
  const date = params.string('expiration_date');
  const month = params.string('expiration_month');
  const year = params.string('expiration_year');
  if (date !== null || month !== null || year !== null) {
    const expiration = date !== null ? parseExpirationDate(date) : normalizeExpiration(month ?? card.expirationMonth, year ?? card.expirationYear);
    if (!expiration) return { error: fieldError(path, 'expiration_date', '81710', 'Expiration date is invalid.') };
    next = { ...next, expirationMonth: expiration.month, expirationYear: expiration.year };
  }
  const postalCode = params.object('billing_address').string('postal_code');
  if (postalCode !== null) next = { ...next, postalCode };
  return { card: next };
}

/** `fail_on_duplicate_payment_method` (whole vault) and `…_for_customer` (that customer's cards). */
export function duplicateErrors(store: SandboxStore, card: CardRecord, customerId: string, options: Params, path: readonly string[]): FieldError[] {
  // Saved cards only: a PayPal account's placeholder is no card to be a duplicate of.
  const sameCard = (other: PaymentMethodRecord) => isCard(other) && other.card.uniqueNumberIdentifier === card.uniqueNumberIdentifier;
  if (options.boolean('fail_on_duplicate_payment_method') && Object.values(store.state.paymentMethods).some(sameCard)) {
    return [fieldError(path, 'number', '81724', 'Duplicate card exists in the vault.')];
  }
  if (options.boolean('fail_on_duplicate_payment_method_for_customer') && methodsOf(store, customerId).some(sameCard)) {
    return [fieldError(path, 'number', '81763', 'Duplicate card exists in the vault for the customer.')];
  }
  return [];
}

export interface Verification {
  readonly passed: boolean;
  readonly message: string;
  readonly xml: XmlObject;
}

/**
 * `verify_card`: a zero-amount authorization. Ours: decided by the same card rules as a sale
 * (expired card, declining test cards, CVV and postal code test values), without the amount rules.
 */
export function verifyCard(card: CardRecord, config: SandboxConfig, merchantAccountId: string | null): Verification {
  const account = merchantAccountId && Object.hasOwn(config.merchantAccounts, merchantAccountId) ? merchantAccountId : defaultMerchantAccount(config);
  const testCard = findTestCard(card.number);
  const cvvResponse = card.cvv ? (CVV_RESPONSES[card.cvv] ?? 'M') : 'I';
  const postalResponse = card.postalCode ? (POSTAL_CODE_RESPONSES[card.postalCode] ?? 'M') : 'I';
  let status = 'verified';
  let code: string | null = '1000';
  let text: string | null = 'Approved';
  let type: string | null = 'approved';
  let rejection: string | null = null;
  const decline = testCard?.sale.kind === 'processor_declined' ? testCard.sale : null;
  if (isExpired(card) || decline) {
    status = 'processor_declined';
    code = decline ? decline.code : '2004';
    text = decline ? decline.text : PROCESSOR_RESPONSES['2004'].text;
    type = decline ? decline.type : PROCESSOR_RESPONSES['2004'].type;
  } else if (testCard?.sale.kind === 'gateway_rejected') {
    status = 'gateway_rejected';
    rejection = testCard.sale.reason;
    [code, text, type] = [null, null, null];
  } else if (cvvResponse === 'N' || postalResponse === 'N') {
    status = 'gateway_rejected';
    rejection = cvvResponse === 'N' && postalResponse === 'N' ? 'avs_and_cvv' : cvvResponse === 'N' ? 'cvv' : 'avs';
  }
  const now = datetime(new Date());
  return {
    passed: status === 'verified',
    message: rejection ? `Gateway Rejected: ${rejection}` : (text ?? ''),
    xml: {
      id: SandboxStore.id(),
      status,
      amount: '0.00',
      currencyIsoCode: config.merchantAccounts[account],
      merchantAccountId: account,
      processorResponseCode: code,
      processorResponseText: text,
      processorResponseType: type,
      gatewayRejectionReason: rejection,
      cvvResponseCode: cvvResponse,
      avsPostalCodeResponseCode: postalResponse,
      avsStreetAddressResponseCode: 'I',
      avsErrorResponseCode: null,
      creditCard: {
        bin: card.bin,
        last4: card.last4,
        cardType: card.cardType,
        expirationMonth: card.expirationMonth,
        expirationYear: card.expirationYear,
        cardholderName: card.cardholderName,
        uniqueNumberIdentifier: card.uniqueNumberIdentifier,
        imageUrl: cardImageUrl(config, card.cardType),
      },
      billing: { postalCode: card.postalCode },
      riskData: null,
      threeDSecureInfo: null,
      createdAt: now,
      updatedAt: now,
    },
  };
}
