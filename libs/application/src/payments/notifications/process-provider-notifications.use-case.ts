import { notificationRetryDelayMs } from '@store/domain';
import type { Clock } from '../../shared/ports';
import { NO_OPERATIONS_EVENTS, type OperationsEvents } from '../../shared/operations-events';
import type { ProviderNotificationHandlers } from './provider-notification-handlers';
import type { NotificationDisposition, ProviderNotificationInbox, StoredProviderNotification } from './provider-notifications.ports';

/** What one handling came to, for the log. */
export interface HandledNotification {
  readonly id: string;
  readonly kind: string;
  readonly providerKind: string;
  readonly disposition: NotificationDisposition;
}

/** The outcome of a notification no handler acts on. */
export const IGNORED = 'ignored';

/**
 * Works through the kept notifications that are due: each goes to the handler registered for its
 * kind and is marked processed with the handler's outcome, or, when the handler fails or asks to
 * wait, kept for another try after a growing delay. Notifications of one subject go in the order
 * they happened; the inbox holds each while it is handled, so no two workers handle it at once.
 */
export class ProcessProviderNotifications {
  constructor(
    private readonly inbox: ProviderNotificationInbox,
    private readonly handlers: ProviderNotificationHandlers,
    private readonly clock: Clock,
    private readonly events: OperationsEvents = NO_OPERATIONS_EVENTS,
  ) {}

  async execute(limit = 50): Promise<HandledNotification[]> {
    const handled: HandledNotification[] = [];
    for (let index = 0; index < limit; index++) {
      const next = await this.inbox.handleNextDue(this.clock.now(), (notification) => this.handle(notification));
      if (!next) break;
      const { notification, disposition } = next;
      handled.push({ id: notification.id, kind: notification.kind, providerKind: notification.providerKind, disposition });
      this.events.webhookHandled({ provider: notification.gateway, outcome: disposition.processed ? 'processed' : 'retry' });
    }
    return handled;
  }

  private async handle(notification: StoredProviderNotification): Promise<NotificationDisposition> {
    const handler = this.handlers.for(notification.kind);
    if (!handler) return { processed: true, outcome: IGNORED };
    try {
      const result = await handler.handle(notification);
      if ('outcome' in result) return { processed: true, outcome: result.outcome };
      return this.later(notification, result.retry);
    } catch (error) {
      return this.later(notification, error instanceof Error ? error.message : String(error));
    }
  }

  private later(notification: StoredProviderNotification, error: string): NotificationDisposition {
    const retryAt = new Date(this.clock.now().getTime() + notificationRetryDelayMs(notification.attempts + 1));
    return { processed: false, error: error.slice(0, 500), retryAt };
  }
}
