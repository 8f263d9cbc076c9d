import type { SavedMethodDetails } from '@store/domain';

/**
 * A payment method a customer saved, kept in the card gateway's vault: the store's reference (the
 * only name the page knows it by), the gateway's token and customer record, and what may be shown.
 */
export interface SavedMethod {
  readonly reference: string;
  readonly customerId: string;
  /** The gateway's customer record it belongs to (one per shopper, whichever method made it). */
  readonly vaultCustomerId: string;
  readonly token: string;
  readonly details: SavedMethodDetails;
  /** A card's number fingerprint at the gateway (how a card saved again is known); null otherwise. */
  readonly fingerprint: string | null;
  readonly isDefault: boolean;
  /** The gateway said it no longer has it (removed there, revoked by the payer): shown, never offered. */
  readonly invalid: boolean;
  readonly createdAt: Date;
}

/** A method the gateway has just vaulted, to be kept for the customer. */
export interface NewSavedMethod {
  readonly customerId: string;
  readonly vaultCustomerId: string;
  readonly token: string;
  readonly details: SavedMethodDetails;
  readonly fingerprint: string | null;
}

export interface KeptMethod {
  readonly saved: SavedMethod;
  /**
   * The vault token the customer's earlier entry for the same card or account had, now replaced by
   * the new one: the caller removes it from the gateway's vault, so that the vault keeps one too.
   */
  readonly replacedToken: string | null;
}

/** The customer's saved payment methods: several of every kind, one of them the default. */
export interface SavedMethodRepository {
  /** The default first, then the newest first. */
  listFor(customerId: string): Promise<readonly SavedMethod[]>;
  /** The method with this reference, only when it is this customer's. */
  find(customerId: string, reference: string): Promise<SavedMethod | null>;
  /** The gateway's customer record of this shopper, if any of their methods made one. */
  vaultCustomerOf(customerId: string): Promise<string | null>;
  /**
   * Keeps a vaulted method under `reference`. The same card (its fingerprint), PayPal account (its
   * email), Venmo account (its username) or vault token saved again updates the customer's entry in
   * place, keeping its reference and default, and says which token it replaced. The customer's
   * first method becomes the default.
   */
  save(method: NewSavedMethod, reference: string): Promise<KeptMethod>;
  /** Makes it the customer's one default; false when it is not theirs. */
  setDefault(customerId: string, reference: string): Promise<boolean>;
  /** What the gateway says now: the method gone (invalid), or a card's new expiry. */
  update(customerId: string, reference: string, change: { readonly invalid?: boolean; readonly details?: SavedMethodDetails }): Promise<void>;
  /** Forgets it; when it was the default, the newest remaining one becomes the default. */
  remove(customerId: string, reference: string): Promise<SavedMethod | null>;
  /** Notes that the order is being paid with it, before the charge. */
  recordUse(reference: string, orderNumber: string): Promise<void>;
  /** An order paid with it has not settled yet (its charge unanswered, or a bank debit not yet cleared). */
  inUse(customerId: string, reference: string): Promise<boolean>;
}
export const SAVED_METHOD_REPOSITORY = Symbol('SavedMethodRepository');
