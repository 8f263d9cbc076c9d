import type { AccountType } from './account-types';

/**
 * Whether the done email step offers Change: visitors may change the checkout email, while a
 * signed-in customer's email is their account, so they can only sign out (spec 1 §2, §6).
 */
export function canChangeEmail(signedIn: boolean): boolean {
  return !signedIn;
}

/** Only business and education accounts may enter a tax ID, since only organisations reclaim tax (spec 1 §6, spec 2 §6). */
export function canEnterTaxId(accountType: AccountType): boolean {
  return accountType === 'business' || accountType === 'education';
}
