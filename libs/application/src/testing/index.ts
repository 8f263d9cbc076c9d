export * from './in-memory-basket.repository';
export * from './in-memory-catalogue';
export * from './fixed-ports';
export * from './in-memory-identity';
export * from './fake-payment-port';
export * from './checkpoints';
export * from './in-memory-vouchers';
export * from './mothers';
