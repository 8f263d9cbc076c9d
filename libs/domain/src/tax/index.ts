export * from './tax-rules';
