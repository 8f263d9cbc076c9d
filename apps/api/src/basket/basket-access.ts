import { checkBasketAccess, type BasketRepository } from '@store/application';
import type { Request } from 'express';
import { unwrap } from '../http/result';
import { readBasketCookie } from './basket-cookie';

/** The application's basket access rule, asked with this request's cookie; a refusal is thrown for the filter. */
export async function assertBasketAccess(
  baskets: BasketRepository,
  reference: string,
  request: Request,
  customerId: string | null,
): Promise<void> {
  unwrap(await checkBasketAccess(baskets, reference, { cookieReference: readBasketCookie(request), customerId }));
}
