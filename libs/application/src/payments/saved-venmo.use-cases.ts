import { DomainError, err, ErrorCatalogue, ok, type Customer, type Result } from '@store/domain';
import type { CardGatewayPort, SavedVenmoAccount, SavedVenmoRepository } from './card-gateway.ports';

/** The customer's saved Venmo account for account/details/ (and whether it can still be used). */
export class GetSavedVenmoAccount {
  constructor(private readonly savedVenmo: SavedVenmoRepository) {}

  async execute(customer: Customer): Promise<(SavedVenmoAccount & { readonly unusable: boolean }) | null> {
    const saved = await this.savedVenmo.find(customer.id);
    return saved ? { ...saved, unusable: saved.lastResponseCode === ErrorCatalogue.SAVED_VENMO_INVALID.code } : null;
  }
}

/**
 * Removes the saved Venmo account from the gateway's vault, then from the store (a vault copy left
 * behind would keep the store among the payer's connected businesses in Venmo). When the gateway
 * cannot do it now, nothing changes here and the shopper is told to try later (310001).
 */
export class RemoveSavedVenmoAccount {
  constructor(
    private readonly savedVenmo: SavedVenmoRepository,
    private readonly gateway: CardGatewayPort | null,
  ) {}

  async execute(customer: Customer): Promise<Result<boolean, DomainError>> {
    const saved = await this.savedVenmo.find(customer.id);
    if (!saved) return ok(false);
    try {
      await this.gateway?.deletePaymentMethod(saved.token);
    } catch {
      return err(new DomainError('PAYMENT_METHODS_UNAVAILABLE'));
    }
    return ok((await this.savedVenmo.remove(customer.id)) !== null);
  }
}
