import { isCountryCode } from './countries';
import { showsVatIdField, VAT_ID_FIELD_COUNTRIES } from './vat-id-countries';

const EU_27 = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'];

describe('VAT_ID_FIELD_COUNTRIES', () => {
  it('holds listed country codes only, each once', () => {
    for (const code of VAT_ID_FIELD_COUNTRIES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(isCountryCode(code)).toBe(true);
    }
    expect(new Set(VAT_ID_FIELD_COUNTRIES).size).toBe(VAT_ID_FIELD_COUNTRIES.length);
  });

  it('covers the EU 27, the rest of Western Europe and the larger VAT/GST markets', () => {
    expect(EU_27).toHaveLength(27);
    expect(VAT_ID_FIELD_COUNTRIES).toEqual(expect.arrayContaining(EU_27));
    expect(VAT_ID_FIELD_COUNTRIES).toEqual(expect.arrayContaining(['GB', 'CH', 'NO', 'IS', 'LI']));
    expect(VAT_ID_FIELD_COUNTRIES).toEqual(expect.arrayContaining(['AU', 'NZ', 'JP', 'SG', 'ZA', 'IN', 'KR', 'TR']));
  });

  it('leaves out the US and VAT prefixes that are not country codes', () => {
    for (const code of ['US', 'XI', 'EL']) expect(VAT_ID_FIELD_COUNTRIES).not.toContain(code);
  });
});

describe('showsVatIdField', () => {
  it('shows the field for default-list countries only, matching codes exactly', () => {
    expect(showsVatIdField('DE')).toBe(true);
    expect(showsVatIdField('GB')).toBe(true);
    expect(showsVatIdField('JP')).toBe(true);
    expect(showsVatIdField('US')).toBe(false);
    expect(showsVatIdField('de')).toBe(false);
    expect(showsVatIdField('')).toBe(false);
  });

  it('uses the list the server sent instead of the default', () => {
    expect(showsVatIdField('US', ['US', 'CA'])).toBe(true);
    expect(showsVatIdField('DE', ['US', 'CA'])).toBe(false);
    expect(showsVatIdField('DE', [])).toBe(false);
  });
});
