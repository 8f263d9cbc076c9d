export * from './test-database';
export * from './customers';
export * from './sample-files';
