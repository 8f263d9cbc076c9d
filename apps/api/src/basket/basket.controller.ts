import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { AddToBasket, GetBasket } from '@store/application';
import { findLocale } from '@store/domain';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
import { success, unwrap } from '../http/result';
import { AddBasketLineDto, BasketReferenceParams } from './basket.dto';
import { readBasketCookie, writeBasketCookie } from './basket-cookie';
import { basketJson } from './basket.presenter';

@ApiTags('basket')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data')
export class BasketController {
  constructor(
    private readonly addToBasket: AddToBasket,
    private readonly getBasket: GetBasket,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Get('baskets/:reference')
  async basket(@Param() params: BasketReferenceParams) {
    return success(basketJson(unwrap(await this.getBasket.execute(params.reference))));
  }

  /** Adds a product to the shopper's basket, starting one (and its cookie) if needed. */
  @Post('basket/lines')
  @HttpCode(200)
  async addLine(@Body() body: AddBasketLineDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const locale = findLocale(body.locale ?? 'en-gb');
    const view = unwrap(
      await this.addToBasket.execute({
        basketReference: readBasketCookie(request),
        countryAccount: locale?.countryAccount ?? 'GB',
        suiteReference: body.product_suite_reference,
        choice: body.choice,
      }),
    );
    writeBasketCookie(response, view.basket.reference, this.config.COOKIE_SECURE);
    return success(basketJson(view));
  }
}
