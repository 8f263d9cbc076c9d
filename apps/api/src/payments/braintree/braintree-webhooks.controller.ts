import { Body, Controller, HttpCode, Inject, Logger, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CLOCK, OPERATIONS_EVENTS, RATE_LIMITER, ReceiveProviderNotification, type Clock, type OperationsEvents, type RateLimiter } from '@store/application';
import { DomainError } from '@store/domain';
import type { Request } from 'express';
import { CalledByProvider } from '../../http/requested-with.guard';
import { success } from '../../http/result';
import { BraintreeWebhookDto } from './braintree-webhook.dto';

/**
 * The provider sends from a few addresses and retries whatever is not answered 2xx, so a limit per
 * address costs it nothing but a delay; it bounds what anyone else can make the store verify.
 */
export const WEBHOOK_RATE_LIMIT = { attempts: 300, windowSeconds: 60 } as const;

@ApiTags('webhooks')
@CalledByProvider()
@Controller('webhooks')
export class BraintreeWebhooksController {
  private readonly logger = new Logger('ProviderNotifications');

  constructor(
    @Inject(ReceiveProviderNotification) private readonly receiver: ReceiveProviderNotification | null,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(OPERATIONS_EVENTS) private readonly events: OperationsEvents,
  ) {}

  /**
   * POST /webhooks/braintree/ (ours): the card gateway's signed notifications. Answered 200 only
   * once the notification is kept (a redelivery too, changing nothing), so the provider stops
   * sending it only when it cannot be lost; the database away is a 503 and the provider retries.
   * Handling comes later, from the kept row.
   */
  @Post('braintree')
  @HttpCode(200)
  async notify(@Body() body: BraintreeWebhookDto, @Req() request: Request) {
    const address = request.ip ?? 'unknown';
    if (!(await this.limiter.attempt([`webhooks:address:${address}`], WEBHOOK_RATE_LIMIT, this.clock.now()))) {
      this.events.webhookReceived({ provider: 'braintree', outcome: 'rate-limited' });
      throw new DomainError('TOO_MANY_REQUESTS');
    }
    // No card gateway configured: there is no one whose notifications the store could check.
    if (!this.receiver) throw new DomainError('NOT_FOUND');
    const received = await this.receiver.execute({ signature: body.bt_signature ?? '', payload: body.bt_payload ?? '' });
    if (!received.ok) {
      this.logger.warn({ code: received.error.code, reason: received.error.reason, address }, 'Provider notification refused');
      // The refusal's catalogued name (unsigned, bad signature, malformed): a handful of values.
      this.events.webhookReceived({ provider: 'braintree', outcome: received.error.code });
      throw new DomainError(received.error.code);
    }
    const { notification, stored } = received.value;
    this.events.webhookReceived({ provider: 'braintree', outcome: stored ? 'stored' : 'duplicate' });
    this.logger.log({ notification: notification.id, kind: notification.kind, providerKind: notification.providerKind, duplicate: !stored }, 'Provider notification received');
    return success({ id: notification.id, duplicate: !stored });
  }
}
