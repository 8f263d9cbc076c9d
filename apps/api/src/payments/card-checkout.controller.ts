import { Controller, Delete, Get, HttpCode, Inject, Param, Query, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import {
  BASKET_REPOSITORY,
  GetCardCheckout,
  GetSavedCard,
  GetSavedPayPalAccount,
  GetSavedVenmoAccount,
  ListSavedBankAccounts,
  RemoveSavedBankAccount,
  RemoveSavedCard,
  RemoveSavedPayPalAccount,
  RemoveSavedVenmoAccount,
  SessionService,
  StartPayPalVault,
  type BasketRepository,
} from '@store/application';
import { DomainError, isSavedBankAccountReference, type CardCheckoutJson, type Customer, type SavedBankAccountJson, type SavedCardJson } from '@store/domain';
import { PostgresBlikAliasRepository } from '@store/infrastructure';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { assertBasketAccess } from '../basket/basket-access';
import { success, unwrap } from '../http/result';
import { readSessionCookie } from '../identity/session-cookie';
import { CardCheckoutQuery } from './payments.dto';

const savedBankAccountJson = (account: { reference: string; kind: SavedBankAccountJson['kind']; last4: string; mandateReference: string | null; bankName: string | null }): SavedBankAccountJson => ({
  reference: account.reference,
  kind: account.kind,
  last4: account.last4,
  mandate_reference: account.mandateReference,
  bank_name: account.bankName,
});

const savedCardJson = (card: { cardType: string; last4: string; expirationMonth: number; expirationYear: number; expired: boolean }): SavedCardJson => ({
  card_type: card.cardType,
  last4: card.last4,
  expiration_month: card.expirationMonth,
  expiration_year: card.expirationYear,
  expired: card.expired,
});

/** Whether PayPal goes through the classic module for a basket in this currency: every currency when none are named. */
const payPalClassicFor = (currencies: readonly string[], currency: string): boolean => currencies.length === 0 || currencies.includes(currency);

/** The card gateway's set-up call (spec 2 §7) and the saved card and PayPal account of account/details/. */
@ApiTags('payments')
@ApiHeader({ name: 'X-Requested-With', required: true, schema: { default: 'XMLHttpRequest' } })
@Controller('data')
export class CardCheckoutController {
  constructor(
    private readonly cardCheckout: GetCardCheckout,
    private readonly savedCard: GetSavedCard,
    private readonly removeSavedCard: RemoveSavedCard,
    private readonly savedPayPal: GetSavedPayPalAccount,
    private readonly removeSavedPayPal: RemoveSavedPayPalAccount,
    private readonly savedBankAccounts: ListSavedBankAccounts,
    private readonly removeSavedBankAccount: RemoveSavedBankAccount,
    private readonly payPalVault: StartPayPalVault,
    private readonly savedVenmo: GetSavedVenmoAccount,
    private readonly removeSavedVenmo: RemoveSavedVenmoAccount,
    private readonly sessions: SessionService,
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
    const card = setup.savedCard;
    const json: CardCheckoutJson = {
      client_token: setup.clientToken,
      merchant_account_id: setup.merchantAccountId,
      environment: setup.settings.environment,
      existing_card_token: card?.token ?? null,
      existing_card_bin: card?.bin ?? null,
      existing_card: card ? savedCardJson(card) : null,
      existing_paypal_account: setup.savedPayPalAccount ? { email: setup.savedPayPalAccount.email } : null,
      saved_bank_accounts: setup.savedBankAccounts.map(savedBankAccountJson),
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
      existing_venmo_account: setup.savedVenmoAccount ? { username: setup.savedVenmoAccount.username } : null,
      paypal_classic: setup.settings.payPalClassic === true && payPalClassicFor(setup.settings.payPalClassicCurrencies ?? [], setup.currency),
      script_load_timeout_ms: setup.settings.scriptLoadTimeoutMs,
    };
    return success(json);
  }

  /** The saved card, for the account details page (shown even when expired, so it can be removed). */
  @Get('account/saved-card')
  async getSavedCard(@Req() request: Request) {
    const card = await this.savedCard.execute(await this.customer(request));
    return success({ saved_card: card ? { ...savedCardJson(card), usable: !card.unusable && !card.expired } : null });
  }

  @Delete('account/saved-card')
  @HttpCode(200)
  async deleteSavedCard(@Req() request: Request) {
    const removed = unwrap(await this.removeSavedCard.execute(await this.customer(request)));
    if (!removed) throw new DomainError('NOT_FOUND', { message: 'There is no saved card in your account' });
    return success({ saved_card: null });
  }

  /**
   * The saved PayPal account, for the account details page (shown even when the gateway lost it, so
   * it can be removed), and whether the store offers adding one there (PayPal's vault flow).
   */
  @Get('account/saved-paypal')
  async getSavedPayPal(@Req() request: Request) {
    const account = await this.savedPayPal.execute(await this.customer(request));
    return success({ saved_paypal_account: account ? { email: account.email, usable: !account.unusable } : null, can_add: this.payPalVault.offered });
  }

  @Delete('account/saved-paypal')
  @HttpCode(200)
  async deleteSavedPayPal(@Req() request: Request) {
    const removed = await this.removeSavedPayPal.execute(await this.customer(request));
    if (!removed) throw new DomainError('NOT_FOUND', { message: 'There is no saved PayPal account in your account' });
    return success({ saved_paypal_account: null });
  }

  /** The saved Venmo account, for the account details page (shown even when the gateway lost it, so it can be removed). */
  @Get('account/saved-venmo')
  async getSavedVenmo(@Req() request: Request) {
    const account = await this.savedVenmo.execute(await this.customer(request));
    return success({ saved_venmo_account: account ? { username: account.username, usable: !account.unusable } : null });
  }

  @Delete('account/saved-venmo')
  @HttpCode(200)
  async deleteSavedVenmo(@Req() request: Request) {
    const removed = unwrap(await this.removeSavedVenmo.execute(await this.customer(request)));
    if (!removed) throw new DomainError('NOT_FOUND', { message: 'There is no saved Venmo account in your account' });
    return success({ saved_venmo_account: null });
  }

  /** The saved bank accounts, for the account details page. */
  @Get('account/saved-bank-accounts')
  async getSavedBankAccounts(@Req() request: Request) {
    const accounts = await this.savedBankAccounts.execute(await this.customer(request));
    return success({ saved_bank_accounts: accounts.map(savedBankAccountJson) });
  }

  /** Removes one, named by its reference; another customer's reads as not there. */
  @Delete('account/saved-bank-accounts/:reference')
  @HttpCode(200)
  async deleteSavedBankAccount(@Param('reference') reference: string, @Req() request: Request) {
    const customer = await this.customer(request);
    const removed = isSavedBankAccountReference(reference) && unwrap(await this.removeSavedBankAccount.execute(customer, reference));
    if (!removed) throw new DomainError('NOT_FOUND', { message: 'There is no such saved bank account in your account' });
    return success({ removed_reference: reference });
  }
}
