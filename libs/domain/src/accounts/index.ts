export * from './account-types';
