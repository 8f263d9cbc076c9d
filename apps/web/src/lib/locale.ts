import { DEFAULT_LOCALE, findLocale, stockNote, type Locale, type ProductJson } from '@store/domain';
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

/** The stock or pre-order note of a product, with its date written for the shopper. */
export function productStockNote(product: ProductJson, locale: string): string | null {
  return stockNote(
    {
      outOfStock: product.stock.out_of_stock,
      expectedDate: product.stock.expected_date,
      preorderDate: product.stock.date_available_for_download,
    },
    (iso) => formatIsoDate(iso, locale),
  );
}

/** A path of this site to go to next; anything else (another host, a scheme) gives the fallback. */
export function safeRedirectPath(target: string | null, fallback: string): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  return target;
}
