import { DomainError, err, ok, type Customer, type Result } from '@store/domain';
import type { CardGatewayPort, CardGatewaySettings, VaultedPayPalAccount } from './card-gateway.ports';
import type { SavedMethod, SavedMethodRepository } from './saved-methods.ports';
import type { KeepVaultedMethod } from './saved-methods.use-cases';

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
 * through SavePayPalAccount, and adds it to the customer's saved methods.
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
 * customer record (made by whichever method they saved first), then added to their saved methods.
 * The same account approved again updates its entry rather than listing it twice.
 */
export class SavePayPalAccount {
  constructor(
    private readonly savedMethods: SavedMethodRepository,
    private readonly keep: KeepVaultedMethod,
    private readonly gateway: Gateway | null,
    private readonly settings: CardGatewaySettings | null,
  ) {}

  async execute(customer: Customer, nonce: string): Promise<Result<SavedMethod, DomainError>> {
    const gateway = this.gateway;
    if (!gateway?.vaultPayPalAccount || !this.settings?.wallets.payPal) return notOffered();
    const vaultCustomerId = await this.savedMethods.vaultCustomerOf(customer.id);
    let vaulted;
    try {
      vaulted = await gateway.vaultPayPalAccount(nonce, { vaultCustomerId, email: customer.email, firstName: customer.firstName, lastName: customer.lastName });
    } catch {
      return err(new DomainError('PAYPAL_VAULT_FAILED'));
    }
    if (!vaulted) return err(new DomainError('PAYPAL_VAULT_FAILED'));
    const saved = await this.keep.execute({
      customerId: customer.id,
      vaultCustomerId: vaulted.vaultCustomerId,
      token: vaulted.account.token,
      details: { kind: 'paypal', email: vaulted.account.email },
      fingerprint: null,
    });
    return ok(saved);
  }
}
