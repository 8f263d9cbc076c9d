import type { CardRecord } from '../store';

/**
 * What a bank account's nonce, sale or saved account keeps where a card's would be: no card rule
 * (expiry, test card numbers, CVV, 3-D Secure) reads it, as for a PayPal account's.
 */
export const BANK_PLACEHOLDER_CARD: CardRecord = {
  number: '',
  bin: '',
  last4: '',
  cardType: 'Unknown',
  expirationMonth: '12',
  expirationYear: '2099',
  cardholderName: null,
  cvv: null,
  postalCode: null,
  uniqueNumberIdentifier: 'bank-account',
};
