export * from './cookie-consent.machine';
