import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { EmailVerification, SessionService } from '@store/application';
import { DEFAULT_LOCALE } from '@store/domain';
import type { Request } from 'express';
import { unwrap } from '../http/result';
import { ConfirmEmailDto, SendEmailVerificationDto } from './email-verification.dto';
import { readSessionCookie } from './session-cookie';

const payload = <T>(data: T) => ({ success: true as const, code: 200 as const, payload: data });

/**
 * Proving the account's email address: the signed-in customer asks for a link, and the page the link
 * opens confirms it with a POST (never the GET a mail scanner may make).
 */
@ApiTags('auth')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('auth')
export class EmailVerificationController {
  constructor(
    private readonly verification: EmailVerification,
    private readonly sessions: SessionService,
  ) {}

  @Post('send-email-verification')
  @HttpCode(200)
  async send(@Body() body: SendEmailVerificationDto, @Req() request: Request) {
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    return payload(unwrap(await this.verification.send(customer, body.locale ?? DEFAULT_LOCALE.urlFriendly)));
  }

  @Post('confirm-email')
  @HttpCode(200)
  async confirm(@Body() body: ConfirmEmailDto) {
    return payload(unwrap(await this.verification.confirm(body.email, body.token)));
  }
}
