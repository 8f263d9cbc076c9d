import { describeSavedMethod, isSavedMethodReference, savedMethodFits, savedMethodOrder, savedMethodReference, savedMethodState, type SavedMethodDetails } from './saved-methods';

const VISA: SavedMethodDetails = { kind: 'card', cardType: ' Visa ', bin: '411111', last4: '1111', expirationMonth: 3, expirationYear: 2027 };

describe('saved method references', () => {
  it('are made from 16 random bytes, and only their own shape is read as one', () => {
    const reference = savedMethodReference(Uint8Array.from({ length: 16 }, (_, index) => index * 17));
    expect(reference).toBe('spm_00112233445566778899aabbccddeeff');
    expect(isSavedMethodReference(reference)).toBe(true);
    // The one-of-each design's names for a bank account and a Venmo account are no references.
    for (const other of [null, undefined, '', 'fake-valid-nonce', 'saved-venmo', 'sba_00112233445566778899aabbccddeeff', 'spm_00112233', `spm_${'A'.repeat(32)}`, `${reference}0`, ` ${reference}`]) {
      expect(isSavedMethodReference(other)).toBe(false);
    }
    expect(() => savedMethodReference(new Uint8Array(8))).toThrow();
  });
});

describe('describeSavedMethod', () => {
  it.each<[SavedMethodDetails, string]>([
    [VISA, '•••• Visa ending in 1111 (expires 03/2027)'],
    [{ kind: 'paypal', email: 'payer@example.com' }, 'PayPal payer@example.com'],
    [{ kind: 'venmo', username: 'venmojoe' }, 'Venmo @venmojoe'],
    [{ kind: 'venmo', username: '@venmojoe' }, 'Venmo @venmojoe'],
    [{ kind: 'sepa', last4: '3000', mandateReference: 'M-1', bankName: null }, 'SEPA Direct Debit from the account ending 3000 (mandate M-1)'],
    [{ kind: 'us-bank-account', last4: '0000', mandateReference: null, bankName: 'FEDERAL RESERVE BANK' }, 'US bank account ending 0000 at FEDERAL RESERVE BANK'],
    [{ kind: 'us-bank-account', last4: '0000', mandateReference: null, bankName: null }, 'US bank account ending 0000'],
  ])('%j reads %s', (details, words) => {
    expect(describeSavedMethod(details)).toBe(words);
  });
});

describe('savedMethodState', () => {
  it('is expired only once the card’s month is over everywhere, and invalid above all', () => {
    expect(savedMethodState(VISA, false, new Date('2027-03-31T23:00:00Z'))).toBe('usable');
    expect(savedMethodState(VISA, false, new Date('2027-04-02T00:00:00Z'))).toBe('expired');
    expect(savedMethodState(VISA, true, new Date('2026-01-01T00:00:00Z'))).toBe('invalid');
    expect(savedMethodState({ kind: 'paypal', email: 'p@example.com' }, false, new Date('2099-01-01T00:00:00Z'))).toBe('usable');
  });
});

describe('savedMethodFits', () => {
  const context = { billingCountry: 'US', currency: 'USD', featuresOn: ['paypal', 'venmo', 'sepa', 'us-bank-account'] as const };
  it.each([
    ['card', { billingCountry: 'JP', currency: 'JPY', featuresOn: [] }, true],
    ['paypal', context, true],
    ['paypal', { ...context, featuresOn: ['venmo'] }, false],
    ['paypal', { ...context, disabledPayPalCountries: ['US'] }, false],
    ['venmo', context, true],
    ['venmo', { ...context, currency: 'GBP' }, false],
    ['us-bank-account', context, true],
    ['us-bank-account', { ...context, featuresOn: ['paypal'] }, false],
    ['sepa', context, false],
    ['sepa', { billingCountry: 'PT', currency: 'EUR', featuresOn: ['sepa'] }, true],
  ] as const)('%s in %j: %s', (kind, facts, fits) => {
    expect(savedMethodFits(kind, facts)).toBe(fits);
  });
});

describe('savedMethodOrder', () => {
  it('lists the default first, then the newest first', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const methods = [
      { name: 'old', isDefault: false, createdAt: at(1) },
      { name: 'default', isDefault: true, createdAt: at(2) },
      { name: 'new', isDefault: false, createdAt: at(3) },
    ];
    expect(savedMethodOrder(methods).map((method) => method.name)).toEqual(['default', 'new', 'old']);
    expect(methods.map((method) => method.name)).toEqual(['old', 'default', 'new']);
  });
});
