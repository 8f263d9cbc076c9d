import { DomainError, err, ok, type Result } from '@store/domain';
import type { BasketRepository } from './basket.ports';

/** Who asks for a basket: the basket reference of the browser's cookie, and the signed-in customer. */
export interface BasketRequester {
  readonly cookieReference: string | null;
  readonly customerId: string | null;
}

/**
 * A basket is read or edited only by the browser holding its cookie or by the customer it belongs
 * to. Any other reference answers as unknown (200404), so references cannot be probed.
 */
export async function checkBasketAccess(baskets: Pick<BasketRepository, 'find'>, reference: string, requester: BasketRequester): Promise<Result<void, DomainError>> {
  if (requester.cookieReference === reference) return ok(undefined);
  const basket = requester.customerId ? await baskets.find(reference) : null;
  if (basket && basket.customerId === requester.customerId) return ok(undefined);
  return err(new DomainError('BASKET_NOT_FOUND'));
}
