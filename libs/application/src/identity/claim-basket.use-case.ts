import type { BasketRepository } from '../basket/basket.ports';

/**
 * Signing in, or creating an account, with an anonymous basket makes that basket the customer's,
 * so what the shopper chose before signing in is still there afterwards and on their other
 * devices. A basket that already belongs to someone stays theirs (the repository's claim).
 */
export class ClaimBasketOnSignIn {
  constructor(private readonly baskets: Pick<BasketRepository, 'claim'>) {}

  async execute(basketReference: string | null, customerId: string): Promise<void> {
    if (basketReference) await this.baskets.claim(basketReference, customerId);
  }
}
