export * from './test-database';
export * from './customers';
