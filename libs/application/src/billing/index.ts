export * from './billing.ports';
export * from './check-tax-id.use-case';
export * from './save-billing-address.use-case';
export * from './retry-tax-id-checks.use-case';
export * from './tax-id-input';
export * from './payment-state.ports';
export * from './determine-gateway.use-case';
