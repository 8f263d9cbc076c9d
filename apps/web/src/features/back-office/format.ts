import { formatMoney, money } from '@store/domain';

/** Staff pages are English and show times in UTC, the time the logs and the providers' dashboards use. */
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatWhen = (iso: string | null | undefined) => (iso ? `${DATE_TIME.format(new Date(iso))} UTC` : '—');
export const formatDay = (iso: string | null | undefined) => (iso ? DATE.format(new Date(iso)) : '—');

/** An amount in minor units; the currency is always written as a code-free symbol in en-GB (US$, €, £). */
export const formatAmount = (amount: number | null | undefined, currency: string | null | undefined) =>
  amount === null || amount === undefined || !currency ? '—' : formatMoney(money(amount, currency), 'en-GB');

/** A tax rate given in basis points (2000 is 20%). */
export const formatRate = (basisPoints: number | null) => (basisPoints === null ? '—' : `${basisPoints / 100}%`);
