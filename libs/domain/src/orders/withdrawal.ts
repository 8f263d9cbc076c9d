/**
 * Digital content and the right of withdrawal (issue 8): in the EU and the UK a consumer buying
 * downloads loses the 14-day right of withdrawal only by consenting to immediate supply and
 * acknowledging the loss, before paying. Our choice: the countries are the EU 27, the EEA (IS, LI,
 * NO) whose consumer law follows the same directive, and GB.
 */
export const WITHDRAWAL_CONSENT_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL',
  'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'IS', 'LI', 'NO', 'GB',
];

/** The words the shopper agrees to; stored with the order exactly as shown. */
export const WITHDRAWAL_CONSENT_TEXT =
  'I want my downloads and product keys straight away, and I understand that I lose my right to withdraw from this purchase once supply has begun.';

export function requiresWithdrawalConsent(billingCountry: string): boolean {
  return WITHDRAWAL_CONSENT_COUNTRIES.includes(billingCountry.toUpperCase());
}
