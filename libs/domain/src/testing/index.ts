export * from './catalogue.mother';
export * from './customer.mother';
