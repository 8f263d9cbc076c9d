export * from './account-types';
export * from './account-permissions';
export * from './customer-category';
