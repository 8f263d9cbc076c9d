export * from './cookie-consent.machine';
export * from './analytics-events';
