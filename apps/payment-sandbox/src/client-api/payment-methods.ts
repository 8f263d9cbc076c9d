import { SandboxStore, type CardRecord, type NonceRecord, type ThreeDSecureInfo } from '../store';
import { cardIndicators, type CardIndicators } from '../test-values';

/**
 * A tokenized card's `binData` as braintree-web hands it to the page: the same indicators the
 * server SDK reports for that number (the documented card type indicator and country of issuance
 * test cards), so a page that reads `binData.prepaid` or `binData.debit` sees what the store will.
 */
export function clientBinData(number: string): CardIndicators {
  return { ...cardIndicators(number) };
}

/** A new single-use nonce for a card (or a wallet's card), which the gateway half then accepts in a sale or a vaulting. */
export function createNonce(
  store: SandboxStore,
  card: CardRecord,
  from: {
    customerId: string | null;
    paymentMethodToken?: string | null;
    threeDSecureInfo?: ThreeDSecureInfo | null;
    kind?: NonceRecord['kind'];
    paypal?: NonceRecord['paypal'];
    bankAccount?: NonceRecord['bankAccount'];
    venmo?: NonceRecord['venmo'];
    cvvOnly?: boolean;
  },
): NonceRecord {
  const record: NonceRecord = {
    nonce: SandboxStore.nonceValue(),
    card,
    consumed: false,
    createdAt: new Date().toISOString(),
    threeDSecureInfo: from.threeDSecureInfo ?? null,
    paymentMethodToken: from.paymentMethodToken ?? null,
    customerId: from.customerId,
    kind: from.kind ?? 'CreditCard',
    ...(from.paypal ? { paypal: from.paypal } : {}),
    ...(from.bankAccount ? { bankAccount: from.bankAccount } : {}),
    ...(from.venmo ? { venmo: from.venmo } : {}),
    ...(from.cvvOnly ? { cvvOnly: true } : {}),
  };
  store.state.nonces[record.nonce] = record;
  return record;
}

export function threeDSecureInfoJson(info: ThreeDSecureInfo | null) {
  if (!info) return null;
  return {
    liabilityShifted: info.liabilityShifted,
    liabilityShiftPossible: info.liabilityShiftPossible,
    status: info.status,
    enrolled: info.enrolled,
    cavv: info.cavv,
    eciFlag: info.eciFlag,
    threeDSecureVersion: info.threeDSecureVersion,
    dsTransactionId: info.dsTransactionId,
    threeDSecureAuthenticationId: info.threeDSecureAuthenticationId,
  };
}

/** A tokenized card as the client API describes it (`creditCards[0]`, `paymentMethod`, vault entries). */
export function paymentMethodJson(record: NonceRecord) {
  const { card } = record;
  const lastTwo = card.last4.slice(-2);
  return {
    type: 'CreditCard',
    nonce: record.nonce,
    // A CVV-only nonce has no digits to end in (braintree-web's own GraphQL shaping says '' then too).
    description: lastTwo ? `ending in ${lastTwo}` : '',
    consumed: record.consumed,
    details: {
      cardType: card.cardType,
      lastTwo,
      lastFour: card.last4,
      bin: card.bin,
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
      cardholderName: card.cardholderName,
    },
    binData: clientBinData(card.number),
    threeDSecureInfo: threeDSecureInfoJson(record.threeDSecureInfo),
  };
}
