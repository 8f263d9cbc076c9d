import { err, ok, type ProviderNotification, type Result } from '@store/domain';
import type { Clock } from '../../shared/ports';
import type { NotificationRefusal, ProviderNotificationInbox, ProviderNotificationReader, SignedNotification } from './provider-notifications.ports';

export interface ReceivedNotification {
  readonly notification: ProviderNotification;
  /** False for a redelivery of a notification kept already: it changed nothing. */
  readonly stored: boolean;
}

/**
 * Takes a delivery from a provider: only a notification its signature proves the provider sent
 * is kept, once by its id, and nothing is acted on here (the worker does that). It answers once
 * the notification is durable, so the provider stops sending it only when nothing can be lost.
 */
export class ReceiveProviderNotification {
  constructor(
    private readonly reader: ProviderNotificationReader,
    private readonly inbox: ProviderNotificationInbox,
    private readonly clock: Clock,
  ) {}

  async execute(delivery: SignedNotification): Promise<Result<ReceivedNotification, NotificationRefusal>> {
    const read = await this.reader.read(delivery);
    if (!read.ok) return err(read.error);
    const stored = await this.inbox.record(read.value, this.clock.now());
    return ok({ notification: read.value, stored: stored === 'stored' });
  }
}
