import { savedBankAccountFits } from './saved-bank-accounts';

describe('savedBankAccountFits', () => {
  it.each([
    ['sepa', 'PT', 'EUR', true, true],
    ['sepa', 'US', 'USD', true, false],
    ['sepa', 'PT', 'GBP', true, false],
    ['sepa', 'PT', 'EUR', false, false],
    ['us-bank-account', 'US', 'USD', true, true],
    ['us-bank-account', 'PT', 'EUR', true, false],
    ['us-bank-account', 'CA', 'USD', true, false],
  ] as const)('%s billed to %s in %s (switched on: %s) fits: %s', (kind, billingCountry, currency, switchedOn, fits) => {
    expect(savedBankAccountFits(kind, { billingCountry, currency, switchedOn })).toBe(fits);
  });
});
