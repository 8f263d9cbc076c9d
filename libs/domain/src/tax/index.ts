export * from './tax-rules';
export * from './payment-state-reset';
export * from './billing-country-change';
export * from './tax-id-formats';
export * from './billing-countries';
export * from './certificate-content';
export * from './certificate-upload';
export * from './certificate-quota';
