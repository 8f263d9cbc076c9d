import type { Basket } from '@store/domain';

export interface BasketRepository {
  find(reference: string): Promise<Basket | null>;
  /**
   * Stores a basket if nobody else changed it since it was read: the stored version must be
   * `basket.version - 1` (or absent for a new basket). Returns false on a lost race.
   */
  save(basket: Basket): Promise<boolean>;
}
export const BASKET_REPOSITORY = Symbol('BasketRepository');
