import { EU_MEMBER_STATES, taxCountryOf, taxesByBillingCountry } from './vat-by-billing-country';

describe('VAT by billing country', () => {
  it('is owed where the customer is for the euro storefront and a member state\'s own account', () => {
    expect(taxesByBillingCountry('EU')).toBe(true);
    expect(taxesByBillingCountry('PL')).toBe(true);
    expect(taxesByBillingCountry('pl')).toBe(true);
    expect(taxCountryOf('EU', 'PT')).toBe('PT');
    expect(taxCountryOf('EU', 'de')).toBe('DE');
    expect(taxCountryOf('PL', 'FR')).toBe('FR');
  });

  it('stays at home for the UK and US accounts, and before a billing country is known', () => {
    expect(taxesByBillingCountry('GB')).toBe(false);
    expect(taxesByBillingCountry('US')).toBe(false);
    expect(taxCountryOf('GB', 'FR')).toBe('GB');
    expect(taxCountryOf('US', 'DE')).toBe('US');
    expect(taxCountryOf('PL', null)).toBe('PL');
    expect(taxCountryOf('EU', null)).toBe('EU');
  });

  it('knows the 27 member states, and neither the UK nor the EEA outside the union', () => {
    expect(new Set(EU_MEMBER_STATES).size).toBe(27);
    for (const outside of ['GB', 'NO', 'CH', 'IS', 'LI']) expect(EU_MEMBER_STATES).not.toContain(outside);
  });
});
