/** The storefront's locales. A locale picks the language and the country account it sells from. */
export interface Locale {
  /** e.g. en-GB */
  readonly canonical: string;
  /** e.g. en-gb: the form used in addresses */
  readonly urlFriendly: string;
  readonly language: string;
  readonly languageName: string;
  readonly region: string;
  readonly regionName: string;
  /** The country account whose prices and currency this locale shows. */
  readonly countryAccount: string;
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
  },
  {
    canonical: 'en-US',
    urlFriendly: 'en-us',
    language: 'en',
    languageName: 'English',
    region: 'US',
    regionName: 'United States',
    countryAccount: 'US',
  },
];

export const DEFAULT_LOCALE: Locale = SUPPORTED_LOCALES[0];

/** Finds a supported locale by its address form, case-insensitively; null when it is not one of ours. */
export function findLocale(value: string | undefined | null): Locale | null {
  if (!value) return null;
  const wanted = value.toLowerCase();
  return SUPPORTED_LOCALES.find((locale) => locale.urlFriendly === wanted) ?? null;
}

/** Language is the first two letters of the locale (spec 2 §9). */
export function languageOf(locale: string): string {
  return locale.slice(0, 2).toLowerCase();
}
