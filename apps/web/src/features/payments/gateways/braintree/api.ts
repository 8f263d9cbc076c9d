import type { CardCheckoutJson, SavedMethodsJson } from '@store/domain';
import { api } from '../../../../lib/api-client';

/** GET /data/braintree-checkout/?basket_ref= (spec 2 §7): the card gateway's set-up for this basket. */
export const fetchCardCheckout = (basketReference: string) =>
  api.get<CardCheckoutJson>(`/data/braintree-checkout/?basket_ref=${encodeURIComponent(basketReference)}`);

/** The customer's saved payment methods for account/details/ (the default first), and whether PayPal's vault flow is offered there. */
export const fetchSavedMethods = () => api.get<SavedMethodsJson>('/data/account/saved-methods/');

/** Makes a saved method the default; the answer is the list after the change. */
export const makeSavedMethodDefault = (reference: string) =>
  api.post<SavedMethodsJson>(`/data/account/saved-methods/${encodeURIComponent(reference)}/default`, {});

/** Removes a saved method, from the gateway's vault first; the answer is the list after the removal. */
export const removeSavedMethod = (reference: string) => api.delete<SavedMethodsJson>(`/data/account/saved-methods/${encodeURIComponent(reference)}`);

/** Saves the PayPal account PayPal's vault flow approved (one more in the list); the answer is the list after it. */
export const savePayPalAccount = (nonce: string) => api.post<SavedMethodsJson>('/data/account/saved-paypal/', { nonce });
