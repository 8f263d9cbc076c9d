import type { SandboxConfig, SandboxContext } from '../context';
import type { CardRecord, NonceRecord, PaymentMethodRecord, VaultedPayPalAccount, VerificationRecord } from '../store';
import { SandboxStore } from '../store';
import { commitBillingAddress, planBillingAddress, plannedAddressFields } from './addresses';
import { cardRecord, checkCardDetails } from './cards';
import { Params } from './params';
import { errorReply, fieldError, type FieldError, type Reply } from './reply';
import { attachVerification, cardVerificationSettings, decideVerification, runVerification, verificationMessage, verificationPassed, verificationXml } from './verifications';
import { consumeNonce, findNonce, ID_PATTERN, isCard, makeDefault, methodsOf, vaultablePayPalAccount, vaultCard } from './vault';
import type { XmlObject } from './xml';

/** Where a card being saved came from, and the error codes of the resource that saves it. */
export interface CardIntake {
  readonly nonceValue: string | null;
  /** `credit_card: {...}` (a raw card, or extra details for the nonce's card). */
  readonly cardParams: Params | null;
  readonly noncePath: readonly string[];
  readonly cardPath: readonly string[];
  readonly nonceCodes: { readonly unknown: string; readonly consumed: string };
  /** Where a one-time PayPal nonce's 82902 goes (default `paypalAccount`; a customer's is under it). */
  readonly paypalPath?: readonly string[];
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
            ? fieldError(intake.paypalPath ?? ['paypalAccount'], 'base', '82902', 'Cannot vault one-time use PayPal Account.')
            : fieldError(intake.noncePath, 'payment_method_nonce', '91569', `The payment sandbox takes a card nonce here, not a ${kind} nonce.`),
        ],
      };
    }
    // Ours (by the provider's 81714): a CVV-only nonce has no card to save.
    if (found.nonce.cvvOnly) return { errors: [fieldError(intake.cardPath, 'number', '81714', 'Credit card number is required.')] };
    // Details sent beside a nonce (a cardholder name, a CVV, a postal code) go with its card.
    const cardholderName = cardParams?.string('cardholder_name') ?? null;
    const cvv = cardParams?.string('cvv') ?? null;
    const postalCode = cardParams?.object('billing_address').string('postal_code') ?? null;
    const card = {
      ...found.nonce.card,
      ...(cardholderName ? { cardholderName } : {}),
      ...(cvv ? { cvv } : {}),
      ...(postalCode ? { postalCode } : {}),
    };
    return { card, nonce: found.nonce };
  }
  if (cardParams && (cardParams.has('number') || cardParams.has('expiration_date') || cardParams.has('expiration_month') || cardParams.has('expiration_year'))) {
    const checked = checkCardDetails(cardParams, { requireNumber: true, requireExpiration: true });
    if ('errors' in checked) return { errors: checked.errors.map((error) => fieldError(intake.cardPath, error.attribute, error.code, error.message)) };
    const { number, expiration, cvv, cardholderName } = checked.details;
    if (number === null || expiration === null) return { errors: [fieldError(intake.cardPath, 'number', '81714', 'Credit card number is required.')] };
    const postalCode = cardParams.object('billing_address').string('postal_code');
    return { card: cardRecord({ number, expirationMonth: expiration.month, expirationYear: expiration.year, cvv, cardholderName, postalCode }), nonce: null };
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

/**
 * Card details an update changes (`number`, `cardholder_name`, `cvv`, the expiry, a month or a year
 * alone keeping the other), checked as on create but none required.
 */
export function updatedCard(card: CardRecord, params: Params, path: readonly string[]): { card: CardRecord } | { errors: FieldError[] } {
  const checked = checkCardDetails(params, { requireNumber: false, requireExpiration: false });
  const monthOnly = params.has('expiration_month') && !params.has('expiration_year') && !params.has('expiration_date');
  const yearOnly = params.has('expiration_year') && !params.has('expiration_month') && !params.has('expiration_date');
  if (monthOnly || yearOnly) {
    const filled = { ...params.raw, expiration_month: params.string('expiration_month') ?? card.expirationMonth, expiration_year: params.string('expiration_year') ?? card.expirationYear };
    return updatedCard(card, new Params(filled), path);
  }
  if ('errors' in checked) return { errors: checked.errors.map((error) => fieldError(path, error.attribute, error.code, error.message)) };
  const { number, expiration, cvv, cardholderName } = checked.details;
  let next: CardRecord = number !== null && number !== card.number ? cardRecord({ ...card, number }) : card;
  if (cardholderName !== null) next = { ...next, cardholderName };
  if (expiration !== null) next = { ...next, expirationMonth: expiration.month, expirationYear: expiration.year };
  if (cvv !== null) next = { ...next, cvv };
  const postalCode = params.object('billing_address').string('postal_code');
  if (postalCode !== null) next = { ...next, postalCode };
  return { card: next };
}

/** `fail_on_duplicate_payment_method` (whole vault) and `…_for_customer` (that customer's cards); the card being updated is no duplicate of itself. */
export function duplicateErrors(store: SandboxStore, card: CardRecord, customerId: string | null, options: Params, path: readonly string[], except: string | null = null): FieldError[] {
  // Saved cards only: a PayPal account's placeholder is no card to be a duplicate of.
  const sameCard = (other: PaymentMethodRecord) => other.token !== except && isCard(other) && other.card.uniqueNumberIdentifier === card.uniqueNumberIdentifier;
  if (options.boolean('fail_on_duplicate_payment_method') && Object.values(store.state.paymentMethods).some(sameCard)) {
    return [fieldError(path, 'number', '81724', 'Duplicate card exists in the vault.')];
  }
  if (customerId !== null && options.boolean('fail_on_duplicate_payment_method_for_customer') && methodsOf(store, customerId).some(sameCard)) {
    return [fieldError(path, 'number', '81763', 'Duplicate card exists in the vault for the customer.')];
  }
  return [];
}

/** The provider's token rules: its id alphabet (91718), at most 36 characters (91720), not taken (91719). */
export function tokenErrors(store: SandboxStore, token: string | null, path: readonly string[]): FieldError[] {
  if (token === null) return [];
  if (!ID_PATTERN.test(token)) return [fieldError(path, 'token', '91718', 'Token is invalid.')];
  if (token.length > 36) return [fieldError(path, 'token', '91720', 'Credit card token is too long.')];
  if (store.state.paymentMethods[token]) return [fieldError(path, 'token', '91719', 'Token is in use.')];
  return [];
}

export interface CardSave {
  readonly context: SandboxContext;
  /** The card's fields: number or nonce, expiry, cvv, cardholder name, billing address, token. */
  readonly cardParams: Params;
  /** Where `verify_card`, `make_default` and the duplicate checks are (the card's `options`). */
  readonly options: Params;
  /** A nonce named outside the card's fields (`payment_method_nonce` on the customer or payment method). */
  readonly nonceValue: string | null;
  /** The card's owner; null while the customer is being created (checked by the caller). */
  readonly customerId: string | null;
  /** The saved card this request changes (an update), or null for a new card. */
  readonly existing: PaymentMethodRecord | null;
  readonly cardPath: readonly string[];
  readonly noncePath: readonly string[];
  readonly nonceCodes: CardIntake['nonceCodes'];
  /** Where the token's errors go (a payment method create puts them under creditCard). */
  readonly tokenPath?: readonly string[];
  readonly paypalPath?: readonly string[];
  /** The request's params, for a failed verification's error response. */
  readonly params: XmlObject;
}

export interface PreparedCard {
  /** Saves the card (and its billing address) for the owner; the verification is attached to it. */
  commit(owner: string): { readonly method: PaymentMethodRecord; readonly verification: VerificationRecord | null };
}

/**
 * A card save checked whole (card fields, token, billing address, verification options,
 * duplicates: every validation error at once, as the provider answers), then verified if asked.
 * Nothing is written until `commit` runs, except a failed verification, which the provider keeps.
 * Null when the request names no card (and no card is being updated).
 */
export function prepareCardSave(save: CardSave): { prepared: PreparedCard } | { errors: FieldError[] } | { reply: Reply } | null {
  const { context, cardParams, options, existing, customerId, cardPath } = save;
  const { store, config } = context;
  const errors: FieldError[] = [];

  let card: CardRecord | null = null;
  let nonce: NonceRecord | null = null;
  // An update takes a new card from a nonce only; its raw fields change the saved card (updatedCard).
  const nonceValue = save.nonceValue ?? cardParams.string('payment_method_nonce');
  const intake = existing
    ? nonceValue === null
      ? null
      : takeCard(store, { nonceValue, cardParams: null, noncePath: save.noncePath, cardPath, nonceCodes: save.nonceCodes })
    : takeCard(store, { nonceValue: save.nonceValue, cardParams, noncePath: save.noncePath, cardPath, nonceCodes: save.nonceCodes, paypalPath: save.paypalPath });
  if (existing) {
    if (intake && 'errors' in intake) errors.push(...intake.errors);
    else {
      nonce = intake?.nonce ?? null;
      const details = updatedCard(intake?.card ?? existing.card, cardParams, cardPath);
      if ('errors' in details) errors.push(...details.errors);
      else card = details.card;
    }
  } else if (intake === null) {
    return null;
  } else if ('errors' in intake) errors.push(...intake.errors);
  else ({ card, nonce } = intake);

  if (!existing) errors.push(...tokenErrors(store, cardParams.string('token'), save.tokenPath ?? cardPath));
  const currentAddressId = existing?.billingAddressId ?? null;
  const billing = planBillingAddress(store, cardParams, customerId, currentAddressId, cardPath);
  if ('errors' in billing) errors.push(...billing.errors);
  const settings = cardVerificationSettings(config, options, [...cardPath, 'options']);
  if ('errors' in settings) errors.push(...settings.errors);
  if (card && errors.length === 0) errors.push(...duplicateErrors(store, card, customerId, options, cardPath, existing?.token ?? null));
  if (errors.length > 0 || card === null || 'errors' in billing || 'errors' in settings) return { errors };

  const billingFields = plannedAddressFields(store, customerId, billing.plan, currentAddressId);
  const verifiedCard: CardRecord = billingFields?.postalCode ? { ...card, postalCode: billingFields.postalCode } : card;
  let verification: VerificationRecord | null = null;
  if (options.boolean('verify_card')) {
    verification = runVerification(context, {
      card: verifiedCard,
      billing: billingFields,
      merchantAccountId: settings.settings.merchantAccountId,
      amount: settings.settings.amount,
      customerId,
      paymentMethodToken: existing?.token ?? null,
      threeDSecureInfo: nonce?.threeDSecureInfo ?? null,
    });
    if (!verificationPassed(verification)) {
      store.save();
      return { reply: errorReply({ message: verificationMessage(verification), params: save.params, verification: verificationXml(verification, config) }) };
    }
  }
  const finalCard = verifiedCard;
  const usedNonce = nonce;
  const passed = verification;
  return {
    prepared: {
      commit(owner) {
        if (usedNonce) consumeNonce(store, usedNonce);
        const addressId = commitBillingAddress(store, owner, billing.plan);
        let method: PaymentMethodRecord;
        if (existing) {
          existing.card = { ...finalCard, cvv: null };
          if (addressId !== undefined) existing.billingAddressId = addressId;
          existing.updatedAt = new Date().toISOString();
          if (options.boolean('make_default')) makeDefault(store, existing);
          method = existing;
        } else {
          method = vaultCard(store, owner, finalCard, { makeDefault: options.boolean('make_default'), token: cardParams.string('token') });
          if (addressId !== undefined) method.billingAddressId = addressId;
        }
        if (passed) attachVerification(store, passed.id, owner, method.token);
        return { method, verification: passed ? store.state.verifications[passed.id] : null };
      },
    },
  };
}

/**
 * The client API's `verifyCard` (a card vaulted from the browser with a client token asking for
 * it): the same outcome as a server-side verification, not kept.
 */
export function verifyCard(card: CardRecord, config: SandboxConfig, merchantAccountId: string | null): { readonly passed: boolean; readonly message: string; readonly xml: XmlObject } {
  const account = merchantAccountId !== null && Object.hasOwn(config.merchantAccounts, merchantAccountId) ? merchantAccountId : null;
  const record = decideVerification(config, { card, billing: null, merchantAccountId: account, amount: null, customerId: null, paymentMethodToken: null, threeDSecureInfo: null }, SandboxStore.id());
  return { passed: verificationPassed(record), message: verificationMessage(record), xml: verificationXml(record, config) };
}
