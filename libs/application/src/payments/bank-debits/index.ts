export * from './bank-debits.ports';
export * from './bank-debit-notifications';
