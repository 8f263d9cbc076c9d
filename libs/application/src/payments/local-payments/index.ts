export * from './local-payments.ports';
export * from './complete-local-payment.use-case';
export * from './local-payment-notifications';
export * from './cancel-local-payment.use-case';
export * from './blik-aliases.ports';
