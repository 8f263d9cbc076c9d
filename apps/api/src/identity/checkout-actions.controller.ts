import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { CreateCustomer, GetBasket, PreregisterEmail, SessionService } from '@store/application';
import { CHECKOUT_ACTIONS, DomainError, type CheckoutAction, type CheckoutActionResponse, type Customer } from '@store/domain';
import type { Request, Response } from 'express';
import { basketJson } from '../basket/basket.presenter';
import { AppConfig } from '../config/app-config';
import { CHECKOUT_TIMESTAMP, type TimestampedRequest } from '../http/request-context';
import { unwrap } from '../http/result';
import { validatePayload } from '../http/validation';
import { CheckoutActionForm, CreateCustomerPayload, EmailPayload } from './checkout-action.dto';
import { customerJson } from './identity.presenter';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './session-cookie';

interface ActionContext {
  readonly request: Request;
  readonly response: Response;
  readonly customer: Customer | null;
}

/**
 * The checkout data API (spec 2 §7): one form-encoded POST naming an action, with a timestamp and a
 * JSON body. Each action's body is checked by its own DTO, built on the domain's rules.
 */
@ApiTags('checkout')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data')
export class CheckoutActionsController {
  private readonly handlers: Partial<Record<CheckoutAction, (body: unknown, context: ActionContext) => Promise<unknown>>> = {
    CREATE_CUSTOMER: (body, context) => this.createCustomer(validatePayload(CreateCustomerPayload, body), context),
    PREREGISTER_EMAIL: (body) => this.preregisterEmail(validatePayload(EmailPayload, body)),
    UNREGISTER_EMAIL: async (body) => {
      await this.preregister.release(validatePayload(EmailPayload, body).email);
      return {};
    },
    SIGN_OUT: async (_body, context) => {
      await this.sessions.end(readSessionCookie(context.request));
      clearSessionCookie(context.response, this.config.COOKIE_SECURE);
      return { customer: null };
    },
  };

  constructor(
    private readonly create: CreateCustomer,
    private readonly preregister: PreregisterEmail,
    private readonly sessions: SessionService,
    private readonly getBasket: GetBasket,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

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

  private async createCustomer(payload: CreateCustomerPayload, context: ActionContext) {
    const basket = payload.basketReference ? await this.getBasket.execute(payload.basketReference) : null;
    const created = unwrap(
      await this.create.execute({
        email: payload.email,
        firstName: payload.firstName,
        lastName: payload.lastName,
        password: payload.password,
        country: payload.country,
        marketingSignUp: payload.marketingSignUp,
        accountName: payload.accountName ?? null,
        customerCategory: payload.customerCategory,
        termsAndConditions: payload.termsAndConditions,
        signedIn: context.customer !== null,
        basketHasMultiUserProduct: Boolean(basket?.ok && basket.value.lines.some((line) => line.suite.isMultiUser)),
      }),
    );
    writeSessionCookie(context.response, created.session.id, created.session.expiresAt, this.config.COOKIE_SECURE);
    return { customer: customerJson(created.customer), basket: basket?.ok ? basketJson(basket.value) : null };
  }

  private async preregisterEmail(payload: EmailPayload) {
    return unwrap(await this.preregister.execute(payload.email));
  }
}
