import { CARD_GATEWAY, cardExpired, DomainError, err, ErrorCatalogue, offersSavedCard, ok, type Customer, type Result } from '@store/domain';
import type { BasketReader } from '../basket/basket-reader';
import type { BasketRepository } from '../basket/basket.ports';
import type { PaymentStateRepository } from '../billing/payment-state.ports';
import type { Clock } from '../shared/ports';
import type {
  CardGatewayPort,
  CardGatewaySettings,
  SavedBankAccount,
  SavedBankAccountRepository,
  SavedCard,
  SavedCardRepository,
  SavedPayPalAccount,
  SavedPayPalRepository,
  SavedVenmoAccount,
  SavedVenmoRepository,
} from './card-gateway.ports';

export interface CardCheckout {
  readonly clientToken: string;
  /** The merchant account the client token was made for; null for the gateway's default account. */
  readonly merchantAccountId: string | null;
  /** The basket's currency, which the token's merchant account charges. */
  readonly currency: string;
  /** The saved card, only when it may be offered (spec 2 §6). */
  readonly savedCard: (SavedCard & { readonly expired: boolean }) | null;
  /** The saved PayPal account, only when the gateway still has it. */
  readonly savedPayPalAccount: SavedPayPalAccount | null;
  /** The saved bank accounts (recurring SEPA mandates, verified ACH accounts); the page offers the one that fits. */
  readonly savedBankAccounts: readonly SavedBankAccount[];
  /** The saved Venmo account, only while Venmo is switched on and the gateway still has it. */
  readonly savedVenmoAccount?: SavedVenmoAccount | null;
  readonly settings: CardGatewaySettings;
}

/**
 * Sets up the card gateway for a basket (spec 2 §4 'Setup payment', §7 braintree-checkout): the
 * saved card and PayPal account, checked with the gateway first (they may have been updated or
 * removed there), and a client token that reaches the customer's vault when they have one.
 */
export class GetCardCheckout {
  constructor(
    private readonly baskets: BasketRepository,
    private readonly reader: BasketReader,
    private readonly paymentStates: PaymentStateRepository,
    private readonly gateway: CardGatewayPort,
    private readonly savedCards: SavedCardRepository,
    private readonly savedPayPal: SavedPayPalRepository,
    private readonly settings: CardGatewaySettings,
    private readonly clock: Clock,
    private readonly savedBankAccounts: SavedBankAccountRepository | null = null,
    private readonly savedVenmo: SavedVenmoRepository | null = null,
  ) {}

  async execute(customer: Customer, basketReference: string): Promise<Result<CardCheckout, DomainError>> {
    const basket = await this.baskets.find(basketReference);
    if (!basket || basket.customerId !== customer.id) return err(new DomainError('BASKET_NOT_FOUND'));
    // Only a basket whose billing chose the card gateway gets a token: the choice belongs to this version.
    if ((await this.paymentStates.gatewayOf(basketReference)) !== CARD_GATEWAY.key) return err(new DomainError('PAYMENT_METHODS_UNAVAILABLE'));
    const read = await this.reader.read(basket, { id: customer.id, email: customer.email, emailVerified: customer.emailVerified });
    if (!read.ok) return read;

    const saved = await this.refreshedSavedCard(customer.id);
    const paypal = this.settings.wallets.payPal ? await this.refreshedPayPalAccount(customer.id) : null;
    const bankDebitsOn = this.settings.bankDebits?.sepa === true || this.settings.bankDebits?.usBankAccount === true;
    const venmo = this.settings.venmo === true ? await this.refreshedVenmoAccount(customer.id) : null;
    const savedBankAccounts = bankDebitsOn ? ((await this.savedBankAccounts?.listFor(customer.id)) ?? []) : [];
    try {
      const clientToken = await this.gateway.clientToken({
        vaultCustomerId: saved?.vaultCustomerId ?? paypal?.vaultCustomerId ?? venmo?.vaultCustomerId ?? null,
        currency: read.value.view.countryAccount.currency,
      });
      const expired = saved ? cardExpired(saved.expirationMonth, saved.expirationYear, this.clock.now()) : false;
      const offered = saved !== null && offersSavedCard({ savedCard: { token: saved.token, expired }, lastResponseCode: saved.lastResponseCode });
      const merchantAccountId = this.settings.merchantAccounts?.[read.value.view.countryAccount.currency] ?? null;
      return ok({
        clientToken,
        merchantAccountId,
        currency: read.value.view.countryAccount.currency,
        savedCard: offered && saved ? { ...saved, expired } : null,
        savedPayPalAccount: paypal,
        savedBankAccounts,
        // Named only where Venmo is switched on, as the page reads it.
        ...(this.settings.venmo === true ? { savedVenmoAccount: venmo } : {}),
        settings: this.settings,
      });
    } catch {
      return err(new DomainError('PAYMENT_METHODS_UNAVAILABLE'));
    }
  }

  /** The saved card as the gateway knows it now; one the gateway no longer has is marked so. */
  private async refreshedSavedCard(customerId: string): Promise<SavedCard | null> {
    const saved = await this.savedCards.find(customerId);
    if (!saved || saved.lastResponseCode === ErrorCatalogue.SAVED_CARD_INVALID.code) return saved;
    let current;
    try {
      current = await this.gateway.findCard(saved.token);
    } catch {
      // The gateway did not answer: what we know is the best there is; paying will tell.
      return saved;
    }
    if (current === null) {
      await this.savedCards.update(customerId, saved.token, { lastResponseCode: ErrorCatalogue.SAVED_CARD_INVALID.code });
      return { ...saved, lastResponseCode: ErrorCatalogue.SAVED_CARD_INVALID.code };
    }
    if (current.expirationMonth !== saved.expirationMonth || current.expirationYear !== saved.expirationYear) {
      await this.savedCards.update(customerId, saved.token, { card: current });
    }
    return { ...saved, ...current };
  }

  /** The saved PayPal account while the gateway has it; one it no longer has is marked and not offered. */
  private async refreshedPayPalAccount(customerId: string): Promise<SavedPayPalAccount | null> {
    const saved = await this.savedPayPal.find(customerId);
    if (!saved || saved.lastResponseCode === ErrorCatalogue.SAVED_PAYPAL_INVALID.code) return null;
    try {
      if ((await this.gateway.findPayPalAccount(saved.token)) !== null) return saved;
    } catch {
      return saved;
    }
    await this.savedPayPal.update(customerId, saved.token, { lastResponseCode: ErrorCatalogue.SAVED_PAYPAL_INVALID.code });
    return null;
  }

  /** The saved Venmo account while the gateway has it; one it no longer has (removed, or disconnected in Venmo) is marked and not offered. */
  private async refreshedVenmoAccount(customerId: string): Promise<SavedVenmoAccount | null> {
    const saved = (await this.savedVenmo?.find(customerId)) ?? null;
    if (!saved || saved.lastResponseCode === ErrorCatalogue.SAVED_VENMO_INVALID.code) return null;
    try {
      if ((await this.gateway.findVenmoAccount(saved.token)) !== null) return saved;
    } catch {
      return saved;
    }
    await this.savedVenmo?.update(customerId, saved.token, { lastResponseCode: ErrorCatalogue.SAVED_VENMO_INVALID.code });
    return null;
  }
}
