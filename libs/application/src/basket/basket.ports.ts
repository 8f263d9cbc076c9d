import type { Basket } from '@store/domain';

export interface BasketRepository {
  find(reference: string): Promise<Basket | null>;
  /**
   * Stores a basket if nobody else changed it since it was read: the stored version must be
   * `basket.version - 1` (or absent for a new basket). Returns false on a lost race.
   */
  save(basket: Basket): Promise<boolean>;
  /** Gives an anonymous basket to the customer who signed in with it; a basket already owned stays so. */
  claim(reference: string, customerId: string): Promise<void>;
  /** The customer's other baskets with items, newest first: candidates to carry on with. */
  candidatesFor(customerId: string, except: string | null): Promise<string[]>;
}
export const BASKET_REPOSITORY = Symbol('BasketRepository');
