import { Inject, Injectable } from '@nestjs/common';
import {
  BASKET_REPOSITORY,
  ClaimBasketOnSignIn,
  CreateCustomer,
  ExistenceLookupThrottle,
  CUSTOMER_REPOSITORY,
  GetBasket,
  PreregisterEmail,
  SessionService,
  UpdateCustomerCategory,
  type BasketRepository,
  type CustomerRepository,
} from '@store/application';
import { DomainError, normaliseEmail } from '@store/domain';
import { assertBasketAccess } from '../basket/basket-access';
import { clearBasketCookie } from '../basket/basket-cookie';
import { basketJson } from '../basket/basket.presenter';
import type { ActionContext, ActionHandler, CheckoutActionHandlers } from '../checkout/checkout-action';
import { AppConfig } from '../config/app-config';
import { unwrap } from '../http/result';
import { validateEmptyPayload, validatePayload } from '../http/validation';
import { ContactPreferencesPayload, CreateCustomerPayload, EmailPayload, UpdateCustomerCategoryPayload } from './identity-actions.dto';
import { contactPreferencesJson, customerJson } from './identity.presenter';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './session-cookie';

/** The identity actions of the checkout data API (spec 2 §7). */
@Injectable()
export class IdentityActions implements CheckoutActionHandlers {
  readonly handlers: Partial<Record<string, ActionHandler>> = {
    CREATE_CUSTOMER: (body, context) => this.createCustomer(validatePayload(CreateCustomerPayload, body), context),
    PREREGISTER_EMAIL: (body, context) => this.preregisterEmail(validatePayload(EmailPayload, body), context),
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
      clearBasketCookie(context.response, this.config.COOKIE_SECURE);
      return { customer: null };
    },
  };

  constructor(
    private readonly create: CreateCustomer,
    private readonly preregister: PreregisterEmail,
    private readonly existence: ExistenceLookupThrottle,
    private readonly sessions: SessionService,
    private readonly getBasket: GetBasket,
    private readonly updateCustomerCategory: UpdateCustomerCategory,
    private readonly claimBasket: ClaimBasketOnSignIn,
    @Inject(CUSTOMER_REPOSITORY) private readonly customers: CustomerRepository,
    @Inject(BASKET_REPOSITORY) private readonly baskets: BasketRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private async createCustomer(payload: CreateCustomerPayload, context: ActionContext) {
    // Checked before the account exists: a basket named here is read, then claimed for the new account.
    if (payload.basketReference) await assertBasketAccess(this.baskets, payload.basketReference, context.request, context.customer?.id ?? null);
    const basket = payload.basketReference ? await this.getBasket.execute(payload.basketReference) : null;
    const attempt = await this.create.execute({
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
      basketHasMultiUserProduct: Boolean(basket?.ok && basket.value.view.lines.some((line) => line.suite.isMultiUser)),
    });
    // Refusing a taken email tells that an account exists, so those answers draw on the same
    // allowance as PREREGISTER_EMAIL; creating an account reveals nothing a second probe could use.
    if (!attempt.ok && attempt.error.errorName === 'ACCOUNT_EXISTS' && !(await this.existence.allow(payload.email, context.request.ip ?? 'unknown'))) {
      throw new DomainError('TOO_MANY_REQUESTS');
    }
    const created = unwrap(attempt);
    writeSessionCookie(context.response, created.session.id, created.session.expiresAt, this.config.COOKIE_SECURE);
    await this.claimBasket.execute(payload.basketReference ?? null, created.customer.id);
    return { customer: customerJson(created.customer), basket: basket?.ok ? basketJson(basket.value) : null };
  }

  private async preregisterEmail(payload: EmailPayload, context: ActionContext) {
    return unwrap(await this.preregister.execute(payload.email, context.request.ip ?? 'unknown'));
  }

  private async updateCategory(payload: UpdateCustomerCategoryPayload, context: ActionContext) {
    if (payload.basketReference) await assertBasketAccess(this.baskets, payload.basketReference, context.request, context.customer?.id ?? null);
    const basket = payload.basketReference ? await this.getBasket.execute(payload.basketReference) : null;
    const customer = unwrap(
      await this.updateCustomerCategory.execute(context.customer, {
        accountName: payload.accountName ?? null,
        customerCategory: payload.customerCategory,
        basketHasMultiUserProduct: Boolean(basket?.ok && basket.value.view.lines.some((line) => line.suite.isMultiUser)),
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
