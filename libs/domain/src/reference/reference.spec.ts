import { COUNTRIES, countryName, isCountryCode } from './countries';
import { hasRegionList, isRegionOf, REGIONS_BY_COUNTRY, regionsOf } from './regions';
import { isTaxAuthority, TAX_AUTHORITIES } from './tax-authorities';
import { VAT_ID_FIELD_COUNTRIES } from './vat-id-countries';

const sortedByName = (list: readonly { name: string }[]) =>
  list.every((item, index) => index === 0 || list[index - 1].name.localeCompare(item.name, 'en') <= 0);

describe('countries', () => {
  it('lists every country once, by name, with two-letter codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.every((country) => /^[A-Z]{2}$/.test(country.code))).toBe(true);
    expect(sortedByName(COUNTRIES)).toBe(true);
    expect(COUNTRIES[0].name).toBe('Afghanistan');
    expect(COUNTRIES[1].name).toBe('Åland Islands');
  });

  it('names countries and knows codes', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('US')).toBe('United States');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('UK')).toBeNull();
    expect(isCountryCode('JP')).toBe(true);
    expect(isCountryCode('jp')).toBe(false);
    expect(isCountryCode('SU')).toBe(false);
    expect(isCountryCode(42)).toBe(false);
  });
});

describe('regions', () => {
  it('has the lists of the spec, each sorted and unique', () => {
    expect(Object.keys(REGIONS_BY_COUNTRY).sort()).toEqual(['AU', 'CA', 'IT', 'US']);
    for (const regions of Object.values(REGIONS_BY_COUNTRY)) {
      expect(sortedByName(regions)).toBe(true);
      expect(new Set(regions.map((region) => region.code)).size).toBe(regions.length);
    }
    expect(regionsOf('US')).toHaveLength(51 + 9 + 3);
    expect(regionsOf('CA')).toHaveLength(13);
    expect(regionsOf('AU')).toHaveLength(8);
    expect(regionsOf('IT')).toHaveLength(107);
  });

  it('includes DC, the territories and the armed forces in the US list', () => {
    for (const code of ['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AE', 'AP']) expect(isRegionOf('US', code)).toBe(true);
    expect(isRegionOf('IT', 'MI')).toBe(true);
    expect(isRegionOf('IT', 'XX')).toBe(false);
    expect(regionsOf('ca').find((region) => region.code === 'QC')?.name).toBe('Quebec');
    expect(hasRegionList('US')).toBe(true);
    expect(hasRegionList('GB')).toBe(false);
  });
});

describe('tax authorities and tax ID countries', () => {
  it('lists the US states and territories without armed forces codes', () => {
    expect(sortedByName(TAX_AUTHORITIES)).toBe(true);
    expect(isTaxAuthority('DC')).toBe(true);
    expect(isTaxAuthority('PR')).toBe(true);
    expect(isTaxAuthority('CA')).toBe(true);
    for (const code of ['AA', 'AE', 'AP', 'UM', 'ON']) expect(isTaxAuthority(code)).toBe(false);
    expect(TAX_AUTHORITIES).toHaveLength(51 + 8);
  });

  it('lists real countries for the Tax ID field, JP among them and not the US', () => {
    expect(VAT_ID_FIELD_COUNTRIES.every((code) => isCountryCode(code))).toBe(true);
    expect(new Set(VAT_ID_FIELD_COUNTRIES).size).toBe(VAT_ID_FIELD_COUNTRIES.length);
    expect(VAT_ID_FIELD_COUNTRIES).toEqual(expect.arrayContaining(['DE', 'GB', 'JP']));
    expect(VAT_ID_FIELD_COUNTRIES).not.toContain('US');
  });
});
