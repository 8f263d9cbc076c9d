import { Messages } from './messages';

export type CardField = 'number' | 'cvv' | 'expirationMonth' | 'expirationYear';

const CARD_MESSAGES: Record<CardField, { required: string; invalid: string }> = {
  number: { required: Messages.cardNumberRequired, invalid: Messages.cardNumberInvalid },
  expirationMonth: { required: Messages.expiryMonthRequired, invalid: Messages.expiryMonthInvalid },
  expirationYear: { required: Messages.expiryYearRequired, invalid: Messages.expiryYearInvalid },
  cvv: { required: Messages.securityCodeCardRequired, invalid: Messages.securityCodeCardInvalid },
};

/** The message of a hosted card field from its state: required when empty, invalid when wrong (spec 2 §5). */
export function cardFieldMessage(field: CardField, state: { readonly isEmpty: boolean; readonly isValid: boolean }): string | null {
  if (state.isEmpty) return CARD_MESSAGES[field].required;
  return state.isValid ? null : CARD_MESSAGES[field].invalid;
}

/** Our choice: the security code is named as each card brand names it (spec 2 §5: "follows the card type"). */
export function securityCodeLabel(cardType: string | null | undefined): string {
  switch ((cardType ?? '').toLowerCase().replace(/[\s_-]/g, '')) {
    case 'americanexpress':
    case 'amex':
      return 'CID';
    case 'mastercard':
    case 'maestro':
      return 'CVC';
    case 'discover':
      return 'CID';
    default:
      return 'CVV';
  }
}

/** The cardholder name is trimmed and required only when the field is shown. */
export function cardholderNameMessage(value: string, shown: boolean): string | null {
  return shown && value.trim() === '' ? Messages.required('Cardholder name') : null;
}
