import { DEFAULT_LOCALE, findLocale, languageOf } from './locales';

describe('locales', () => {
  it('finds our locales case-insensitively and nothing else', () => {
    expect(findLocale('en-GB')?.countryAccount).toBe('GB');
    expect(findLocale('en-us')?.countryAccount).toBe('US');
    expect(findLocale('xx-yy')).toBeNull();
    expect(findLocale('')).toBeNull();
    expect(findLocale(undefined)).toBeNull();
    expect(DEFAULT_LOCALE.urlFriendly).toBe('en-gb');
  });

  it('takes the language from the first two letters', () => {
    expect(languageOf('en-gb')).toBe('en');
    expect(languageOf('DE-de')).toBe('de');
  });
});
