import { methodAvailable, paymentMethod } from './payment-methods';
import type { StoreFeature } from './store-features';

/** A saved Venmo account pays only where Venmo itself is offered: US billing, US dollars, the store's switch on. */
export const savedVenmoFits = (context: { readonly billingCountry: string; readonly currency: string; readonly featuresOn: readonly StoreFeature[] }): boolean =>
  methodAvailable(paymentMethod('venmo'), { billingCountry: context.billingCountry, currency: context.currency, flags: context.featuresOn });
