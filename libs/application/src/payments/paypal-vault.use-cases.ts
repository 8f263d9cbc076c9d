import { DomainError, err, ok, type Customer, type Result } from '@store/domain';
import type { CardGatewayPort, CardGatewaySettings, SavedCardRepository, SavedPayPalAccount, SavedPayPalRepository, VaultedPayPalAccount } from './card-gateway.ports';

/** The card gateway's vault taking a PayPal account the payer approved with PayPal's vault flow (spec 3). */
export interface PayPalVaultPort {
  /**
   * Vaults the nonce under the payer's customer record (made first when they have none). Null when
   * the gateway refuses it (a nonce used before, unknown, or not a PayPal account's).
   */
  vaultPayPalAccount(
    nonce: string,
    payer: { readonly vaultCustomerId: string | null; readonly email: string; readonly firstName: string; readonly lastName: string },
  ): Promise<{ readonly vaultCustomerId: string; readonly account: VaultedPayPalAccount } | null>;
}

/** The card gateway as the account page needs it: a client token, and the vault when the adapter has one. */
type Gateway = CardGatewayPort & Partial<PayPalVaultPort>;

/** Saving PayPal is switched off here (no PayPal, or no gateway that vaults it): nothing to reach, not an outage. */
const notOffered = () => err(new DomainError('NOT_FOUND', { message: 'Saving a PayPal account is not offered in this store.' }));

/** What the account page needs to run PayPal's vault flow: a client token with no vault customer. */
export interface PayPalVaultSetUp {
  readonly clientToken: string;
  readonly environment: CardGatewaySettings['environment'];
}

/**
 * 'Add a PayPal account' in account/details/: a client token for braintree-web's PayPal module. It
 * names no vault customer, so braintree-web never vaults the account by itself: the store does,
 * through SavePayPalAccount, and keeps it as the customer's one saved PayPal account.
 */
export class StartPayPalVault {
  constructor(
    private readonly gateway: Gateway | null,
    private readonly settings: CardGatewaySettings | null,
  ) {}

  /** Whether this store offers it at all (PayPal on, and a gateway that vaults PayPal accounts). */
  get offered(): boolean {
    return Boolean(this.gateway?.vaultPayPalAccount && this.settings?.wallets.payPal);
  }

  async execute(): Promise<Result<PayPalVaultSetUp, DomainError>> {
    const { gateway, settings } = this;
    if (!this.offered || !gateway || !settings) return notOffered();
    try {
      return ok({ clientToken: await gateway.clientToken({ vaultCustomerId: null, currency: '' }), environment: settings.environment });
    } catch {
      return err(new DomainError('PAYMENT_METHODS_UNAVAILABLE'));
    }
  }
}

/**
 * Saves the PayPal account the customer approved in PayPal's vault flow: vaulted under their
 * customer record (the saved card's, when there is one), then kept as their saved PayPal account.
 * It replaces the one before, which leaves the vault too (after the new one is safe).
 */
export class SavePayPalAccount {
  constructor(
    private readonly savedCards: SavedCardRepository,
    private readonly savedPayPal: SavedPayPalRepository,
    private readonly gateway: Gateway | null,
    private readonly settings: CardGatewaySettings | null,
  ) {}

  async execute(customer: Customer, nonce: string): Promise<Result<SavedPayPalAccount, DomainError>> {
    const gateway = this.gateway;
    if (!gateway?.vaultPayPalAccount || !this.settings?.wallets.payPal) return notOffered();
    const before = await this.savedPayPal.find(customer.id);
    const { vaultCustomerId } = await this.savedCards.findWithVaultCustomer(customer.id);
    let vaulted;
    try {
      vaulted = await gateway.vaultPayPalAccount(nonce, { vaultCustomerId, email: customer.email, firstName: customer.firstName, lastName: customer.lastName });
    } catch {
      return err(new DomainError('PAYPAL_VAULT_FAILED'));
    }
    if (!vaulted) return err(new DomainError('PAYPAL_VAULT_FAILED'));
    const saved = { customerId: customer.id, vaultCustomerId: vaulted.vaultCustomerId, token: vaulted.account.token, email: vaulted.account.email };
    await this.savedPayPal.save(saved);
    if (before && before.token !== saved.token) {
      try {
        await gateway.deletePaymentMethod(before.token);
      } catch {
        // The old account stays in the vault unused: nothing the customer sees or can pay with.
      }
    }
    return ok({ ...saved, lastResponseCode: null });
  }
}
