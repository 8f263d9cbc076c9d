/** The brand icons the checkout has (spec 2 §9). */
export const CARD_BRAND_ICONS = ['american-express', 'mastercard', 'visa', 'maestro', 'discover', 'jcb'] as const;
export type CardBrandIcon = (typeof CARD_BRAND_ICONS)[number];

// Card types arrive as display names ('American Express', 'MasterCard') or as hosted-field keys
// ('american-express', 'master-card', 'diners-club'), so both are compared without case or separators.
const ICON_BY_CARD_TYPE: ReadonlyMap<string, CardBrandIcon> = new Map<string, CardBrandIcon>([
  ['americanexpress', 'american-express'],
  ['amex', 'american-express'],
  ['mastercard', 'mastercard'],
  ['visa', 'visa'],
  ['maestro', 'maestro'],
  ['discover', 'discover'],
  // Spec 2 §9: Diners Club is shown with the Discover icon.
  ['dinersclub', 'discover'],
  ['diners', 'discover'],
  ['jcb', 'jcb'],
]);

/** The icon to show next to a card, so shoppers recognise the card they are paying with (spec 2 §9). */
export function cardBrandIcon(cardType: string | null | undefined): CardBrandIcon | null {
  const key = (cardType ?? '').toLowerCase().replace(/[\s_-]/g, '');
  // Our choice: a brand without an icon of its own (UnionPay, Mir, unknown) shows none rather than a wrong one.
  return ICON_BY_CARD_TYPE.get(key) ?? null;
}
