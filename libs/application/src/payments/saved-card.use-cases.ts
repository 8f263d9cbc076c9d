import { cardExpired, DomainError, err, ErrorCatalogue, ok, type Customer, type Result } from '@store/domain';
import type { Clock } from '../shared/ports';
import type { CardGatewayPort, SavedCard, SavedCardRepository, SavedPayPalAccount, SavedPayPalRepository } from './card-gateway.ports';

export interface SavedCardView extends SavedCard {
  readonly expired: boolean;
  /** The gateway said it no longer has the card: it will not be offered again. */
  readonly unusable: boolean;
}

/** The customer's saved card for account/details/ (shown even when expired, so it can be removed). */
export class GetSavedCard {
  constructor(
    private readonly savedCards: SavedCardRepository,
    private readonly clock: Clock,
  ) {}

  async execute(customer: Customer): Promise<SavedCardView | null> {
    const saved = await this.savedCards.find(customer.id);
    if (!saved) return null;
    return {
      ...saved,
      expired: cardExpired(saved.expirationMonth, saved.expirationYear, this.clock.now()),
      unusable: saved.lastResponseCode === ErrorCatalogue.SAVED_CARD_INVALID.code,
    };
  }
}

/** Removes the saved card from the store and from the gateway's vault (account/details/). */
export class RemoveSavedCard {
  constructor(
    private readonly savedCards: SavedCardRepository,
    private readonly gateway: CardGatewayPort | null,
  ) {}

  /**
   * False when there was no saved card. The vault copy goes first (a card already gone there is
   * fine): if the gateway cannot be reached or refuses, nothing changes here, and the shopper is
   * told the card could not be updated (300024) rather than shown a card that is half removed.
   */
  async execute(customer: Customer): Promise<Result<boolean, DomainError>> {
    const saved = await this.savedCards.find(customer.id);
    if (!saved) return ok(false);
    try {
      await this.gateway?.deletePaymentMethod(saved.token);
    } catch {
      return err(new DomainError('CARD_UPDATE_FAILED'));
    }
    return ok((await this.savedCards.remove(customer.id)) !== null);
  }
}

/** The customer's saved PayPal account for account/details/ (and whether it can still be used). */
export class GetSavedPayPalAccount {
  constructor(private readonly savedPayPal: SavedPayPalRepository) {}

  async execute(customer: Customer): Promise<(SavedPayPalAccount & { readonly unusable: boolean }) | null> {
    const saved = await this.savedPayPal.find(customer.id);
    return saved ? { ...saved, unusable: saved.lastResponseCode === ErrorCatalogue.SAVED_PAYPAL_INVALID.code } : null;
  }
}

/** Removes the saved PayPal account from the store and from the gateway's vault, vault copy first (as the card). */
export class RemoveSavedPayPalAccount {
  constructor(
    private readonly savedPayPal: SavedPayPalRepository,
    private readonly gateway: CardGatewayPort | null,
  ) {}

  async execute(customer: Customer): Promise<boolean> {
    const saved = await this.savedPayPal.find(customer.id);
    if (!saved) return false;
    await this.gateway?.deletePaymentMethod(saved.token);
    return (await this.savedPayPal.remove(customer.id)) !== null;
  }
}

/** The saved payment method the checkout offers first (spec 2 §3 customer.payment), as the page may show it. */
export interface CustomerPayment {
  readonly type: 'card' | 'paypal';
  /** A card's last digits; null for a PayPal account. */
  readonly last4: string | null;
  readonly expired: boolean;
}

/** The saved card, else the saved PayPal account; one the gateway no longer has is not offered, so not shown. */
export class GetCustomerPayment {
  constructor(
    private readonly savedCard: GetSavedCard,
    private readonly savedPayPal: GetSavedPayPalAccount,
  ) {}

  async execute(customer: Customer): Promise<CustomerPayment | null> {
    const card = await this.savedCard.execute(customer);
    if (card && !card.unusable) return { type: 'card', last4: card.last4, expired: card.expired };
    const paypal = await this.savedPayPal.execute(customer);
    return paypal && !paypal.unusable ? { type: 'paypal', last4: null, expired: false } : null;
  }
}
