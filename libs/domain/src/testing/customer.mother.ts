import { nextTestId } from './test-ids';
import type { Customer } from '../identity/customer';

/** A confirmed personal customer with a fresh id and email; override what a test cares about. */
export function aCustomer(overrides: Partial<Customer> = {}): Customer {
  const id = nextTestId();
  return {
    id,
    publicId: `pub-${id}`,
    email: `shopper.${id.slice(-12)}@example.com`,
    emailVerified: false,
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'GB',
    accountType: 'personal',
    customerCategory: 'personal',
    accountName: null,
    hasConfirmedAccountType: true,
    status: 'active',
    ...overrides,
  };
}
