export * from './card-gateway.ports';
export * from './card-checkout.use-case';
export * from './saved-card.use-cases';
export * from './merchant-of-record.ports';
export * from './merchant-checkout.use-cases';
export * from './notifications';
export * from './local-payments';
export * from './bank-debits';
