/**
 * BLIK one-click aliases the payer's bank registered for the store (spec 3 §5): the provider names
 * one in its completed notification after a first one-click payment, and a later payment sends
 * its key instead of a code. Kept per customer; the key is the provider's, the label the shopper's.
 */
export interface BlikAlias {
  readonly key: string;
  readonly label: string;
}

export interface BlikAliasRepository {
  /** Keeps the customer's aliases; one already kept is left as it is (a redelivery saves nothing twice). Answers how many were new. */
  save(customerId: string, aliases: readonly BlikAlias[]): Promise<number>;
  /** The customer's aliases, oldest first. */
  listFor(customerId: string): Promise<BlikAlias[]>;
}

export const BLIK_ALIAS_REPOSITORY = Symbol('BlikAliasRepository');
