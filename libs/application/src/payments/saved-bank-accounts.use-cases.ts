import { DomainError, err, ok, type Customer, type Result } from '@store/domain';
import type { CardGatewayPort, SavedBankAccount, SavedBankAccountRepository } from './card-gateway.ports';

/** The customer's saved bank accounts for account/details/, the newest first. */
export class ListSavedBankAccounts {
  constructor(private readonly saved: SavedBankAccountRepository) {}

  execute(customer: Customer): Promise<readonly SavedBankAccount[]> {
    return this.saved.listFor(customer.id);
  }
}

/** Removes one saved bank account from the store and from the gateway's vault (account/details/). */
export class RemoveSavedBankAccount {
  constructor(
    private readonly saved: SavedBankAccountRepository,
    private readonly gateway: CardGatewayPort | null,
  ) {}

  /**
   * False when the customer has no account by that reference (someone else's is not theirs to
   * remove). The vault copy goes first, as for a saved card: when the gateway cannot do it now,
   * nothing changes here and the shopper is told to try later (310001), never shown an account
   * half removed.
   */
  async execute(customer: Customer, reference: string): Promise<Result<boolean, DomainError>> {
    const account = await this.saved.find(customer.id, reference);
    if (!account) return ok(false);
    try {
      await this.gateway?.deletePaymentMethod(account.token);
    } catch {
      return err(new DomainError('PAYMENT_METHODS_UNAVAILABLE'));
    }
    return ok((await this.saved.remove(customer.id, reference)) !== null);
  }
}
