import { DomainError, err, ok, savedMethodOrder, savedMethodReference, savedMethodState, type Customer, type Result, type SavedMethodDetails, type SavedMethodState } from '@store/domain';
import type { KeyMaterial } from '../orders/orders.ports';
import type { Clock } from '../shared/ports';
import type { CardGatewayPort, VaultListing } from './card-gateway.ports';
import type { NewSavedMethod, SavedMethod, SavedMethodRepository } from './saved-methods.ports';

/** A saved method as both pages show it: whether it can be chosen, and why not. */
export interface SavedMethodView extends SavedMethod {
  readonly state: SavedMethodState;
}

const sameDetails = (a: SavedMethodDetails, b: SavedMethodDetails) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The customer's saved methods as the gateway knows them now, the default first. The store's list
 * is checked against the customer's record in the gateway's vault, so that the two agree: a method
 * the vault no longer has is marked invalid (shown, so it can be removed; never offered); a card's
 * expiry updated there (the card networks' account updater) is taken; the vault's default is the
 * default; and a method the vault holds for this customer that the store does not list yet (saved
 * through another of the merchant's channels) is listed. When the gateway does not answer, the
 * store's own list is what there is: paying will tell.
 */
export class ListSavedMethods {
  constructor(
    private readonly saved: SavedMethodRepository,
    private readonly gateway: CardGatewayPort | null,
    private readonly clock: Clock,
    private readonly keys: KeyMaterial,
  ) {}

  async execute(customer: Customer): Promise<readonly SavedMethodView[]> {
    const listed = await this.saved.listFor(customer.id);
    const vaultCustomerId = listed[0]?.vaultCustomerId ?? (await this.saved.vaultCustomerOf(customer.id));
    let current = listed;
    if (this.gateway && vaultCustomerId) {
      let vault: readonly VaultListing[] | null | undefined;
      try {
        vault = await this.gateway.vaultedMethods(vaultCustomerId);
      } catch {
        vault = undefined;
      }
      if (vault !== undefined) current = await this.reconcile(customer.id, vaultCustomerId, listed, vault ?? []);
    }
    const now = this.clock.now();
    return current.map((method) => ({ ...method, state: savedMethodState(method.details, method.invalid, now) }));
  }

  private async reconcile(customerId: string, vaultCustomerId: string, listed: readonly SavedMethod[], vault: readonly VaultListing[]): Promise<readonly SavedMethod[]> {
    const byToken = new Map(vault.map((entry) => [entry.token, entry]));
    let changed = false;
    for (const method of listed) {
      const entry = byToken.get(method.token);
      if (!entry) {
        if (!method.invalid) {
          await this.saved.update(customerId, method.reference, { invalid: true });
          changed = true;
        }
        continue;
      }
      if (method.invalid || !sameDetails(method.details, entry.details)) {
        await this.saved.update(customerId, method.reference, { invalid: false, details: entry.details });
        changed = true;
      }
    }
    const known = new Set(listed.map((method) => method.token));
    for (const entry of vault) {
      if (known.has(entry.token)) continue;
      await this.saved.save({ customerId, vaultCustomerId, token: entry.token, details: entry.details, fingerprint: entry.fingerprint }, savedMethodReference(this.keys.bytes(16)));
      changed = true;
    }
    const vaultDefault = vault.find((entry) => entry.isDefault);
    const ours = vaultDefault ? (changed ? await this.saved.listFor(customerId) : listed).find((method) => method.token === vaultDefault.token) : undefined;
    if (ours && !ours.isDefault) {
      await this.saved.setDefault(customerId, ours.reference);
      changed = true;
    }
    return changed ? this.saved.listFor(customerId) : listed;
  }
}

/**
 * Keeps what the gateway vaulted with a payment (or PayPal's vault flow). A card or account the
 * customer had saved already is not listed twice: their entry takes the new vault token (the
 * newest details) and keeps its place and default, and the token it had leaves the vault, so the
 * vault holds one too. A failure there leaves an unused copy in the vault, never a second entry here.
 */
export class KeepVaultedMethod {
  constructor(
    private readonly saved: SavedMethodRepository,
    private readonly gateway: CardGatewayPort | null,
    private readonly keys: KeyMaterial,
  ) {}

  async execute(method: NewSavedMethod): Promise<SavedMethod> {
    const { saved, replacedToken } = await this.saved.save(method, savedMethodReference(this.keys.bytes(16)));
    if (replacedToken && replacedToken !== saved.token) {
      try {
        // The vault promotes another method when its default goes: the entry stays the default here, and there.
        if (saved.isDefault) await this.gateway?.makeDefault(saved.token);
        await this.gateway?.deletePaymentMethod(replacedToken);
      } catch {
        // Unused in the vault; the list is right, and the next listing agrees with the vault's default.
      }
    }
    return saved;
  }
}

/** Makes a saved method the default: at the gateway first (its vault manager lists it first), then here. */
export class MakeSavedMethodDefault {
  constructor(
    private readonly list: ListSavedMethods,
    private readonly saved: SavedMethodRepository,
    private readonly gateway: CardGatewayPort | null,
  ) {}

  async execute(customer: Customer, reference: string): Promise<Result<readonly SavedMethodView[], DomainError>> {
    const method = (await this.list.execute(customer)).find((candidate) => candidate.reference === reference);
    if (!method) return err(new DomainError('NOT_FOUND', { message: 'There is no such saved payment method in your account' }));
    if (method.state !== 'usable') return err(new DomainError('SAVED_METHOD_UNAVAILABLE'));
    if (!method.isDefault) {
      try {
        await this.gateway?.makeDefault(method.token);
      } catch {
        return err(new DomainError('PAYMENT_METHODS_UNAVAILABLE'));
      }
      await this.saved.setDefault(customer.id, reference);
    }
    return ok(await this.list.execute(customer));
  }
}

/**
 * Removes a saved method: from the gateway's vault first, then from the store, so that the list
 * never shows a method the vault has lost nor hides one it still charges. When the gateway refuses
 * or does not answer, nothing changes here and the shopper is told it is still saved. A method
 * paying an order that has not settled stays until it has (a refund or a retry may need it).
 */
export class RemoveSavedMethod {
  constructor(
    private readonly list: ListSavedMethods,
    private readonly saved: SavedMethodRepository,
    private readonly gateway: CardGatewayPort | null,
  ) {}

  async execute(customer: Customer, reference: string): Promise<Result<readonly SavedMethodView[], DomainError>> {
    const method = await this.saved.find(customer.id, reference);
    if (!method) return err(new DomainError('NOT_FOUND', { message: 'There is no such saved payment method in your account' }));
    if (await this.saved.inUse(customer.id, reference)) return err(new DomainError('SAVED_METHOD_IN_USE'));
    try {
      await this.gateway?.deletePaymentMethod(method.token);
    } catch {
      return err(new DomainError('SAVED_METHOD_REMOVAL_FAILED'));
    }
    await this.saved.remove(customer.id, reference);
    if (method.isDefault) {
      // The store's next default (the newest) becomes the vault's too; otherwise the next listing takes the vault's.
      const next = (await this.saved.listFor(customer.id)).find((candidate) => candidate.isDefault);
      try {
        if (next) await this.gateway?.makeDefault(next.token);
      } catch {
        // The listing below adopts whichever the vault chose.
      }
    }
    return ok(await this.list.execute(customer));
  }
}

/** The saved payment method the checkout offers first (spec 2 §3 customer.payment), as the page may show it. */
export interface CustomerPayment {
  readonly type: 'card' | 'paypal';
  /** A card's last digits; null for a PayPal account. */
  readonly last4: string | null;
  readonly expired: boolean;
}

/**
 * Spec 2 §3's customer.payment names a card or a PayPal account: the customer's default when it is
 * one, else the first card or PayPal account in the list's order. One the gateway no longer has is
 * not offered, so not shown; an expired card is, flagged.
 */
export class GetCustomerPayment {
  constructor(
    private readonly saved: SavedMethodRepository,
    private readonly clock: Clock,
  ) {}

  async execute(customer: Customer): Promise<CustomerPayment | null> {
    return customerPaymentOf(await this.saved.listFor(customer.id), this.clock.now());
  }
}

/** The method the checkout offers first, from the customer's saved methods as stored. */
export function customerPaymentOf(saved: readonly SavedMethod[], now: Date): CustomerPayment | null {
  for (const method of savedMethodOrder(saved)) {
    if (method.invalid) continue;
    const details = method.details;
    if (details.kind === 'card') return { type: 'card', last4: details.last4, expired: savedMethodState(details, false, now) === 'expired' };
    if (details.kind === 'paypal') return { type: 'paypal', last4: null, expired: false };
  }
  return null;
}

