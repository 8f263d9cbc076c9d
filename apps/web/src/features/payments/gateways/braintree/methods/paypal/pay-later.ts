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
