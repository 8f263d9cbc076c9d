import { cardRecord } from '../gateway/cards';
import { SandboxStore, type CardRecord, type NonceRecord, type PayPalDetails } from '../store';
import { clientBinData, createNonce } from './payment-methods';

/** The wallets' nonce kinds (everything but CreditCard). */
export type WalletKind = Exclude<NonceRecord['kind'], 'CreditCard'>;

/**
 * Ours: PayPal never shows the merchant the funding instrument, but a nonce record carries a card;
 * this one matches no test card, never expires, and no rule reads it.
 */
export const PAYPAL_PLACEHOLDER_CARD: CardRecord = {
  number: '',
  bin: '',
  last4: '',
  cardType: 'Unknown',
  expirationMonth: '12',
  expirationYear: '2099',
  cardholderName: null,
  cvv: null,
  postalCode: null,
  uniqueNumberIdentifier: 'paypal-account',
};

/** The network's card a wallet hands over; the documented test numbers, so amounts and test cards decide the sale. */
const WALLET_CARD_NUMBERS: Readonly<Record<string, string>> = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
};

/** A wallet card (a device or network token) for a network name as Apple or Google spell it. */
export function walletCard(network: string, now = new Date()): CardRecord | null {
  const key = network.toLowerCase().replace(/[^a-z]/g, '').replace(/^americanexpress$/, 'amex');
  const number = WALLET_CARD_NUMBERS[key];
  // Ours: wallet tokens expire years ahead; five years keeps every test clear of expiry.
  return number ? cardRecord({ number, expirationMonth: '12', expirationYear: String(now.getUTCFullYear() + 5), cardholderName: null }) : null;
}

export function createWalletNonce(
  store: SandboxStore,
  kind: WalletKind,
  card: CardRecord,
  from: { customerId: string | null; paypal?: PayPalDetails },
): NonceRecord {
  return createNonce(store, card, { customerId: from.customerId, kind, paypal: from.paypal });
}

/** The sandbox's PayPal buyer (ours): the same payer for every approval, so tests can name them. */
export const SANDBOX_PAYPAL_PAYER = {
  email: 'sandbox-buyer@example.com',
  payerId: 'SBXBUYER7QH2L',
  firstName: 'Sandbox',
  lastName: 'Buyer',
  countryCode: 'GB',
} as const;

/** The payer as a PayPalAccount nonce's `details.payerInfo` names them (client API and gateway alike). */
export function payerInfo(paypal: Omit<PayPalDetails, 'paymentId' | 'billingAgreementId'>) {
  return { email: paypal.payerEmail, firstName: paypal.payerFirstName, lastName: paypal.payerLastName, payerId: paypal.payerId, countryCode: paypal.payerCountryCode };
}

/**
 * `paypalAccounts[0]` as the client API answers a tokenization (braintree-web hands
 * `details.payerInfo` to the merchant), or, without a correlation id, a saved account's entry in
 * the vault manager's list.
 */
export function paypalAccountJson(record: NonceRecord, correlationId?: string | null) {
  const paypal = record.paypal;
  return {
    type: 'PayPalAccount',
    nonce: record.nonce,
    description: 'PayPal',
    consumed: record.consumed,
    details: {
      email: paypal?.payerEmail ?? null,
      ...(correlationId === undefined ? {} : { correlationId }),
      payerInfo: paypal ? payerInfo(paypal) : {},
    },
  };
}

/** `applePayCards[0]`: braintree-web's ApplePay~tokenizePayload. */
export function applePayCardJson(record: NonceRecord) {
  const { card } = record;
  return {
    type: 'ApplePayCard',
    nonce: record.nonce,
    description: `${card.cardType} ending in ${card.last4.slice(-2)}`,
    consumed: record.consumed,
    details: {
      cardType: card.cardType,
      cardHolderName: `${card.cardType} ${card.last4}`,
      dpanLastTwo: card.last4.slice(-2),
      isDeviceToken: true,
      bin: card.bin,
      lastFour: card.last4,
      lastTwo: card.last4.slice(-2),
    },
    binData: clientBinData(card.number),
  };
}

/** `androidPayCards[0]`, which Google Pay hands the merchant inside tokenizationData.token. */
export function androidPayCardJson(record: NonceRecord) {
  const { card } = record;
  return {
    type: 'AndroidPayCard',
    nonce: record.nonce,
    description: 'Android Pay',
    consumed: record.consumed,
    details: { cardType: card.cardType, lastTwo: card.last4.slice(-2), lastFour: card.last4, isNetworkTokenized: false, bin: card.bin },
    binData: clientBinData(card.number),
  };
}
