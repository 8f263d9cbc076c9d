export * from './bank-debits.ports';
export * from './bank-debit-notifications';
export * from './bank-debit-return-windows';
