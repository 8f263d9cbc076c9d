// Our choice: the default countries whose business and education customers see the Tax ID field
// (the server may send its own list, spec 1 §3). A European software store asks for the number where
// a business customer can hold a VAT, GST or consumption-tax registration that changes the tax on a
// B2B sale: the EU 27, the rest of Western Europe and the Balkans it sells to, and the larger markets
// elsewhere with such registrations. XI (Northern Ireland) is a VAT prefix, not an ISO country, so GB
// covers it; Greece is GR here though its VAT prefix is EL. The US has no VAT number and is left out.
/** Default Tax ID field countries, as ISO 3166-1 alpha-2 codes. */
export const VAT_ID_FIELD_COUNTRIES: readonly string[] = [
  // EU 27
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT',
  'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
  // Rest of Europe
  'GB', 'CH', 'LI', 'NO', 'IS', 'MC', 'TR', 'RS',
  // Asia-Pacific, Africa, Americas
  'AU', 'NZ', 'JP', 'SG', 'KR', 'IN', 'ZA', 'SA', 'AE', 'MX', 'CL', 'TW',
];

/**
 * Whether the billing country is one where the Tax ID field shows (for business and education
 * accounts, spec 1 §5). Takes the server's list when it sent one; codes match exactly, as stored.
 */
export function showsVatIdField(countryCode: string, list: readonly string[] = VAT_ID_FIELD_COUNTRIES): boolean {
  return list.includes(countryCode);
}
