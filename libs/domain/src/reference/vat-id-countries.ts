/**
 * Our choice: the countries whose business and education customers see the Tax ID field by default
 * (the server may send its own list). The EU and EEA, the UK and Switzerland, and the other
 * countries with business VAT, GST or consumption-tax registration numbers a software store sees.
 */
export const VAT_ID_FIELD_COUNTRIES: readonly string[] = [
  // EU 27
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT',
  'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
  // Rest of Europe
  'GB', 'CH', 'LI', 'NO', 'IS', 'MC', 'TR', 'RS',
  // Asia-Pacific, Africa, Americas
  'AU', 'NZ', 'JP', 'SG', 'KR', 'IN', 'ZA', 'SA', 'AE', 'MX', 'CL', 'TW',
];
