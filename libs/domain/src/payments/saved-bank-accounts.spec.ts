import { isSavedBankAccountReference, savedBankAccountFits, savedBankAccountReference } from './saved-bank-accounts';

describe('saved bank account references', () => {
  it('are made from 16 random bytes, and only their own shape is read as one', () => {
    const reference = savedBankAccountReference(Uint8Array.from({ length: 16 }, (_, index) => index * 17));
    expect(reference).toBe('sba_00112233445566778899aabbccddeeff');
    expect(isSavedBankAccountReference(reference)).toBe(true);
    for (const other of [null, undefined, '', 'fake-valid-nonce', 'sba_00112233', `sba_${'A'.repeat(32)}`, `${reference}0`, ` ${reference}`]) {
      expect(isSavedBankAccountReference(other)).toBe(false);
    }
    expect(() => savedBankAccountReference(new Uint8Array(8))).toThrow();
  });
});

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
