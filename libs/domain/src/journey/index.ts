export * from './journey';
