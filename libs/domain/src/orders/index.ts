export * from './orders';
export * from './withdrawal';
