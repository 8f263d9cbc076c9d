import type { CardCheckoutJson, SavedBankAccountJson, SavedCardJson, SavedPayPalJson, SavedVenmoJson } from '@store/domain';
import { api } from '../../../../lib/api-client';

/** GET /data/braintree-checkout/?basket_ref= (spec 2 §7): the card gateway's set-up for this basket. */
export const fetchCardCheckout = (basketReference: string) =>
  api.get<CardCheckoutJson>(`/data/braintree-checkout/?basket_ref=${encodeURIComponent(basketReference)}`);

export type AccountSavedCardJson = SavedCardJson & { readonly usable: boolean };

/** The saved card of account/details/, and its removal. */
export const fetchSavedCard = () => api.get<{ saved_card: AccountSavedCardJson | null }>('/data/account/saved-card/');
export const removeSavedCard = () => api.delete<{ saved_card: null }>('/data/account/saved-card/');

export type AccountSavedPayPalJson = SavedPayPalJson & { readonly usable: boolean };

/** The saved PayPal account of account/details/, and its removal. */
/** The saved PayPal account, and whether the store offers adding one in the account area (PayPal's vault flow). */
export const fetchSavedPayPal = () => api.get<{ saved_paypal_account: AccountSavedPayPalJson | null; can_add: boolean }>('/data/account/saved-paypal/');
export const removeSavedPayPal = () => api.delete<{ saved_paypal_account: null }>('/data/account/saved-paypal/');

export type AccountSavedVenmoJson = SavedVenmoJson & { readonly usable: boolean };

/** The saved Venmo account of account/details/, and its removal (from the gateway's vault too). */
export const fetchSavedVenmo = () => api.get<{ saved_venmo_account: AccountSavedVenmoJson | null }>('/data/account/saved-venmo/');
export const removeSavedVenmo = () => api.delete<{ saved_venmo_account: null }>('/data/account/saved-venmo/');

/** The saved bank accounts of account/details/, and removing one by its reference. */
export const fetchSavedBankAccounts = () => api.get<{ saved_bank_accounts: readonly SavedBankAccountJson[] }>('/data/account/saved-bank-accounts/');
export const removeSavedBankAccount = (reference: string) =>
  api.delete<{ removed_reference: string }>(`/data/account/saved-bank-accounts/${encodeURIComponent(reference)}`);
