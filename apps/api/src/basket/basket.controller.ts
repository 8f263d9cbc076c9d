import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { AddToBasket, BASKET_REPOSITORY, GetBasket, SessionService, type BasketRepository, type BasketViewer } from '@store/application';
import { DomainError, findLocale } from '@store/domain';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
import { success, unwrap } from '../http/result';
import { readSessionCookie } from '../identity/session-cookie';
import { AddBasketLineDto, BasketReferenceDto, BasketReferenceParams } from './basket.dto';
import { assertBasketAccess } from './basket-access';
import { readBasketCookie, writeBasketCookie } from './basket-cookie';
import { basketJson } from './basket.presenter';

@ApiTags('basket')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data')
export class BasketController {
  constructor(
    private readonly addToBasket: AddToBasket,
    private readonly getBasket: GetBasket,
    private readonly sessions: SessionService,
    @Inject(BASKET_REPOSITORY) private readonly baskets: BasketRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private async viewer(request: Request): Promise<BasketViewer | null> {
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    return customer ? { id: customer.id, email: customer.email, emailVerified: customer.emailVerified } : null;
  }

  @Get('baskets/:reference')
  async basket(@Param() params: BasketReferenceParams, @Req() request: Request) {
    const viewer = await this.viewer(request);
    await assertBasketAccess(this.baskets, params.reference, request, viewer?.id ?? null);
    return success(basketJson(unwrap(await this.getBasket.execute(params.reference, viewer))));
  }

  /** Adds a product to the shopper's basket, starting one (and its cookie) if needed. */
  @Post('basket/lines')
  @HttpCode(200)
  async addLine(@Body() body: AddBasketLineDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const locale = findLocale(body.locale ?? 'en-gb');
    const read = unwrap(
      await this.addToBasket.execute({
        basketReference: readBasketCookie(request),
        countryAccount: locale?.countryAccount ?? 'GB',
        suiteReference: body.product_suite_reference,
        choice: body.choice,
        viewer: await this.viewer(request),
      }),
    );
    writeBasketCookie(response, read.view.basket.reference, this.config.COOKIE_SECURE);
    return success(basketJson(read));
  }

  /**
   * Makes one of the signed-in customer's own baskets the primary one (spec 1 §4: a single
   * candidate basket becomes primary). Another customer's or an anonymous basket is refused.
   */
  @Post('basket/primary')
  @HttpCode(200)
  async makePrimary(@Body() body: BasketReferenceDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const viewer = await this.viewer(request);
    if (!viewer) throw new DomainError('SESSION_EXPIRED');
    const basket = await this.baskets.find(body.reference);
    if (!basket || basket.customerId !== viewer.id) throw new DomainError('BASKET_NOT_FOUND');
    const read = unwrap(await this.getBasket.execute(body.reference, viewer));
    writeBasketCookie(response, body.reference, this.config.COOKIE_SECURE);
    return success(basketJson(read));
  }
}
