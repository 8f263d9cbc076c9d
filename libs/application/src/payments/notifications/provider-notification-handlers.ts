import type { ProviderNotificationKind } from '@store/domain';
import type { ProviderNotificationHandler } from './provider-notifications.ports';

/**
 * The handlers of the providers' notifications, one per kind: a feature that acts on a kind
 * registers its handler here once, when its module starts. A second handler for the same kind is
 * refused, so two features can never both act on one notification.
 */
export class ProviderNotificationHandlers {
  private readonly byKind = new Map<ProviderNotificationKind, ProviderNotificationHandler>();

  register(kind: ProviderNotificationKind, handler: ProviderNotificationHandler): void {
    if (kind === 'other') throw new Error('Notifications of kinds the store does not know are only kept');
    if (this.byKind.has(kind)) throw new Error(`A handler for ${kind} notifications is registered already`);
    this.byKind.set(kind, handler);
  }

  /** Takes a handler away (a test's, at its end). */
  unregister(kind: ProviderNotificationKind, handler: ProviderNotificationHandler): void {
    if (this.byKind.get(kind) === handler) this.byKind.delete(kind);
  }

  for(kind: ProviderNotificationKind): ProviderNotificationHandler | null {
    return this.byKind.get(kind) ?? null;
  }
}

/** The provider's test ping: nothing to do but to have received it (the worker logs it). */
export const checkNotificationHandler: ProviderNotificationHandler = {
  handle: () => Promise.resolve({ outcome: 'ok' }),
};
