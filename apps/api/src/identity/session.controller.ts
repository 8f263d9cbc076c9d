import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { ClaimBasketOnSignIn, OpenSession, ReadSession, SessionService } from '@store/application';
import { SIGNED_OUT_ADMINISTRATOR, type SessionJson } from '@store/domain';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
import { success, unwrap } from '../http/result';
import { OpenSessionDto } from './auth.dto';
import { clearBasketCookie, readBasketCookie } from '../basket/basket-cookie';
import { SessionQuery } from '../basket/basket.dto';
import { basketJson } from '../basket/basket.presenter';
import { contactPreferencesJson, customerJson } from './identity.presenter';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './session-cookie';

@ApiTags('session')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data/session')
export class SessionController {
  constructor(
    private readonly sessions: SessionService,
    private readonly readSession: ReadSession,
    private readonly openSession: OpenSession,
    private readonly claimBasket: ClaimBasketOnSignIn,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The checkout session (spec 2 §7): the signed-in customer, the basket and contact preferences. */
  @Get()
  async session(@Query() query: SessionQuery, @Req() request: Request) {
    const { account, basket, paymentGateway, customerCategories, features } = unwrap(
      await this.readSession.execute({
        session: readSessionCookie(request),
        namedBasket: query.basket_ref ?? null,
        cookieBasket: readBasketCookie(request),
      }),
    );
    const data: SessionJson = {
      customer: account ? customerJson(account.customer, account.billing, account.shipping, account.payment) : null,
      basket: basket ? basketJson(basket) : null,
      candidate_baskets: account?.candidateBaskets ?? [],
      contact_preferences: account?.contactPreferences ? contactPreferencesJson(account.contactPreferences) : null,
      payment_gateway: paymentGateway,
      customer_categories: { business_categories: customerCategories.business, education_categories: customerCategories.education },
      password_min_length: this.config.PASSWORD_MIN_LENGTH,
      administrator: SIGNED_OUT_ADMINISTRATOR,
      features,
      debug_mode: this.config.DEBUG_MODE,
    };
    return success(data);
  }

  /** Exchanges a sign-in token for a session cookie (a new session id), ending the previous session. */
  @Post()
  @HttpCode(200)
  async open(@Body() body: OpenSessionDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const opened = unwrap(await this.openSession.execute(body.token, body.redirect_to ?? null));
    await this.sessions.end(readSessionCookie(request));
    await this.claimBasket.execute(readBasketCookie(request), opened.customerId);
    writeSessionCookie(response, opened.session.id, opened.session.expiresAt, this.config.COOKIE_SECURE);
    return success({ redirect_to: opened.redirectTo });
  }

  @Delete()
  @HttpCode(200)
  async close(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    await this.sessions.end(readSessionCookie(request));
    clearSessionCookie(response, this.config.COOKIE_SECURE);
    clearBasketCookie(response, this.config.COOKIE_SECURE);
    return success({ customer: null });
  }
}
