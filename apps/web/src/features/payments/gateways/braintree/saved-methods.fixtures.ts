import type { SavedMethodJson } from '@store/domain';

// Saved methods as the server lists them, for the specs of the account page's list and the
// checkout's saved option: a usable, non-default Visa card and PayPal account unless told.

/** A reference in the store's shape, made of one repeated hex digit. */
export const savedMethodReference = (digit: string) => `spm_${digit.repeat(32)}`;

export const savedCardJson = (overrides: Partial<SavedMethodJson> = {}, details: Partial<NonNullable<SavedMethodJson['card']>> = {}): SavedMethodJson => ({
  reference: savedMethodReference('1'),
  kind: 'card',
  description: '•••• Visa ending in 1111 (expires 12/2030)',
  is_default: false,
  state: 'usable',
  card: { card_type: 'Visa', bin: '411111', last4: '1111', expiration_month: 12, expiration_year: 2030, ...details },
  account_name: null,
  bank: null,
  ...overrides,
});

export const savedPayPalJson = (email: string, overrides: Partial<SavedMethodJson> = {}): SavedMethodJson => ({
  reference: savedMethodReference('2'),
  kind: 'paypal',
  description: `PayPal ${email}`,
  is_default: false,
  state: 'usable',
  card: null,
  account_name: email,
  bank: null,
  ...overrides,
});
