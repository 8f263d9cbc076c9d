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

  async claim(reference: string, customerId: string): Promise<void> {
    const basket = this.baskets.get(reference);
    if (basket && basket.customerId === null) this.baskets.set(reference, { ...basket, customerId });
  }

  async candidatesFor(customerId: string, except: string | null): Promise<string[]> {
    return [...this.baskets.values()]
      .filter((basket) => basket.customerId === customerId && basket.reference !== except && basket.lines.length > 0)
      .map((basket) => basket.reference);
  }
}
