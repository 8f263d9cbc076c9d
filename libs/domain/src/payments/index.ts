export * from './payment-methods';
