import type { Basket } from '@store/domain';
import type { BasketRepository } from '../basket/basket.ports';

/**
 * Baskets in memory, kept as the Postgres repository keeps them: a save is a compare-and-set on the
 * version, refused while the basket's order is being placed; an ordered basket is closed (not found).
 */
export class InMemoryBasketRepository implements BasketRepository {
  readonly baskets = new Map<string, Basket>();
  /** Baskets that became orders: closed to reads and edits. */
  readonly closed = new Set<string>();

  async find(reference: string): Promise<Basket | null> {
    if (this.closed.has(reference)) return null;
    return this.baskets.get(reference) ?? null;
  }

  async save(basket: Basket): Promise<boolean> {
    const stored = this.baskets.get(basket.reference);
    const expected = stored ? stored.version + 1 : basket.version;
    if (stored && (expected !== basket.version || stored.orderInFlight || this.closed.has(basket.reference))) return false;
    this.baskets.set(basket.reference, basket);
    return true;
  }

  async claim(reference: string, customerId: string): Promise<void> {
    const basket = this.baskets.get(reference);
    if (basket && basket.customerId === null) this.baskets.set(reference, { ...basket, customerId });
  }

  async candidatesFor(customerId: string, except: string | null): Promise<string[]> {
    return [...this.baskets.values()]
      .filter((basket) => basket.customerId === customerId && basket.reference !== except && basket.lines.length > 0 && !this.closed.has(basket.reference))
      .map((basket) => basket.reference);
  }

  /** Marks the basket as being ordered if it is still at `version` (what an order's reservation does); false if not. */
  hold(reference: string, version: number): boolean {
    const basket = this.baskets.get(reference);
    if (!basket || basket.version !== version || this.closed.has(reference)) return false;
    this.baskets.set(reference, { ...basket, orderInFlight: true });
    return true;
  }

  /** Opens the basket to edits again (its order failed). */
  release(reference: string): void {
    const basket = this.baskets.get(reference);
    // Absent, not false, as the Postgres repository reads an open basket.
    if (!basket?.orderInFlight) return;
    const open: { -readonly [K in keyof Basket]: Basket[K] } = { ...basket };
    delete open.orderInFlight;
    this.baskets.set(reference, open);
  }
}
