import type { BankDebitJson } from '@store/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BankAccountLine, bankAccountShort } from './bank-debit-wait';

// The words an order uses for the account its bank debit is taken from (the order page and list).

const SEPA: BankDebitJson = { state: 'pending', released: false, method: 'sepa', account_last4: '3000', mandate_reference: 'QKETABC123', bank_name: null };
const ACH: BankDebitJson = { state: 'settled', released: true, method: 'us-bank-account', account_last4: '6789', mandate_reference: null, bank_name: 'FEDERAL RESERVE BANK' };

const text = (debit: BankDebitJson | null) => renderToStaticMarkup(createElement(BankAccountLine, { debit })).replace(/<[^>]+>/g, '');

describe("a bank debit's account in words", () => {
  it('SEPA names the IBAN ending and the mandate reference; ACH the account ending and its bank', () => {
    expect(text(SEPA)).toBe('Payment: SEPA Direct Debit, IBAN ending 3000, mandate reference QKETABC123');
    expect(text(ACH)).toBe('Payment: US bank account (ACH), account ending 6789 (FEDERAL RESERVE BANK)');
    expect(bankAccountShort(SEPA)).toBe('IBAN ending 3000');
    expect(bankAccountShort(ACH)).toBe('Bank account ending 6789');
  });

  it('says only what the gateway described, and nothing for an order without a debit', () => {
    expect(text({ ...SEPA, account_last4: null, mandate_reference: null })).toBe('Payment: SEPA Direct Debit');
    expect(text({ ...ACH, bank_name: null })).toBe('Payment: US bank account (ACH), account ending 6789');
    expect(text({ ...SEPA, method: null, account_last4: null, mandate_reference: null })).toBe('');
    expect(text(null)).toBe('');
    expect(bankAccountShort({ ...SEPA, account_last4: null })).toBeNull();
    expect(bankAccountShort(null)).toBeNull();
  });
});
