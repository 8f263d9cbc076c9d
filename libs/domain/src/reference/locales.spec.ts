import { DEFAULT_LOCALE, findLocale, findLocaleByCanonical, languageOf, SUPPORTED_LOCALES } from './locales';

describe('locales', () => {
  it('finds our locales case-insensitively and nothing else', () => {
    expect(findLocale('en-GB')?.countryAccount).toBe('GB');
    expect(findLocale('en-us')?.countryAccount).toBe('US');
    expect(findLocale('EN-EU')?.countryAccount).toBe('EU');
    expect(findLocale('en-pl')?.countryAccount).toBe('PL');
    expect(findLocale('xx-yy')).toBeNull();
    expect(findLocale('')).toBeNull();
    expect(findLocale(undefined)).toBeNull();
    expect(DEFAULT_LOCALE.urlFriendly).toBe('en-gb');
  });

  it('lists the four storefronts, each selling in its account currency', () => {
    expect(SUPPORTED_LOCALES.map((locale) => [locale.urlFriendly, locale.regionName, locale.countryAccount, locale.currency])).toEqual([
      ['en-gb', 'United Kingdom', 'GB', 'GBP'],
      ['en-us', 'United States', 'US', 'USD'],
      ['en-eu', 'Europe', 'EU', 'EUR'],
      ['en-pl', 'Poland', 'PL', 'PLN'],
    ]);
  });

  it('takes a one-country storefront as its home country, and the euro storefront as nobody\'s', () => {
    expect(findLocale('en-gb')?.homeCountry).toBe('GB');
    expect(findLocale('en-pl')?.homeCountry).toBe('PL');
    expect(findLocale('en-eu')?.homeCountry).toBeNull();
  });

  it('writes each storefront in a tag Intl knows, so dates and money follow its region', () => {
    for (const locale of SUPPORTED_LOCALES) {
      expect(Intl.getCanonicalLocales(locale.canonical)).toEqual([locale.canonical]);
      // A tag Intl does not know falls back to plain 'en' (American dates): none of ours may.
      expect(new Intl.DateTimeFormat(locale.canonical).resolvedOptions().locale).toBe(locale.canonical);
    }
    expect(new Intl.DateTimeFormat(findLocale('en-eu')?.canonical, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-11-26T12:00:00Z'))).toBe('26 Nov 2026');
    expect(findLocaleByCanonical('EN-150')?.urlFriendly).toBe('en-eu');
    expect(findLocaleByCanonical('en-EU')).toBeNull();
  });

  it('takes the language from the first two letters', () => {
    expect(languageOf('en-gb')).toBe('en');
    expect(languageOf('DE-de')).toBe('de');
  });
});
