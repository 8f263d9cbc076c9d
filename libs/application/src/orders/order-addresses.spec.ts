import type { BillingAddress } from '../billing/billing.ports';
import { addressLine, showsBillingAddress } from './order-addresses';

const stored: BillingAddress = {
  line1: '1 Infinite Loop',
  line2: null,
  line3: null,
  city: 'Nottingham',
  county: null,
  state: null,
  postalCode: 'NG1 1AA',
  country: 'GB',
  vatId: null,
  vatIdStatus: null,
};
const shown = { line1: '1 Infinite Loop', line2: null, line3: null, city: 'Nottingham', county: null, state: null, postalCode: 'NG1 1AA', country: 'GB', vatId: null };

describe('showsBillingAddress', () => {
  it('accepts the stored address as the page shows it: blanks for nulls, any letter case, stray spaces', () => {
    expect(showsBillingAddress(shown, stored)).toBe(true);
    expect(showsBillingAddress({ ...shown, line2: '', postalCode: ' ng1 1aa ', country: 'gb' }, stored)).toBe(true);
    expect(showsBillingAddress({ line1: '1 Infinite Loop', city: 'Nottingham', postalCode: 'NG1 1AA', country: 'GB' }, stored)).toBe(true);
  });

  it.each([
    ['line1', '2 Old Street'],
    ['line2', 'Flat 3'],
    ['city', 'Derby'],
    ['postalCode', 'NG1 1AB'],
    ['country', 'IE'],
    ['state', 'CA'],
    ['vatId', 'GB123456789'],
  ] as const)('refuses an address that differs in %s', (field, value) => {
    expect(showsBillingAddress({ ...shown, [field]: value }, stored)).toBe(false);
  });
});

describe('addressLine', () => {
  it('puts the filled fields on one line with the country named', () => {
    expect(addressLine({ ...stored, line2: 'Bâtiment B', line1: '7 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' })).toBe(
      '7 Rue de Rivoli, Bâtiment B, Paris, 75001, France',
    );
    expect(addressLine({ ...stored, line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', line3: '  ' })).toBe(
      '1 Main St, Austin, TX, 78701, United States',
    );
  });
});
