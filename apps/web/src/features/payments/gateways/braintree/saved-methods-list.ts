import type { SavedMethodJson, SavedMethodsJson } from '@store/domain';

/**
 * What the account page's 'Saved payment methods' says and offers for each method, apart from
 * React: the server's list is shown as it comes (default first), and these decide the words.
 */

/** The account page's cache of GET /data/account/saved-methods/; every change replaces it with the server's answer. */
export const SAVED_METHODS_QUERY_KEY = ['account', 'saved-methods'] as const;

/** 'Make default' is offered on a method that can pay and is not the default already. */
export const canMakeDefault = (method: SavedMethodJson): boolean => !method.is_default && method.state === 'usable';

/**
 * Why a listed method cannot pay, or null when it can. Both kinds stay listed so they can be
 * removed; the words say so, as the checkout does not offer them.
 */
export function stateNote(method: SavedMethodJson): string | null {
  switch (method.state) {
    case 'usable':
      return null;
    case 'expired':
      return 'This card has expired, so it can no longer be used to pay. You can remove it.';
    case 'invalid':
      return 'This payment method can no longer be used. You can remove it.';
  }
}

/** What the page announces after a removal, naming the new default when the removed one was it. */
export function removedAnnouncement(removed: SavedMethodJson, after: SavedMethodsJson): string {
  const sentence = `${removed.description} has been removed.`;
  const nextDefault = removed.is_default ? after.saved_methods.find((method) => method.is_default) : undefined;
  return nextDefault ? `${sentence} ${nextDefault.description} is now your default payment method.` : sentence;
}

/** What the page announces once a method is the default. */
export const madeDefaultAnnouncement = (method: SavedMethodJson): string => `${method.description} is now your default payment method.`;

/**
 * The PayPal account PayPal's vault flow added: the one in the server's answer the page did not
 * list before; none when the server answers with no new one (the same account approved again).
 */
export function addedPayPal(before: SavedMethodsJson | undefined, after: SavedMethodsJson): SavedMethodJson | null {
  const known = new Set((before?.saved_methods ?? []).map((method) => method.reference));
  return after.saved_methods.find((method) => method.kind === 'paypal' && !known.has(method.reference)) ?? null;
}

/** What the page announces after PayPal's vault flow saved an account. */
export const addedAnnouncement = (added: SavedMethodJson | null): string =>
  added ? `${added.description} has been saved.` : 'Your PayPal account is saved.';
