import { Module } from '@nestjs/common';
import {
  CLOCK,
  checkNotificationHandler,
  PROVIDER_NOTIFICATION_INBOX,
  ProcessProviderNotifications,
  OPERATIONS_EVENTS,
  type OperationsEvents,
  ProviderNotificationHandlers,
  type Clock,
  type ProviderNotificationInbox,
} from '@store/application';
import { PostgresProviderNotificationInbox } from '@store/infrastructure';
import { DataSource } from 'typeorm';
import { ProviderNotificationsJob } from './provider-notifications.job';

/**
 * The payment providers' notifications, whatever gateway sent them: the inbox, the handlers by
 * kind and the worker. A feature that acts on a kind imports this module and registers its handler
 * (ProviderNotificationHandlers.register) when it starts; a gateway's webhook module imports it to
 * keep what arrives.
 */
@Module({
  providers: [
    { provide: PROVIDER_NOTIFICATION_INBOX, useFactory: (ds: DataSource) => new PostgresProviderNotificationInbox(ds), inject: [DataSource] },
    {
      provide: ProviderNotificationHandlers,
      useFactory: () => {
        const handlers = new ProviderNotificationHandlers();
        handlers.register('check', checkNotificationHandler);
        return handlers;
      },
    },
    {
      provide: ProcessProviderNotifications,
      useFactory: (inbox: ProviderNotificationInbox, handlers: ProviderNotificationHandlers, clock: Clock, events: OperationsEvents) =>
        new ProcessProviderNotifications(inbox, handlers, clock, events),
      inject: [PROVIDER_NOTIFICATION_INBOX, ProviderNotificationHandlers, CLOCK, OPERATIONS_EVENTS],
    },
    ProviderNotificationsJob,
  ],
  exports: [PROVIDER_NOTIFICATION_INBOX, ProviderNotificationHandlers, ProcessProviderNotifications, ProviderNotificationsJob],
})
export class ProviderNotificationsModule {}
