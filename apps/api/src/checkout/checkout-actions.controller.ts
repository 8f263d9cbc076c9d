import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { SessionService } from '@store/application';
import { CHECKOUT_ACTIONS, DomainError, type CheckoutAction, type CheckoutActionResponse } from '@store/domain';
import type { Response } from 'express';
import { BasketActions } from '../basket/basket-actions';
import { BillingActions } from '../billing/billing-actions';
import { OrderActions } from '../orders/order-actions';
import { MerchantOfRecordActions } from '../payments/merchant-of-record-actions';
import { CHECKOUT_TIMESTAMP, type TimestampedRequest } from '../http/request-context';
import { IdentityActions } from '../identity/identity-actions';
import { readSessionCookie } from '../identity/session-cookie';
import type { ActionHandler } from './checkout-action';
import { CheckoutActionForm } from './checkout-action-form.dto';

/**
 * The checkout data API (spec 2 §7): one form-encoded POST naming an action, with a timestamp and a
 * JSON body. Each context answers its own actions; each action's body is checked by its own DTO.
 */
@ApiTags('checkout')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data')
export class CheckoutActionsController {
  private readonly handlers: Partial<Record<CheckoutAction, ActionHandler>>;

  constructor(
    identity: IdentityActions,
    basket: BasketActions,
    billing: BillingActions,
    orders: OrderActions,
    merchantOfRecord: MerchantOfRecordActions,
    private readonly sessions: SessionService,
  ) {
    this.handlers = { ...identity.handlers, ...basket.handlers, ...billing.handlers, ...orders.handlers, ...merchantOfRecord.handlers };
  }

  @Post('checkout')
  @HttpCode(200)
  async dispatch(
    @Body() form: CheckoutActionForm,
    @Req() request: TimestampedRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CheckoutActionResponse<unknown>> {
    const timestamp = form.timestamp ?? '';
    request[CHECKOUT_TIMESTAMP] = timestamp;
    const handler = (CHECKOUT_ACTIONS as readonly string[]).includes(form.action) ? this.handlers[form.action as CheckoutAction] : undefined;
    if (!handler) throw new DomainError('NOT_FOUND', { message: `There is no checkout action ${form.action.slice(0, 64)}` });
    let body: unknown = {};
    if (form.body !== undefined && form.body !== '') {
      try {
        body = JSON.parse(form.body);
      } catch {
        throw new DomainError('MALFORMED_JSON');
      }
    }
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    const data = await handler(body, { request, response, customer });
    return { success: true, code: 200, data, timestamp };
  }
}
