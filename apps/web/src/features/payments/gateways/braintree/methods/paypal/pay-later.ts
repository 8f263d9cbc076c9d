/**
 * Where PayPal offers Pay Later (PayPal's published list: the US, the UK, France, Germany, Italy,
 * Spain and Australia), each in its own currency. Ours: the store shows the Pay Later button when the
 * billing country is one of them and the basket is in that country's currency; PayPal's own
 * eligibility (the payer, the amount) decides the rest, in its window.
 */
const PAY_LATER: Readonly<Record<string, string>> = { US: 'USD', GB: 'GBP', FR: 'EUR', DE: 'EUR', IT: 'EUR', ES: 'EUR', AU: 'AUD' };

export const payLaterOffered = (country: string, currency: string): boolean => PAY_LATER[country.toUpperCase()] === currency.toUpperCase();

/** The currencies the PayPal SDK is asked to enable Pay Later in (`enable-funding=paylater`). */
export const payLaterCurrency = (currency: string): boolean => Object.values(PAY_LATER).includes(currency.toUpperCase());

/**
 * PayPal Credit (ours): a line of credit PayPal offers US payers; promoting it needs the merchant's
 * own permission (UK merchants the regulator's), so the store shows its button only when switched
 * on, and only to US billing in US dollars. PayPal decides in its window whether the payer gets it.
 */
export const creditOffered = (switchedOn: boolean, country: string, currency: string): boolean =>
  switchedOn && country.toUpperCase() === 'US' && currency.toUpperCase() === 'USD';

/** The SDK's `enable-funding` for the basket's currency: Pay Later where PayPal offers it, Credit in dollars when switched on. */
export function enabledFunding(currency: string, credit: boolean): string | null {
  const sources = [...(payLaterCurrency(currency) ? ['paylater'] : []), ...(credit && currency.toUpperCase() === 'USD' ? ['credit'] : [])];
  return sources.length > 0 ? sources.join(',') : null;
}
