import { Module } from '@nestjs/common';
import {
  CLOCK,
  PROVIDER_NOTIFICATION_INBOX,
  PROVIDER_NOTIFICATION_READER,
  ReceiveProviderNotification,
  type Clock,
  type ProviderNotificationInbox,
  type ProviderNotificationReader,
} from '@store/application';
import { BraintreeNotificationReader, createBraintreeGateway } from '@store/infrastructure';
import { AppConfig } from '../../config/app-config';
import { ProviderNotificationsModule } from '../notifications/provider-notifications.module';
import { BraintreeWebhooksController } from './braintree-webhooks.controller';

/** The card gateway's reader of notifications, with the store's API keys; null when no card gateway is configured. */
function notificationReader(config: AppConfig): ProviderNotificationReader | null {
  const { BRAINTREE_ENVIRONMENT: environment, BRAINTREE_MERCHANT_ID: merchantId, BRAINTREE_PUBLIC_KEY: publicKey, BRAINTREE_PRIVATE_KEY: privateKey } = config;
  if (!environment || !merchantId || !publicKey || !privateKey) return null;
  const gatewayUrl = config.BRAINTREE_GATEWAY_URL ?? null;
  return new BraintreeNotificationReader(createBraintreeGateway({ environment, gatewayUrl, merchantId, publicKey, privateKey, timeoutMs: config.BRAINTREE_TIMEOUT_MS }));
}

/** The card gateway's webhooks: its endpoint, and its reader behind the receiving use case. */
@Module({
  imports: [ProviderNotificationsModule],
  controllers: [BraintreeWebhooksController],
  providers: [
    { provide: PROVIDER_NOTIFICATION_READER, useFactory: notificationReader, inject: [AppConfig] },
    {
      provide: ReceiveProviderNotification,
      useFactory: (reader: ProviderNotificationReader | null, inbox: ProviderNotificationInbox, clock: Clock) =>
        reader ? new ReceiveProviderNotification(reader, inbox, clock) : null,
      inject: [PROVIDER_NOTIFICATION_READER, PROVIDER_NOTIFICATION_INBOX, CLOCK],
    },
  ],
})
export class BraintreeWebhooksModule {}
