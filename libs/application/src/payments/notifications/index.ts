export * from './provider-notifications.ports';
export * from './provider-notification-handlers';
export * from './receive-provider-notification.use-case';
export * from './process-provider-notifications.use-case';
