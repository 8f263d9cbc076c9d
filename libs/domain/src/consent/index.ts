export * from './cookie-consent.machine';
export * from './analytics-events';
export * from './basket-analytics';
