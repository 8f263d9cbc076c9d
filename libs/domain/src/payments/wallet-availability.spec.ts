import fc from 'fast-check';
import { isApplePayEnabled, isGooglePayEnabled, isPayPalEnabled, type WalletAvailability } from './wallet-availability';

const on: WalletAvailability = { featureOn: true, country: 'GB', disabledCountries: ['IN', 'BR'] };

describe('isApplePayEnabled', () => {
  it.each<[Partial<WalletAvailability & { canMakePayments: boolean }>, boolean]>([
    [{ canMakePayments: true }, true],
    [{ canMakePayments: false }, false],
    [{ canMakePayments: true, featureOn: false }, false],
    [{ canMakePayments: true, country: 'IN' }, false],
    [{ canMakePayments: true, country: 'in' }, false],
    [{ canMakePayments: true, disabledCountries: [] }, true],
  ])('%j → %s', (overrides, enabled) => {
    expect(isApplePayEnabled({ ...on, canMakePayments: true, ...overrides })).toBe(enabled);
  });
});

describe('isGooglePayEnabled', () => {
  it.each<[Partial<WalletAvailability & { libraryPresent: boolean }>, boolean]>([
    [{ libraryPresent: true }, true],
    [{ libraryPresent: false }, false],
    [{ libraryPresent: true, featureOn: false }, false],
    [{ libraryPresent: true, country: 'BR' }, false],
  ])('%j → %s', (overrides, enabled) => {
    expect(isGooglePayEnabled({ ...on, libraryPresent: true, ...overrides })).toBe(enabled);
  });
});

describe('isPayPalEnabled', () => {
  it.each<[Partial<WalletAvailability>, boolean]>([
    [{}, true],
    [{ featureOn: false }, false],
    [{ country: 'IN' }, false],
    [{ country: 'US' }, true],
  ])('%j → %s', (overrides, enabled) => {
    expect(isPayPalEnabled({ ...on, ...overrides })).toBe(enabled);
  });
});

describe('every wallet', () => {
  it('is enabled exactly when its feature is on, its own need is met and the country is not disabled', () => {
    const countries = fc.constantFrom('GB', 'US', 'IN', 'BR', 'DE');
    fc.assert(
      fc.property(fc.boolean(), countries, fc.subarray(['GB', 'US', 'IN', 'BR', 'DE']), fc.boolean(), (featureOn, country, disabledCountries, need) => {
        const base = featureOn && !disabledCountries.includes(country);
        expect(isPayPalEnabled({ featureOn, country, disabledCountries })).toBe(base);
        expect(isApplePayEnabled({ featureOn, country, disabledCountries, canMakePayments: need })).toBe(base && need);
        expect(isGooglePayEnabled({ featureOn, country, disabledCountries, libraryPresent: need })).toBe(base && need);
      }),
    );
  });
});
