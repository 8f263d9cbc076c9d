export * from './payment-gateways';
export * from './payment-methods';
export * from './wallet-availability';
export * from './card-brands';
export * from './gateway-rules';
export * from './card-expiry';
export * from './card-client-errors';
export * from './wallet-requests';
