import fc from 'fast-check';
import { billingCountryChange } from './billing-country-change';

describe('billingCountryChange', () => {
  it.each<[string | null, string, string | null, string | null]>([
    ['US', 'CA', 'NY', null],
    ['US', 'US', 'NY', 'NY'],
    ['US', 'us', 'NY', 'NY'],
    [null, 'US', 'NY', null],
    ['CA', 'GB', null, null],
  ])('stored %p, new %s, state %p: state becomes %p', (stored, next, state, expected) => {
    expect(billingCountryChange(stored, next, state)).toEqual({ country: next, state: expected, vat_id: null });
  });

  it('always clears the tax ID and keeps the state only for the stored country', () => {
    const countries = fc.constantFrom('US', 'CA', 'GB', 'IT', 'AU');
    fc.assert(
      fc.property(fc.option(countries, { nil: null }), countries, fc.option(fc.string({ minLength: 1 }), { nil: null }), (stored, next, state) => {
        const after = billingCountryChange(stored, next, state);
        expect(after.vat_id).toBeNull();
        expect(after.country).toBe(next);
        expect(after.state).toBe(stored === next ? state : null);
      }),
    );
  });
});
