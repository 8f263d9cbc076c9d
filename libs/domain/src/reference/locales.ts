/** The storefront's locales. A locale picks the language and the country account it sells from. */
export interface Locale {
  /** e.g. en-GB: the BCP 47 tag that writes its money and dates (Intl) and the page's lang. */
  readonly canonical: string;
  /** e.g. en-gb: the form used in addresses */
  readonly urlFriendly: string;
  readonly language: string;
  readonly languageName: string;
  readonly region: string;
  readonly regionName: string;
  /** The country account whose prices and currency this locale shows. */
  readonly countryAccount: string;
  /** That account's currency: the one this storefront writes with its local symbol (zł, not PLN). */
  readonly currency: string;
  /**
   * The country a shopper of this storefront is taken to be in (the account form's detected
   * country, the billing form's first choice); null for a storefront of many countries, whose
   * shoppers say where they are.
   */
  readonly homeCountry: string | null;
}

export const SUPPORTED_LOCALES: readonly Locale[] = [
  {
    canonical: 'en-GB',
    urlFriendly: 'en-gb',
    language: 'en',
    languageName: 'English',
    region: 'GB',
    regionName: 'United Kingdom',
    countryAccount: 'GB',
    currency: 'GBP',
    homeCountry: 'GB',
  },
  {
    canonical: 'en-US',
    urlFriendly: 'en-us',
    language: 'en',
    languageName: 'English',
    region: 'US',
    regionName: 'United States',
    countryAccount: 'US',
    currency: 'USD',
    homeCountry: 'US',
  },
  // Ours: one euro storefront for the euro area. Its address says eu, but Intl knows no English of
  // the EU, so it writes as English in Europe (en-150): €47.99, 26 Nov 2026.
  {
    canonical: 'en-150',
    urlFriendly: 'en-eu',
    language: 'en',
    languageName: 'English',
    region: 'EU',
    regionName: 'Europe',
    countryAccount: 'EU',
    currency: 'EUR',
    homeCountry: null,
  },
  // Ours: English as written in Poland by Intl (219,99, 1.219,99), with the złoty's own symbol.
  {
    canonical: 'en-PL',
    urlFriendly: 'en-pl',
    language: 'en',
    languageName: 'English',
    region: 'PL',
    regionName: 'Poland',
    countryAccount: 'PL',
    currency: 'PLN',
    homeCountry: 'PL',
  },
];

export const DEFAULT_LOCALE: Locale = SUPPORTED_LOCALES[0];

/** Finds a supported locale by its address form, case-insensitively; null when it is not one of ours. */
export function findLocale(value: string | undefined | null): Locale | null {
  if (!value) return null;
  const wanted = value.toLowerCase();
  return SUPPORTED_LOCALES.find((locale) => locale.urlFriendly === wanted) ?? null;
}

/** The storefront whose canonical tag this is (en-150, en-PL), case-insensitively; null for any other tag. */
export function findLocaleByCanonical(tag: string): Locale | null {
  const wanted = tag.toLowerCase();
  return SUPPORTED_LOCALES.find((locale) => locale.canonical.toLowerCase() === wanted) ?? null;
}

/** Language is the first two letters of the locale (spec 2 §9). */
export function languageOf(locale: string): string {
  return locale.slice(0, 2).toLowerCase();
}
