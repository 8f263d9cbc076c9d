import { achMandateText } from './us-bank-account.method';

describe('the ACH mandate the payer accepts', () => {
  it('names the amount, and later debits only when the account is saved', () => {
    expect(achMandateText('69.99', 'USD', false)).toBe(
      'By ticking this box and clicking Pay from my bank account, I authorize Affinity Store to debit the bank account above 69.99 USD for this order. I may revoke this authorization by contacting Affinity Store customer service.',
    );
    expect(achMandateText('69.99', 'USD', true)).toContain('69.99 USD for this order, and to debit it again for later orders I place with it.');
  });
});
