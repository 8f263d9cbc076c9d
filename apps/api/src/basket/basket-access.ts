import type { BasketRepository } from '@store/application';
import { DomainError } from '@store/domain';
import type { Request } from 'express';
import { readBasketCookie } from './basket-cookie';

/**
 * A basket is read or edited only by the browser holding its cookie or by the customer it belongs
 * to. Any other reference answers as unknown (200404), so references cannot be probed.
 */
export async function assertBasketAccess(
  baskets: BasketRepository,
  reference: string,
  request: Request,
  customerId: string | null,
): Promise<void> {
  if (readBasketCookie(request) === reference) return;
  const basket = customerId ? await baskets.find(reference) : null;
  if (basket && basket.customerId === customerId) return;
  throw new DomainError('BASKET_NOT_FOUND');
}
