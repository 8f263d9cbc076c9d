import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import {
  CreateCustomer,
  CUSTOMER_REPOSITORY,
  GetBasket,
  PreregisterEmail,
  SessionService,
  UpdateCustomerCategory,
  type CustomerRepository,
} from '@store/application';
import { CHECKOUT_ACTIONS, DomainError, normaliseEmail, type CheckoutAction, type CheckoutActionResponse, type Customer } from '@store/domain';
import type { Request, Response } from 'express';
import { basketJson } from '../basket/basket.presenter';
import { AppConfig } from '../config/app-config';
import { CHECKOUT_TIMESTAMP, type TimestampedRequest } from '../http/request-context';
import { unwrap } from '../http/result';
import { validateEmptyPayload, validatePayload } from '../http/validation';
import {
  CheckoutActionForm,
  ContactPreferencesPayload,
  CreateCustomerPayload,
  EmailPayload,
  UpdateCustomerCategoryPayload,
} from './checkout-action.dto';
import { contactPreferencesJson, customerJson } from './identity.presenter';
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
    CHECKOUT_UPDATE_CUSTOMER_CATEGORY: (body, context) => this.updateCategory(validatePayload(UpdateCustomerCategoryPayload, body), context),
    VALIDATE_EMAIL: (body, context) => this.validateEmail(validatePayload(EmailPayload, body), context),
    OPT_IN_ALL: (body) => this.setMarketing(validatePayload(ContactPreferencesPayload, body), true),
    OPT_OUT_ALL: (body) => this.setMarketing(validatePayload(ContactPreferencesPayload, body), false),
    SIGN_OUT: async (body, context) => {
      validateEmptyPayload(body);
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
    private readonly updateCustomerCategory: UpdateCustomerCategory,
    @Inject(CUSTOMER_REPOSITORY) private readonly customers: CustomerRepository,
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

  private async updateCategory(payload: UpdateCustomerCategoryPayload, context: ActionContext) {
    const basket = payload.basketReference ? await this.getBasket.execute(payload.basketReference) : null;
    const customer = unwrap(
      await this.updateCustomerCategory.execute(context.customer, {
        accountName: payload.accountName ?? null,
        customerCategory: payload.customerCategory,
        basketHasMultiUserProduct: Boolean(basket?.ok && basket.value.lines.some((line) => line.suite.isMultiUser)),
      }),
    );
    return { customer: customerJson(customer) };
  }

  /** Checks an email; a signed-in customer asking about their own gets their contact preferences. */
  private async validateEmail(payload: EmailPayload, context: ActionContext) {
    const own = context.customer && normaliseEmail(context.customer.email) === normaliseEmail(payload.email);
    const preferences = own && context.customer ? await this.customers.contactPreferences(context.customer.id) : null;
    return { email: payload.email.trim(), contact_preferences: preferences ? contactPreferencesJson(preferences) : null };
  }

  /** OPT_IN_ALL / OPT_OUT_ALL: the hash (from the session or an email's link) names the preferences. */
  private async setMarketing(payload: ContactPreferencesPayload, optIn: boolean) {
    if (!(await this.customers.setMarketingOptInByHash(payload.hash, optIn))) {
      throw new DomainError('NOT_FOUND', { message: 'These contact preferences no longer exist' });
    }
    return { marketing_opt_in: optIn };
  }
}
