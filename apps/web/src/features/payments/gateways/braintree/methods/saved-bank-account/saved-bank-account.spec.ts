import type { CardCheckoutJson, SavedBankAccountJson } from '@store/domain';
import { savedAccountDescription, savedAccountFor, savedBankAccountMethod } from './saved-bank-account.method';

const ach: SavedBankAccountJson = { reference: `sba_${'1'.repeat(32)}`, kind: 'us-bank-account', last4: '6789', mandate_reference: null, bank_name: 'FEDERAL RESERVE BANK' };
const sepa: SavedBankAccountJson = { reference: `sba_${'2'.repeat(32)}`, kind: 'sepa', last4: '3000', mandate_reference: 'MANDATE-7', bank_name: null };
const checkoutWith = (saved: readonly SavedBankAccountJson[], on = { sepa: true, us_bank_account: true }) =>
  ({ saved_bank_accounts: saved, bank_debits: on }) as unknown as CardCheckoutJson;
const offered = (checkout: CardCheckoutJson, country: string, currency: string) =>
  savedBankAccountMethod.offered({ checkout, country, currency, locale: 'en-us', lastResponseCode: null }, null);

describe('the saved bank account option', () => {
  it("offers the account whose debit fits the basket's currency and billing country", () => {
    const both = checkoutWith([sepa, ach]);
    expect(savedAccountFor(both, 'US', 'USD')).toBe(ach);
    expect(savedAccountFor(both, 'PT', 'EUR')).toBe(sepa);
    expect(savedAccountFor(both, 'GB', 'GBP')).toBeNull();
    expect(savedAccountFor(both, 'CA', 'USD')).toBeNull();
    expect(offered(both, 'US', 'USD')).toBe(true);
    expect(offered(checkoutWith([sepa]), 'US', 'USD')).toBe(false);
    expect(offered(checkoutWith([]), 'PT', 'EUR')).toBe(false);
  });

  it('is not offered while its debit is switched off', () => {
    expect(offered(checkoutWith([ach], { sepa: true, us_bank_account: false }), 'US', 'USD')).toBe(false);
    expect(offered(checkoutWith([sepa], { sepa: false, us_bank_account: true }), 'PT', 'EUR')).toBe(false);
  });

  it('names the account by its kind and last digits, with its mandate or bank', () => {
    expect(savedAccountDescription(ach)).toBe('US bank account ending 6789 at FEDERAL RESERVE BANK');
    expect(savedAccountDescription(sepa)).toBe('SEPA Direct Debit from the account ending 3000 (mandate MANDATE-7)');
  });
});
