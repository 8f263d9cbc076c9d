import type { Basket } from '@store/domain';
import type { BasketRepository } from '../basket/basket.ports';

export class InMemoryBasketRepository implements BasketRepository {
  readonly baskets = new Map<string, Basket>();

  async find(reference: string): Promise<Basket | null> {
    return this.baskets.get(reference) ?? null;
  }

  async save(basket: Basket): Promise<boolean> {
    const stored = this.baskets.get(basket.reference);
    const expected = stored ? stored.version + 1 : basket.version;
    if (stored && expected !== basket.version) return false;
    this.baskets.set(basket.reference, basket);
    return true;
  }
}
