import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { BASKET_REPOSITORY, GetCardCheckout, SessionService, type BasketRepository, type SavedMethodView } from '@store/application';
import { DomainError, type CardCheckoutJson, type Customer, type SavedBankAccountJson } from '@store/domain';
import { PostgresBlikAliasRepository } from '@store/infrastructure';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { assertBasketAccess } from '../basket/basket-access';
import { AppConfig } from '../config/app-config';
import { success, unwrap } from '../http/result';
import { readSessionCookie } from '../identity/session-cookie';
import { CardCheckoutQuery } from './payments.dto';
import { savedMethodJson } from './saved-methods.presenter';

/** The first usable saved method of a kind, in the list's order (the default first): what spec 2's single fields name. */
const firstUsable = <K extends SavedMethodView['details']['kind']>(methods: readonly SavedMethodView[], kinds: readonly K[]) =>
  methods.find((method) => method.state === 'usable' && (kinds as readonly string[]).includes(method.details.kind)) as
    | (SavedMethodView & { details: Extract<SavedMethodView['details'], { kind: K }> })
    | undefined;

/** Whether PayPal goes through the classic module for a basket in this currency: every currency when none are named. */
const payPalClassicFor = (currencies: readonly string[], currency: string): boolean => currencies.length === 0 || currencies.includes(currency);

/** The card gateway's set-up call (spec 2 §7): the client token and what the payment section offers. */
@ApiTags('payments')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data')
export class CardCheckoutController {
  constructor(
    private readonly cardCheckout: GetCardCheckout,
    private readonly sessions: SessionService,
    private readonly config: AppConfig,
    @Inject(BASKET_REPOSITORY) private readonly baskets: BasketRepository,
    dataSource: DataSource,
  ) {
    // Read directly: the aliases are only shown here, and their writer lives with the local payments.
    this.blikAliases = new PostgresBlikAliasRepository(dataSource);
  }

  private readonly blikAliases: PostgresBlikAliasRepository;

  private async customer(request: Request): Promise<Customer> {
    const customer = await this.sessions.customerOf(readSessionCookie(request));
    if (!customer) throw new DomainError('SESSION_EXPIRED');
    return customer;
  }

  /** GET /data/braintree-checkout/?basket_ref= : the client token and what the payment section offers. */
  @Get('braintree-checkout')
  async checkout(@Query() query: CardCheckoutQuery, @Req() request: Request) {
    const customer = await this.customer(request);
    await assertBasketAccess(this.baskets, query.basket_ref, request, customer.id);
    const setup = unwrap(await this.cardCheckout.execute(customer, query.basket_ref));
    const saved = setup.savedMethods;
    // Spec 2's single saved card, and the single saved account of each kind, are the first usable
    // one of each in the list's order; the list itself is saved_methods.
    const card = firstUsable(saved, ['card']);
    const paypal = firstUsable(saved, ['paypal']);
    const venmo = firstUsable(saved, ['venmo']);
    const json: CardCheckoutJson = {
      client_token: setup.clientToken,
      merchant_account_id: setup.merchantAccountId,
      environment: setup.settings.environment,
      existing_card_token: card?.token ?? null,
      existing_card_bin: card?.details.bin ?? null,
      existing_card: card
        ? { card_type: card.details.cardType, last4: card.details.last4, expiration_month: card.details.expirationMonth, expiration_year: card.details.expirationYear, expired: false }
        : null,
      existing_paypal_account: paypal ? { email: paypal.details.email } : null,
      saved_bank_accounts: saved
        .filter((method) => method.state === 'usable' && (method.details.kind === 'sepa' || method.details.kind === 'us-bank-account'))
        .map((method): SavedBankAccountJson => {
          const bank = method.details as Extract<SavedMethodView['details'], { kind: 'sepa' | 'us-bank-account' }>;
          return { reference: method.reference, kind: bank.kind, last4: bank.last4, mandate_reference: bank.mandateReference, bank_name: bank.bankName };
        }),
      disabled_apple_pay_countries: setup.settings.disabledApplePayCountries,
      disabled_google_pay_countries: setup.settings.disabledGooglePayCountries,
      disabled_paypal_countries: setup.settings.disabledPayPalCountries,
      google_merchant_id: setup.settings.googleMerchantId,
      three_d_secure: setup.settings.threeDSecure,
      collect_device_data: setup.settings.collectDeviceData,
      wallets: { apple_pay: setup.settings.wallets.applePay, google_pay: setup.settings.wallets.googlePay, paypal: setup.settings.wallets.payPal },
      paypal_credit: setup.settings.wallets.payPal && setup.settings.payPalCredit === true,
      local_payments: setup.settings.localPayments === true && setup.settings.wallets.payPal,
      blik_aliases: setup.settings.localPayments === true && setup.settings.wallets.payPal ? await this.blikAliases.listFor(customer.id) : [],
      bank_debits: { sepa: setup.settings.bankDebits?.sepa === true, us_bank_account: setup.settings.bankDebits?.usBankAccount === true },
      retired_networks: {
        masterpass: setup.settings.retiredNetworks?.masterpass === true,
        visa_checkout: setup.settings.retiredNetworks?.visaCheckout === true,
        unionpay: setup.settings.retiredNetworks?.unionPay === true,
      },
      payment_request: setup.settings.paymentRequest === true,
      venmo: setup.settings.venmo === true,
      // The page names it by the payer's username; its vault token stays on the server.
      existing_venmo_account: setup.settings.venmo === true && venmo ? { username: venmo.details.username } : null,
      paypal_classic: setup.settings.payPalClassic === true && payPalClassicFor(setup.settings.payPalClassicCurrencies ?? [], setup.currency),
      script_load_timeout_ms: setup.settings.scriptLoadTimeoutMs,
      saved_methods: saved.map(savedMethodJson),
      saved_card_cvv_required: this.config.BRAINTREE_SAVED_CARD_CVV,
    };
    return success(json);
  }
}
