import { Body, Controller, HttpCode, Inject, Logger, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { CLOCK, RATE_LIMITER, type Clock, type RateLimiter } from '@store/application';
import { DomainError } from '@store/domain';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { readSessionCookie } from '../identity/session-cookie';
import { ClientErrorReportDto } from './client-error.dto';

/**
 * A page in a loop of failures could send a report per render; these bound what one browser (by its
 * session) and one address (many shoppers behind one proxy, so wider) can add to the log.
 */
export const CLIENT_ERROR_RATE_LIMITS = {
  session: { attempts: 20, windowSeconds: 10 * 60 },
  address: { attempts: 100, windowSeconds: 10 * 60 },
} as const;

/** The session id is a secret: the counters key on a short digest of it, never the id itself. */
const sessionKey = (id: string) => `client-errors:session:${createHash('sha256').update(id).digest('hex').slice(0, 24)}`;

@ApiTags('client-errors')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data')
export class ClientErrorsController {
  private readonly logger = new Logger('ClientError');

  constructor(
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * POST /data/client-errors/ (ours): the page's error boundaries report what they caught, so a
   * render error a shopper meets is in the store's logs, with the request id of the report.
   * Answers 204 with nothing to read: the page sends it and carries on.
   */
  @Post('client-errors')
  @HttpCode(204)
  async report(@Body() body: ClientErrorReportDto, @Req() request: Request): Promise<void> {
    const now = this.clock.now();
    const session = readSessionCookie(request);
    const sessionAllowed = session ? await this.limiter.attempt([sessionKey(session)], CLIENT_ERROR_RATE_LIMITS.session, now) : true;
    const addressAllowed = await this.limiter.attempt([`client-errors:address:${request.ip ?? 'unknown'}`], CLIENT_ERROR_RATE_LIMITS.address, now);
    if (!sessionAllowed || !addressAllowed) throw new DomainError('TOO_MANY_REQUESTS');
    this.logger.warn(
      {
        clientError: {
          where: body.where,
          code: body.code,
          message: body.message,
          stack: body.stack,
          userAgent: request.header('user-agent')?.slice(0, 300),
        },
      },
      'Client render error',
    );
  }
}
