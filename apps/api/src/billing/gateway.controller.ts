import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { BASKET_REPOSITORY, DetermineGateway, SessionService, type BasketRepository } from '@store/application';
import { DomainError } from '@store/domain';
import type { Request } from 'express';
import { assertBasketAccess } from '../basket/basket-access';
import { success, unwrap } from '../http/result';
import { readSessionCookie } from '../identity/session-cookie';
import { DetermineGatewayDto } from './billing.dto';

@ApiTags('billing')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data')
export class GatewayController {
  constructor(
    private readonly determineGateway: DetermineGateway,
    private readonly sessions: SessionService,
    @Inject(BASKET_REPOSITORY) private readonly baskets: BasketRepository,
  ) {}

  /**
   * POST /data/determine-gateway/ (spec 2 §4, §7): braintree, digital-river or complimentary for the
   * customer's basket and billing address, or null when no gateway takes the order; with it, whether
   * the sales tax exemption step comes next.
   */
  @Post('determine-gateway')
  @HttpCode(200)
  async determine(@Body() body: DetermineGatewayDto, @Req() request: Request) {
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    if (!customer) throw new DomainError('SESSION_EXPIRED');
    await assertBasketAccess(this.baskets, body.basket_ref, request, customer.id);
    const decision = unwrap(await this.determineGateway.execute(customer, body.basket_ref));
    return success({ gateway: decision.gateway, show_tax_exemption: decision.showTaxExemption });
  }
}
