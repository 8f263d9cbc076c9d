import { DEFAULT_LOCALE, findLocale, type Locale } from '@store/domain';
import { useParams } from 'react-router';

/** The storefront locale from the address; routes under an unknown one are redirected before this runs. */
export function useLocale(): Locale {
  const { locale } = useParams();
  return findLocale(locale) ?? DEFAULT_LOCALE;
}

export function formatIsoDate(isoDate: string, locale: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}
