import { methodAvailable, paymentMethod } from './payment-methods';
import type { StoreFeature } from './store-features';

/**
 * PLACE_ORDER's token when the shopper pays with their saved Venmo account. The page names the
 * account only by this word (one saved account per customer): the server charges the vault token it
 * stored when the account was saved, never a token from the page.
 */
export const SAVED_VENMO_TOKEN = 'saved-venmo';

export const isSavedVenmoToken = (value: string | null | undefined): boolean => value === SAVED_VENMO_TOKEN;

/** A saved Venmo account pays only where Venmo itself is offered: US billing, US dollars, the store's switch on. */
export const savedVenmoFits = (context: { readonly billingCountry: string; readonly currency: string; readonly featuresOn: readonly StoreFeature[] }): boolean =>
  methodAvailable(paymentMethod('venmo'), { billingCountry: context.billingCountry, currency: context.currency, flags: context.featuresOn });
