import type { SavedMethodJson, SavedMethodsJson } from '@store/domain';
import { addedAnnouncement, addedPayPal, canMakeDefault, madeDefaultAnnouncement, removedAnnouncement, stateNote } from './saved-methods-list';
import { savedCardJson, savedPayPalJson } from './saved-methods.fixtures';

const card = (overrides: Partial<SavedMethodJson> = {}) => savedCardJson(overrides);
const payPal = (reference: string, email: string, overrides: Partial<SavedMethodJson> = {}) => savedPayPalJson(email, { reference, ...overrides });

const list = (...methods: SavedMethodJson[]): SavedMethodsJson => ({ saved_methods: methods, can_add_paypal: true });

describe('saved payment methods on the account page', () => {
  it('offers Make default only on a usable method that is not the default', () => {
    expect(canMakeDefault(card())).toBe(true);
    expect(canMakeDefault(card({ is_default: true }))).toBe(false);
    expect(canMakeDefault(card({ state: 'expired' }))).toBe(false);
    expect(canMakeDefault(card({ state: 'invalid' }))).toBe(false);
  });

  it('says why an expired or invalid method cannot pay, and nothing for a usable one', () => {
    expect(stateNote(card())).toBeNull();
    expect(stateNote(card({ state: 'expired' }))).toMatch(/^This card has expired/);
    expect(stateNote(payPal('spm_00000000000000000000000000000002', 'a@example.com', { state: 'invalid' }))).toMatch(/can no longer be used/);
  });

  it('announces a removal, and the next default when the default was removed', () => {
    const next = payPal('spm_00000000000000000000000000000002', 'a@example.com', { is_default: true });
    expect(removedAnnouncement(card(), list(next))).toBe('•••• Visa ending in 1111 (expires 12/2030) has been removed.');
    expect(removedAnnouncement(card({ is_default: true }), list(next))).toBe(
      '•••• Visa ending in 1111 (expires 12/2030) has been removed. PayPal a@example.com is now your default payment method.',
    );
    expect(removedAnnouncement(card({ is_default: true }), list())).toBe('•••• Visa ending in 1111 (expires 12/2030) has been removed.');
  });

  it('announces the new default by its description', () => {
    expect(madeDefaultAnnouncement(card())).toBe('•••• Visa ending in 1111 (expires 12/2030) is now your default payment method.');
  });

  it('finds the PayPal account the vault flow added among the ones listed before', () => {
    const first = payPal('spm_00000000000000000000000000000002', 'a@example.com', { is_default: true });
    const second = payPal('spm_00000000000000000000000000000003', 'b@example.com');
    expect(addedPayPal(list(first, card()), list(first, second, card()))).toEqual(second);
    expect(addedPayPal(undefined, list(second))).toEqual(second);
    // The same account approved again: nothing new to name.
    expect(addedPayPal(list(first), list(first))).toBeNull();
    expect(addedAnnouncement(second)).toBe('PayPal b@example.com has been saved.');
    expect(addedAnnouncement(null)).toBe('Your PayPal account is saved.');
  });
});
