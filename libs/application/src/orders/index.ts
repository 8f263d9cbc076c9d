export * from './orders.ports';
export * from './place-order.use-case';
export * from './receipt';
export * from './invoice.ports';
export * from './checkpoints';
export * from './reconcile-payments.use-case';
export * from './order-addresses';
export * from './tax-by-rate';
