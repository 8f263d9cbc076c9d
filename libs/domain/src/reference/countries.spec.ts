import fc from 'fast-check';
import { COUNTRIES, countryName, isCountryCode } from './countries';

const names = COUNTRIES.map((country) => country.name);
const codes = COUNTRIES.map((country) => country.code);

describe('COUNTRIES', () => {
  it('holds the 249 ISO 3166-1 codes plus XK, each once, as two upper-case letters', () => {
    expect(COUNTRIES).toHaveLength(250);
    expect(new Set(codes).size).toBe(COUNTRIES.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('has a trimmed, non-empty name for each country, no name twice', () => {
    for (const name of names) expect(name).toMatch(/^\S(.*\S)?$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is sorted by name with a locale-aware comparison, so Åland Islands sorts with A', () => {
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names.slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    expect(names[names.length - 1]).toBe('Zimbabwe');
  });

  it.each([
    ['GB', 'United Kingdom'],
    ['US', 'United States'],
    ['DE', 'Germany'],
    ['JP', 'Japan'],
    ['CI', 'Côte d’Ivoire'],
    ['CZ', 'Czechia'],
    ['TR', 'Türkiye'],
    ['MK', 'North Macedonia'],
    ['SZ', 'Eswatini'],
    ['XK', 'Kosovo'],
    ['AX', 'Åland Islands'],
    ['UM', 'U.S. Outlying Islands'],
  ])('lists %s as %s', (code, name) => {
    expect(COUNTRIES).toContainEqual({ code, name });
  });

  it('leaves out retired, reserved and non-country codes', () => {
    for (const code of ['UK', 'SU', 'YU', 'AN', 'EU', 'UN', 'ZZ', 'XI', 'EL']) expect(codes).not.toContain(code);
  });
});

describe('countryName', () => {
  it('names each listed code with its list name', () => {
    for (const country of COUNTRIES) expect(countryName(country.code)).toBe(country.name);
  });

  it('is null for unknown, lower-case, padded or empty codes', () => {
    for (const code of ['UK', 'gb', 'Gb', ' GB', 'GBR', '']) expect(countryName(code)).toBeNull();
  });
});

describe('isCountryCode', () => {
  it('accepts listed codes exactly as written', () => {
    expect(isCountryCode('JP')).toBe(true);
    expect(isCountryCode('XK')).toBe(true);
  });

  it('rejects lower case, unknown codes and non-strings', () => {
    for (const value of ['jp', 'jP', 'SU', 'ZZ', 'JPN', '', 42, null, undefined, { code: 'JP' }, ['JP']]) {
      expect(isCountryCode(value)).toBe(false);
    }
  });

  it('agrees with countryName for any string, and never accepts anything but two upper-case letters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z]{2}$/), fc.constantFrom(...codes)), (value) => {
        expect(isCountryCode(value)).toBe(countryName(value) !== null);
        if (isCountryCode(value)) expect(value).toMatch(/^[A-Z]{2}$/);
      }),
    );
  });
});
