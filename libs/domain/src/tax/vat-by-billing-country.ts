/** The member states of the European Union, whose VAT on e-services follows the customer. */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

/** The euro storefront's own account, which sells to the whole euro area rather than from one country. */
export const EURO_AREA_ACCOUNT = 'EU';

/**
 * Ours: an account selling from inside the EU (the euro storefront, or a member state's own such
 * as Poland) owes VAT where its customer is, as the EU's place-of-supply rule for e-services says.
 * So its downloads are taxed at the billing country's standard rate, while the price stays the one
 * listed (tax included): a Portuguese shopper pays €47.99 with 23% VAT in it, a German one €47.99
 * with 19%. The UK and US accounts tax as before, at home or by the merchant of record.
 */
export function taxesByBillingCountry(accountCode: string): boolean {
  const code = accountCode.toUpperCase();
  return code === EURO_AREA_ACCOUNT || EU_MEMBER_STATES.includes(code);
}

/**
 * The country whose VAT a basket of this account carries: the billing country once the shopper
 * has one and the account follows it, otherwise the account's own country (none for the euro
 * area, whose baskets carry no tax split until the shopper says where they are billed).
 */
export function taxCountryOf(accountCode: string, billingCountry: string | null): string {
  return billingCountry && taxesByBillingCountry(accountCode) ? billingCountry.toUpperCase() : accountCode.toUpperCase();
}
