export * from './card-gateway.ports';
export * from './card-checkout.use-case';
export * from './saved-card.use-cases';
