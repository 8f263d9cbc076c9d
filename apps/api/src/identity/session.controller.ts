import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import {
  BILLING_REPOSITORY,
  PAYMENT_STATE_REPOSITORY,
  SHIPPING_ADDRESS_REPOSITORY,
  type BillingRepository,
  type PaymentStateRepository,
  type ShippingAddressRepository,
  BASKET_REPOSITORY,
  CARD_GATEWAY,
  CARD_GATEWAY_SETTINGS,
  GetCustomerPayment,
  type CardGatewayPort,
  type CardGatewaySettings,
  CUSTOMER_CATEGORY_REPOSITORY,
  CUSTOMER_REPOSITORY,
  GetBasket,
  OpenSession,
  SessionService,
  type BasketRepository,
  type CustomerCategoryRepository,
  type CustomerRepository,
} from '@store/application';
import { enabledFeatures, SIGNED_OUT_ADMINISTRATOR, type BasketJson, type SessionJson } from '@store/domain';
import type { Request, Response } from 'express';
import { AppConfig } from '../config/app-config';
import { unwrap } from '../http/result';
import { OpenSessionDto } from './auth.dto';
import { assertBasketAccess } from '../basket/basket-access';
import { clearBasketCookie, readBasketCookie } from '../basket/basket-cookie';
import { SessionQuery } from '../basket/basket.dto';
import { basketJson } from '../basket/basket.presenter';
import { success } from '../http/result';
import { contactPreferencesJson, customerJson } from './identity.presenter';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './session-cookie';

@ApiTags('session')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data/session')
export class SessionController {
  constructor(
    private readonly sessions: SessionService,
    private readonly getBasket: GetBasket,
    private readonly openSession: OpenSession,
    @Inject(BASKET_REPOSITORY) private readonly baskets: BasketRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(CUSTOMER_REPOSITORY) private readonly customers: CustomerRepository,
    @Inject(CUSTOMER_CATEGORY_REPOSITORY) private readonly categories: CustomerCategoryRepository,
    @Inject(BILLING_REPOSITORY) private readonly billing: BillingRepository,
    @Inject(SHIPPING_ADDRESS_REPOSITORY) private readonly shipping: ShippingAddressRepository,
    @Inject(PAYMENT_STATE_REPOSITORY) private readonly paymentStates: PaymentStateRepository,
    private readonly customerPayment: GetCustomerPayment,
    @Inject(CARD_GATEWAY) private readonly cardGateway: CardGatewayPort | null,
    @Inject(CARD_GATEWAY_SETTINGS) private readonly cardSettings: CardGatewaySettings,
  ) {}

  /** The checkout session (spec 2 §7): the signed-in customer, the basket and contact preferences. */
  @Get()
  async session(@Query() query: SessionQuery, @Req() request: Request) {
    const reference = query.basket_ref ?? readBasketCookie(request);
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    const viewer = customer ? { id: customer.id, email: customer.email, emailVerified: customer.emailVerified } : null;
    let basket: BasketJson | null = null;
    if (query.basket_ref) await assertBasketAccess(this.baskets, query.basket_ref, request, customer?.id ?? null);
    if (reference) {
      const result = await this.getBasket.execute(reference, viewer);
      if (result.ok) basket = basketJson(result.value);
      else if (query.basket_ref) throw result.error;
    }
    const preferences = customer ? await this.customers.contactPreferences(customer.id) : null;
    const categories = await this.categories.list();
    const data: SessionJson = {
      customer: customer
        ? customerJson(customer, await this.billing.find(customer.id), await this.shipping.find(customer.id), await this.customerPayment.execute(customer))
        : null,
      basket,
      candidate_baskets: customer ? await this.baskets.candidatesFor(customer.id, basket?.reference ?? null) : [],
      contact_preferences: preferences ? contactPreferencesJson(preferences) : null,
      payment_gateway: basket ? await this.paymentStates.gatewayOf(basket.reference) : null,
      customer_categories: { business_categories: categories.business, education_categories: categories.education },
      password_min_length: this.config.PASSWORD_MIN_LENGTH,
      administrator: SIGNED_OUT_ADMINISTRATOR,
      features: enabledFeatures({
        cardGateway: this.cardGateway !== null,
        applePay: this.cardSettings.wallets.applePay,
        googlePay: this.cardSettings.wallets.googlePay,
        payPal: this.cardSettings.wallets.payPal,
        deviceData: this.cardSettings.collectDeviceData,
      }),
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
    const basketReference = readBasketCookie(request);
    if (basketReference) await this.baskets.claim(basketReference, opened.customerId);
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
